// SQL of the staff appointment queue: filtered pages of appointments with their tests and bills, and
// the guarded update of the status (payments: modules/payments).
import { type Kysely, sql } from 'kysely';
import type { AppointmentStatus, Database } from '../../../db/schema.ts';
import { countRows, likePattern } from '../../../db/queries.ts';
import { normalizeReference, type QueuePaymentFilter } from '@lab/contract';
import { paymentFilter } from '../../payments/queries.ts';
import { nameKey } from '../../../lib/name-key.ts';

type Db = Kysely<Database>;

export interface QueueFilter {
  date?: string | undefined;
  status?: AppointmentStatus | undefined;
  q?: string | undefined;
  payment?: QueuePaymentFilter | undefined;
}

function filtered(db: Db, f: QueueFilter) {
  let query = db.selectFrom('appointments as a');
  if (f.date) query = query.where('a.date', '=', f.date);
  if (f.status) query = query.where('a.status', '=', f.status);
  if (f.payment) query = query.where((eb) => paymentFilter(eb, f.payment!));
  const text = f.q?.trim();
  if (text) {
    const like = likePattern(text);
    const digits = text.replace(/[\s()+-]/g, '');
    query = query.where((eb) => {
      const lowerLike = (col: 'a.user_email' | 'a.user_phone' | 'a.id') => sql<boolean>`lower(${sql.ref(col)}) like ${like} escape '\\'`;
      const ors = [
        // The patient's name by its key, so any part of a name in any script and case finds it.
        sql<boolean>`coalesce(${sql.ref('a.user_name_key')}, lower(${sql.ref('a.user_name')})) like ${likePattern(nameKey(text))} escape '\\'`,
        lowerLike('a.user_email'),
        lowerLike('a.user_phone'),
        lowerLike('a.id'),
        eb.exists(
          eb
            .selectFrom('appointment_tests as at')
            .select(sql`1`.as('one'))
            .whereRef('at.appointment_id', '=', 'a.id')
            .where(sql<boolean>`lower(${sql.ref('at.name')}) like ${like} escape '\\'`),
        ),
      ];
      // A phone number typed without its spaces or dashes still finds "+91 98290 12345".
      // A booking reference read out in any case, with or without its dashes, finds its booking.
      const reference = normalizeReference(text);
      if (reference) ors.push(eb('a.reference', '=', reference));
      if (/^\d{3,}$/.test(digits)) {
        ors.push(sql<boolean>`replace(replace(replace(${sql.ref('a.user_phone')}, ' ', ''), '-', ''), '+', '') like ${`%${digits}%`}`);
      }
      return eb.or(ors);
    });
  }
  return query;
}

export const countQueue = (db: Db, f: QueueFilter) => countRows(filtered(db, f));

const appointmentColumns = [
  'a.id',
  'a.reference',
  'a.user_id',
  'a.user_name',
  'a.user_email',
  'a.user_phone',
  'a.date',
  'a.time',
  'a.home_sample',
  'a.address',
  'a.status',
  'a.package_id',
  'a.created_at',
  'a.updated_at',
  'b.total_paise',
  'b.offer_paise',
  'b.is_paid',
  'b.paid_at',
  'b.id as bill_id',
] as const;

/** the latest appointment dates first; within a day, in the order of the day */
export function queuePage(db: Db, f: QueueFilter, limit: number, offset: number) {
  return filtered(db, f)
    .leftJoin('bills as b', 'b.appointment_id', 'a.id')
    .select(appointmentColumns)
    .orderBy('a.date', 'desc')
    .orderBy('a.time', 'asc')
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id')
    .limit(limit)
    .offset(offset)
    .execute();
}

export type QueueRow = Awaited<ReturnType<typeof queuePage>>[number];

export function appointmentById(db: Db, id: string) {
  return db
    .selectFrom('appointments as a')
    .leftJoin('bills as b', 'b.appointment_id', 'a.id')
    .select(appointmentColumns)
    .where('a.id', '=', id)
    .executeTakeFirst();
}

/** moves the status only if nobody changed it meanwhile; false when the guard failed */
export async function setStatus(db: Db, id: string, from: AppointmentStatus, to: AppointmentStatus, now: string): Promise<boolean> {
  const res = await db
    .updateTable('appointments')
    .set({ status: to, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
