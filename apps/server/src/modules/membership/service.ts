// Rules of memberships: which plans are offered, what the caller's membership is today (India time),
// and one running membership per person at a time, also when two subscribes arrive together.
import type { MembershipPlan, MembershipStatusResponse } from '@lab/contract';
import type { Deps } from '../../lib/context.ts';
import { badRequest, fieldError, unauthorized } from '../../lib/errors.ts';
import { toRupees } from '../../lib/money.ts';
import { addDays, nowIso, todayIst } from '../../lib/time.ts';
import * as q from './queries.ts';

type MembershipDeps = Pick<Deps, 'db' | 'dialect'>;

/** PostgreSQL's integer column; a larger id would be an SQL error rather than "not a plan" */
const MAX_ID = 2_147_483_647;

export const SUBSCRIBED = 'Subscription Successful!';
export const UNSUBSCRIBED = 'Unsubscribed Successfully!';
export const NO_MEMBERSHIP = 'You have no active membership.';
export const ALREADY_MEMBER = 'You already have an active membership.';
export const NOTHING_TO_CANCEL = 'You have no active membership to cancel.';
export const INVALID_PLAN = 'Select a valid plan.';
/** a token that outlived its account */
const GONE = 'Given token not valid or expired.';

export async function listPlans({ db }: MembershipDeps): Promise<MembershipPlan[]> {
  return (await q.activePlans(db)).map((p) => ({
    id: p.id,
    name: p.name,
    price: toRupees(p.price_paise),
    discount_percentage: p.discount_percentage,
    duration_days: p.duration_days,
  }));
}

/**
 * The caller's latest membership that was not cancelled. One that has run out is still shown (status
 * "Expired", not active) so the person sees what they had; a cancelled one counts as none.
 */
export async function status({ db }: MembershipDeps, userId: number, today = todayIst()): Promise<MembershipStatusResponse> {
  const m = await q.latestApprovedMembership(db, userId);
  if (!m) return { membership: null, is_active: false, message: NO_MEMBERSHIP };
  const expired = m.end_date < today;
  return {
    plan: m.plan,
    plan_id: m.plan_id,
    start_date: m.start_date,
    end_date: m.end_date,
    discount_percentage: m.discount_percentage,
    status: expired ? 'Expired' : m.status,
    is_active: !expired && m.start_date <= today,
  };
}

export async function subscribe(
  { db, dialect }: MembershipDeps,
  userId: number,
  planId: number,
  today = todayIst(),
): Promise<{ plan: string; end_date: string; message: string }> {
  const plan = planId <= MAX_ID ? await q.activePlan(db, planId) : undefined;
  if (!plan) throw fieldError('plan_id', INVALID_PLAN);
  return db.transaction().execute(async (trx) => {
    // The check and the insert must see the same state: a second subscribe waits for the first here.
    if (!(await q.lockUser(trx, userId, dialect))) throw unauthorized(GONE);
    if (await q.activeMembership(trx, userId, today)) throw badRequest(ALREADY_MEMBER);
    const end_date = addDays(today, plan.duration_days);
    await q.insertMembership(trx, { user_id: userId, plan_id: plan.id, start_date: today, end_date, created_at: nowIso() });
    return { plan: plan.name, end_date, message: SUBSCRIBED };
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
