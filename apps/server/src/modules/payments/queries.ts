// SQL of payments: a bill with what decides its state (its appointment or membership), its payment
// rows, the guarded writes, and the desk's lists (collections, refunds owed, outstanding dues).
import type { QueuePaymentFilter } from '@lab/contract';
import { type ExpressionBuilder, type Insertable, type Kysely, sql, type Transaction } from 'kysely';
import type { Dialect } from '../../db/index.ts';
import type { Database, PaymentsTable } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

function billsWithOwner(db: Db) {
  return db
    .selectFrom('bills as b')
    .leftJoin('appointments as a', 'a.id', 'b.appointment_id')
    .leftJoin('memberships as m', 'm.id', 'b.membership_id')
    .leftJoin('membership_plans as p', 'p.id', 'm.plan_id')
    .leftJoin('users as u', 'u.id', 'm.user_id')
    .select([
      'b.id',
      'b.appointment_id',
      'b.membership_id',
      'b.access_key',
      'b.invoice_no',
      'b.generated_at',
      'b.total_paise',
      'b.offer_paise',
      'b.is_paid',
      'b.paid_paise',
      'b.refunded_paise',
      'a.status as appointment_status',
      'a.reference',
      'a.user_name',
      'a.user_email',
      'a.user_phone',
      'a.date',
      'a.time',
      'a.home_sample',
      'a.package_id',
      'm.status as membership_status',
      'm.start_date as membership_start',
      'm.ended_at as membership_ended_at',
      'p.name as plan_name',
      'p.name_hi as plan_name_hi',
      'p.duration_days',
      'p.refund_rule',
      'u.first_name',
      'u.last_name',
      'u.email as member_email',
    ]);
}

export type BillRow = NonNullable<Awaited<ReturnType<typeof billById>>>;

export function billById(db: Db, id: number) {
  return billsWithOwner(db).where('b.id', '=', id).executeTakeFirst();
}

export function billsByIds(db: Db, ids: readonly number[]) {
  return billsWithOwner(db).where('b.id', 'in', [...ids]).execute();
}

/** the bill an id opens: an appointment's id, or a membership bill's own key */
export async function billByKey(db: Db, key: string) {
  if (key === '') return undefined;
  return (
    (await billsWithOwner(db).where('b.appointment_id', '=', key).executeTakeFirst()) ??
    (await billsWithOwner(db).where('b.access_key', '=', key).executeTakeFirst())
  );
}

/** on PostgreSQL, holds the bill's row until the transaction ends, so two changes of one bill run one after the other */
export async function lockBill(trx: Transaction<Database>, id: number, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') await trx.selectFrom('bills').select('id').where('id', '=', id).forUpdate().execute();
}

const paymentColumns = [
  'pm.id',
  'pm.bill_id',
  'pm.kind',
  'pm.amount_paise',
  'pm.mode',
  'pm.place',
  'pm.reference',
  'pm.utr',
  'pm.status',
  'pm.rejection_reason',
  'pm.received_at',
  'pm.created_at',
  'b.invoice_no',
  sql<string | null>`coalesce(nullif(trim(s.first_name || ' ' || s.last_name), ''), s.username)`.as('staff_name'),
  sql<string>`coalesce(a.user_name, nullif(trim(u.first_name || ' ' || u.last_name), ''), u.username, '')`.as('patient_name'),
] as const;

function paymentsWithNames(db: Db) {
  return db
    .selectFrom('payments as pm')
    .innerJoin('bills as b', 'b.id', 'pm.bill_id')
    .leftJoin('appointments as a', 'a.id', 'b.appointment_id')
    .leftJoin('memberships as m', 'm.id', 'b.membership_id')
    .leftJoin('users as u', 'u.id', 'm.user_id')
    // Who took the money, or who decided on a patient's UTR.
    .leftJoin('users as s', (j) => j.on((eb) => eb('s.id', '=', eb.fn.coalesce('pm.decided_by', 'pm.recorded_by'))))
    .select(paymentColumns);
}

export type PaymentRow = Awaited<ReturnType<typeof paymentsOfBills>>[number];

export function paymentsOfBills(db: Db, billIds: readonly number[]) {
  if (billIds.length === 0) return Promise.resolve([]);
  return paymentsWithNames(db).where('pm.bill_id', 'in', [...billIds]).orderBy('pm.created_at').orderBy('pm.id').execute();
}

