// Rules of the billing domain: who may read a bill. A member's bill is their own; a guest's bill is
// readable by whoever holds the unguessable appointment id handed out at booking. A bill is read with
// the booking module's queries: it is written with the appointment, in the same transaction.
import type { Bill } from '@lab/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { toRupees } from '../../lib/money.ts';
import { appointmentWithBill, chargedTests } from '../booking/queries.ts';

export const NO_BILL = 'No bill found for this appointment.';

/** a bill the caller may not read answers exactly like a missing one, so ids cannot be probed */
export async function readBill(db: Kysely<Database>, appointmentId: string, callerId: number | null): Promise<Bill> {
  const bill = await appointmentWithBill(db, appointmentId);
  if (!bill || (bill.user_id !== null && bill.user_id !== callerId)) throw notFound(NO_BILL);
  const tests = await chargedTests(db, [appointmentId]);
  return {
    appointment_id: bill.id,
    patient_name: bill.user_name,
    user_email: bill.user_email,
    user_phone: bill.user_phone,
    generated_at: bill.generated_at,
    date: bill.date,
    time: bill.time,
    home_sample: bill.home_sample === 1,
    tests: tests.map((t) => ({ name: t.name, price: toRupees(t.price_paise) })),
    total_price: toRupees(bill.total_paise),
    offer_price: bill.offer_paise === null ? null : toRupees(bill.offer_paise),
    is_paid: bill.is_paid === 1,
  };
}
