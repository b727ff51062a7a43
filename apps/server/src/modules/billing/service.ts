// Rules of the billing domain: a bill is read by whoever holds its appointment id. The id is the
// capability (16 random characters, never listed), as spec §7 has it: no token is needed, and one
// sent changes nothing.
import type { Bill } from '@lab/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { toRupees } from '../../lib/money.ts';
import { appointmentWithBill, chargedTests } from '../booking/queries.ts';

export const NO_BILL = 'No bill found for this appointment.';

/** the bill of the appointment, or null when there is none (never booked, deleted, or not an id at all) */
export async function readBill(db: Kysely<Database>, appointmentId: string): Promise<Bill | null> {
  const bill = await appointmentWithBill(db, appointmentId);
  if (!bill) return null;
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
    package_name: bill.package_name,
    is_paid: bill.is_paid === 1,
  };
}
