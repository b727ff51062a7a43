// Rules of memberships: which plans are offered, what the caller's membership is today (India time),
// and one running membership per person at a time, also when two subscribes arrive together.
import { INVALID_PLAN, NO_ACTIVE_MEMBERSHIP, type MembershipPlan, type MembershipStatus, type SubscribeResponse } from '@lab/contract';
import type { Deps } from '../../lib/context.ts';
import { badRequest, fieldError, notFound, unauthorized } from '../../lib/errors.ts';
import { toRupees } from '../../lib/money.ts';
import { addDays, nowIso, todayIst } from '../../lib/time.ts';
import * as q from './queries.ts';

type MembershipDeps = Pick<Deps, 'db' | 'dialect'>;

export const SUBSCRIBED = 'Subscription Successful!';
export const UNSUBSCRIBED = 'Unsubscribed Successfully!';
export const ALREADY_MEMBER = 'You already have an active membership.';
export const NOTHING_TO_CANCEL = 'You have no active membership to cancel.';
/** a token that outlived its account */
const GONE = 'Given token not valid or expired.';

export async function listPlans({ db }: MembershipDeps): Promise<MembershipPlan[]> {
  return (await q.activePlans(db)).map((p) => ({
    id: p.id,
    name: p.name,
    price: toRupees(p.price_paise),
    discount_percentage: p.discount_percentage,
    discount: p.discount_percentage,
    duration_days: p.duration_days,
  }));
}

/**
 * The caller's membership running today (India). None (never had one, cancelled, or run out) is a
 * 404, as clients of the original API expect: they take any 2xx as an active membership.
 */
export async function status({ db }: MembershipDeps, userId: number, today = todayIst()): Promise<MembershipStatus> {
  const m = await q.latestApprovedMembership(db, userId);
  if (!m || m.end_date < today || m.start_date > today) throw notFound(NO_ACTIVE_MEMBERSHIP);
  return {
    plan: m.plan,
    plan_id: m.plan_id,
    start_date: m.start_date,
    end_date: m.end_date,
    discount_percentage: m.discount_percentage,
    discount: m.discount_percentage,
    status: m.status,
    is_active: true,
  };
}

export async function subscribe(
  { db, dialect }: MembershipDeps,
  userId: number,
  planId: number,
  today = todayIst(),
): Promise<SubscribeResponse> {
  const plan = await q.activePlan(db, planId);
  if (!plan) throw fieldError('plan_id', INVALID_PLAN);
  return db.transaction().execute(async (trx) => {
    // The check and the insert must see the same state: a second subscribe waits for the first here.
    if (!(await q.lockUser(trx, userId, dialect))) throw unauthorized(GONE);
    if (await q.activeMembership(trx, userId, today)) throw badRequest(ALREADY_MEMBER);
    const end_date = addDays(today, plan.duration_days);
    await q.insertMembership(trx, { user_id: userId, plan_id: plan.id, start_date: today, end_date, created_at: nowIso() });
    return {
      plan: plan.name,
      plan_id: plan.id,
      discount_percentage: plan.discount_percentage,
      discount: plan.discount_percentage,
      start_date: today,
      end_date,
      message: SUBSCRIBED,
    };
  });
}

export async function unsubscribe({ db, dialect }: MembershipDeps, userId: number, today = todayIst()): Promise<{ message: string }> {
  return db.transaction().execute(async (trx) => {
    if (!(await q.lockUser(trx, userId, dialect))) throw unauthorized(GONE);
    const active = await q.activeMembership(trx, userId, today);
    if (!active) throw badRequest(NOTHING_TO_CANCEL);
    await q.cancelMembership(trx, active.id, nowIso());
    return { message: UNSUBSCRIBED };
  });
}
