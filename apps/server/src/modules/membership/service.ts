// Rules of memberships: which plans are offered, what the caller's membership is today (India time),
// and one membership per person at a time, also when two subscribes arrive together. A plan with a
// price has a fee: subscribing bills it, and the membership is "Awaiting payment" (no discount) until
// the bill is paid (modules/payments starts it then). A plan is named in the reader's language: its Hindi
// name where staff wrote one (docs/i18n.md), the English otherwise and for every reader of English.
import { AWAITING_PAYMENT, type Locale, m, type MembershipBill, type MembershipPlan, type MembershipStatus, type Message, type SubscribeResponse } from '@lab/contract';
import { inLanguage } from '../../lib/bilingual.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { recordAudit } from '../audit/record.ts';
import type { Deps } from '../../lib/context.ts';
import { badRequest, fieldError, notFound, unauthorized } from '../../lib/errors.ts';
import { toRupees } from '../../lib/money.ts';
import { addDays, nowIso, todayIst } from '../../lib/time.ts';
import { readBill } from '../billing/service.ts';
import { createMembershipBill } from '../payments/service.ts';
import * as q from './queries.ts';

type MembershipDeps = Pick<Deps, 'db' | 'dialect'> & { now?: () => Date };

export const ALREADY_PENDING = m('membership.awaiting_payment');

export const SUBSCRIBED = m('membership.subscribed');
export const UNSUBSCRIBED = m('membership.unsubscribed');
export const ALREADY_MEMBER = m('membership.already_member');
export const NOTHING_TO_CANCEL = m('membership.nothing_to_cancel');
const NO_ACTIVE = m('membership.none_active');
const INVALID = m('membership.invalid_plan');
/** a token that outlived its account */
const GONE = m('auth.token_expired');

export async function listPlans({ db }: MembershipDeps, language: Locale = 'en'): Promise<MembershipPlan[]> {
  return (await q.activePlans(db)).map((p) => ({
    id: p.id,
    name: inLanguage(language, p.name, p.name_hi),
    price: toRupees(p.price_paise),
    discount_percentage: p.discount_percentage,
    discount: p.discount_percentage,
    duration_days: p.duration_days,
    refund_rule: p.refund_rule,
  }));
}

/** the membership's bill as the membership answers carry it */
async function billOf(db: Kysely<Database>, key: string | null, now: Date): Promise<MembershipBill | undefined> {
  const bill = key ? await readBill(db, key, now) : null;
  return key && bill ? { key, invoice_no: bill.invoice_no, amount_due: bill.amount_due, payment_status: bill.payment_status } : undefined;
}

/**
 * The caller's membership running today (India). None (never had one, cancelled, or run out) is a
 * 404, as clients of the original API expect: they take any 2xx as an active membership.
 */
export async function status(deps: MembershipDeps, userId: number, language: Locale = 'en', today?: string): Promise<MembershipStatus> {
  const running = await statusOrNull(deps, userId, language, today);
  if (!running) throw notFound(NO_ACTIVE);
  return running;
}

/** the caller's membership running today (India), or null without one (the web app's ask: routes.ts) */
export async function statusOrNull({ db, now = () => new Date() }: MembershipDeps, userId: number, language: Locale = 'en', today = todayIst(0, now())): Promise<MembershipStatus | null> {
  const m = await q.latestApprovedMembership(db, userId);
  const awaiting = m?.status === AWAITING_PAYMENT;
  if (!m || (!awaiting && (m.end_date < today || m.start_date > today))) return null;
  const bill = await billOf(db, m.bill_key, now());
  return {
    plan: inLanguage(language, m.plan, m.plan_hi),
    plan_id: m.plan_id,
    start_date: m.start_date,
    end_date: m.end_date,
    discount_percentage: m.discount_percentage,
    discount: m.discount_percentage,
    status: m.status,
    is_active: !awaiting,
    ...(bill ? { bill } : {}),
  };
}

export async function subscribe(
  { db, dialect, now = () => new Date() }: MembershipDeps,
  userId: number,
  planId: number,
  language: Locale = 'en',
  today = todayIst(0, now()),
): Promise<Omit<SubscribeResponse, 'message'> & { message: Message }> {
  const plan = await q.activePlan(db, planId);
  if (!plan) throw fieldError('plan_id', INVALID);
  const at = now();
  const made = await db.transaction().execute(async (trx) => {
    // The check and the insert must see the same state: a second subscribe waits for the first here.
    if (!(await q.lockUser(trx, userId, dialect))) throw unauthorized(GONE);
    const current = await q.activeMembership(trx, userId, today);
    if (current) throw badRequest(current.status === AWAITING_PAYMENT ? ALREADY_PENDING : ALREADY_MEMBER);
    // The dates it would run from today; the payment moves them to the day it is paid.
    const end_date = addDays(today, plan.duration_days);
    const status = plan.price_paise > 0 ? AWAITING_PAYMENT : 'Approved';
    const { id } = await q.insertMembership(trx, { user_id: userId, plan_id: plan.id, start_date: today, end_date, created_at: nowIso(), status });
    const key = plan.price_paise > 0 ? await createMembershipBill(trx, id, plan.price_paise, at) : null;
    await recordAudit(trx, { actorUserId: userId, entity: 'membership', entityId: id, action: 'subscribe', before: null, after: { plan: plan.name, status, price: toRupees(plan.price_paise) } });
    return { end_date, status, key };
  });
  const bill = await billOf(db, made.key, at);
  return {
    plan: inLanguage(language, plan.name, plan.name_hi),
    plan_id: plan.id,
    discount_percentage: plan.discount_percentage,
    discount: plan.discount_percentage,
    start_date: today,
    end_date: made.end_date,
    message: SUBSCRIBED,
    status: made.status,
    ...(bill ? { bill } : {}),
  };
}

/**
 * Ends the running (or unpaid) membership at once, and its discount with it. What comes back follows
 * the plan's rule (none by default); a refund owed shows on the membership's bill for the desk.
 */
export async function unsubscribe({ db, dialect, now = () => new Date() }: MembershipDeps, userId: number, today = todayIst(0, now())): Promise<{ message: Message }> {
  return db.transaction().execute(async (trx) => {
    if (!(await q.lockUser(trx, userId, dialect))) throw unauthorized(GONE);
    const active = await q.activeMembership(trx, userId, today);
    if (!active) throw badRequest(NOTHING_TO_CANCEL);
    await q.cancelMembership(trx, active.id, now().toISOString());
    await recordAudit(trx, { actorUserId: userId, entity: 'membership', entityId: active.id, action: 'unsubscribe', before: { status: active.status }, after: { status: 'Cancelled' } });
    return { message: UNSUBSCRIBED };
  });
}