export function paymentById(db: Db, id: number) {
  return db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertPayment(db: Db, row: Insertable<PaymentsTable>): Promise<number> {
  const { id } = await db.insertInto('payments').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** decides a pending row; false when someone decided it meanwhile */
export async function decidePayment(
  db: Db,
  id: number,
  values: { status: 'confirmed' | 'rejected'; decided_by: number; received_at: string | null; rejection_reason: string | null },
): Promise<boolean> {
  // a gateway refund waits for the gateway's webhook, never for staff
  const res = await db.updateTable('payments').set(values).where('id', '=', id).where('status', '=', 'pending').where('kind', '=', 'payment').where('mode', '<>', 'gateway').executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** the bill's sums, recomputed from its confirmed rows inside the transaction that changed them */
export async function refreshBillSums(db: Db, billId: number, paidAtIfPaid: string): Promise<{ paid: number; refunded: number }> {
  const sums = await db
    .selectFrom('payments')
    .select(['kind', (eb) => eb.fn.sum<number | string>('amount_paise').as('total')])
    .where('bill_id', '=', billId)
    .where('status', '=', 'confirmed')
    .groupBy('kind')
    .execute();
  const of = (kind: string) => Number(sums.find((s) => s.kind === kind)?.total ?? 0);
  const paid = of('payment');
  const refunded = of('refund');
  await db
    .updateTable('bills')
    .set((eb) => ({
      paid_paise: paid,
      refunded_paise: refunded,
      is_paid: eb.case().when('total_paise', '<=', paid - refunded).then(sql<0 | 1>`1`).else(sql<0 | 1>`0`).end(),
      paid_at: eb.case().when('total_paise', '<=', paid - refunded).then(eb.fn.coalesce('paid_at', sql<string>`${paidAtIfPaid}`)).else(sql<null>`null`).end(),
    }))
    .where('id', '=', billId)
    .execute();
  return { paid, refunded };
}

/** confirmed money received or given back between two instants (UTC ISO, end exclusive) */
export function confirmedBetween(db: Db, fromIso: string, toIso: string) {
  return paymentsWithNames(db)
    .where('pm.status', '=', 'confirmed')
    .where('pm.received_at', '>=', fromIso)
    .where('pm.received_at', '<', toIso)
    .orderBy('pm.received_at')
    .orderBy('pm.id')
    .execute();
}

/** the patients' UTRs waiting for staff, oldest first */
export function pendingPayments(db: Db, limit: number) {
  return paymentsWithNames(db).where('pm.status', '=', 'pending').where('pm.kind', '=', 'payment').orderBy('pm.created_at').orderBy('pm.id').limit(limit).execute();
}

/** cancelled appointments whose bill still holds money (an appointment keeps nothing when cancelled) */
export function appointmentRefundsOwed(db: Db, limit: number) {
  return db
    .selectFrom('bills as b')
    .innerJoin('appointments as a', 'a.id', 'b.appointment_id')
    .select(['b.id', 'b.invoice_no', 'a.user_name', sql<number>`b.paid_paise - b.refunded_paise`.as('owed_paise')])
    .where('a.status', '=', 'cancelled')
    .where(sql<boolean>`b.paid_paise > b.refunded_paise`)
    .orderBy('b.id')
    .limit(limit)
    .execute();
}

/** bills of appointments not cancelled with money still due, for the dues per patient */
export function outstandingAppointmentBills(db: Db, limit: number) {
  return db
    .selectFrom('bills as b')
    .innerJoin('appointments as a', 'a.id', 'b.appointment_id')
    .select(['b.id', 'b.invoice_no', 'b.appointment_id', 'a.user_id', 'a.user_name', 'a.user_phone', 'a.user_email', 'a.date', sql<number>`b.total_paise - b.paid_paise + b.refunded_paise`.as('due_paise')])
    .where(sql<boolean>`b.paid_paise - b.refunded_paise < b.total_paise`)
    .where('a.status', '<>', 'cancelled')
    .orderBy('a.date')
    .orderBy('b.id')
    .limit(limit)
    .execute();
}

/**
 * The queue's payment filter over `appointments as a`, as a condition on its bill: unpaid (money due,
 * no UTR waiting), awaiting confirmation (a UTR waits), paid, refund owed (cancelled, money held).
 */
export function paymentFilter(eb: ExpressionBuilder<Database & { a: Database['appointments'] }, 'a'>, filter: QueuePaymentFilter) {
  const pendingUtr = sql<boolean>`exists (select 1 from payments pm where pm.bill_id = b.id and pm.status = 'pending' and pm.kind = 'payment')`;
  const condition = {
    unpaid: sql<boolean>`a.status <> 'cancelled' and b.paid_paise - b.refunded_paise < b.total_paise and not ${pendingUtr}`,
    awaiting_confirmation: pendingUtr,
    paid: sql<boolean>`a.status <> 'cancelled' and b.paid_paise - b.refunded_paise >= b.total_paise`,
    refund_owed: sql<boolean>`a.status = 'cancelled' and b.paid_paise > b.refunded_paise`,
  }[filter];
  return eb.exists(eb.selectFrom('bills as b').select(sql`1`.as('one')).whereRef('b.appointment_id', '=', 'a.id').where(condition));
}
