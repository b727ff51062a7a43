// Rules of the billing domain: a bill is read by whoever holds its key: an appointment's id (16
// random characters, never listed), as docs/product.md#api-contract has it, or a membership bill's own key of the same
// kind. No token is needed, and one sent changes nothing. The bill carries its payment state, the
// UPI link and QR for what is due, and its receipt once paid (modules/payments).
import { type Bill, type Locale, m, sayIn } from '@lab/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { toRupees } from '../../lib/money.ts';
import { nameIn } from '../../lib/bilingual.ts';
import { todayIst } from '../../lib/time.ts';
import { chargedTests } from '../appointments/queries.ts';
import { appointmentWithBill } from '../booking/queries.ts';
import { labDetails, labDetailsIn } from '../lab/service.ts';
import * as payments from '../payments/queries.ts';
import { renderPdf } from '../../documents/pdf-thread.ts';
import { billPayment, NO_BILL, patientNameOf, toStaffPayment } from '../payments/service.ts';
import { billLines, membershipLines } from './lines.ts';
import { reportExpectations } from '../samples/journey.ts';

export { NO_BILL };

/**
 * Misses of a bill's key per address: someone mistyping an id is never near it, a scan of the id space
 * stops at once. Reports and cancel links count against the same budget: the same capability guards them.
 */
export const BILL_MISS_LIMIT = { name: 'bill-miss', max: 20, windowMs: 15 * 60_000 };

/** the bill the key opens, or null when there is none; in Hindi the tests by the Hindi names they were booked under */
export async function readBill(db: Kysely<Database>, key: string, now: Date, language: Locale = 'en', gatewayOn = false): Promise<Bill | null> {
  const row = await payments.billByKey(db, key);
  if (!row) return null;
  const [rows, lab] = await Promise.all([payments.paymentsOfBills(db, [row.id]), labDetails(db)]);
  const money = billPayment(row, rows, lab, todayIst(0, now), gatewayOn);
  const core = row.appointment_id === null ? membershipCore(row, language) : await appointmentCore(db, row.appointment_id, language);
  return core ? { ...core, ...money } : null;
}

async function appointmentCore(db: Kysely<Database>, appointmentId: string, language: Locale) {
  const bill = await appointmentWithBill(db, appointmentId);
  if (!bill) return null;
  const tests = await chargedTests(db, [appointmentId]);
  // when the report is expected (docs/samples.md): from the slot before the lab has the sample
  const expected = (await reportExpectations(db, [bill])).get(bill.id)?.expected_at ?? null;
  return {
    appointment_id: bill.id,
    reference: bill.reference,
    patient_name: bill.user_name,
    user_email: bill.user_email,
    user_phone: bill.user_phone,
    generated_at: bill.generated_at,
    date: bill.date,
    time: bill.time,
    home_sample: bill.home_sample === 1,
    tests: tests.map((t) => ({ ...nameIn(language, t.name, t.name_hi), price: toRupees(t.price_paise) })),
    total_price: toRupees(bill.total_paise),
    offer_price: bill.offer_paise === null ? null : toRupees(bill.offer_paise),
    package_name: bill.package_name,
    is_paid: bill.is_paid === 1,
    report_expected_at: expected,
    lines: billLines(
      tests.map((t) => ({ ...t, ...nameIn(language, t.name, t.name_hi) })),
      {
        total_paise: bill.total_paise,
        package: bill.package_name === null ? null : { name: nameIn(language, bill.package_name, bill.package_name_hi).name, price_paise: bill.package_paise },
      },
    ),
  };
}

/** a membership's bill read as the bill of an appointment is: one line, the plan, at its price; in Hindi the plan's Hindi name (docs/i18n.md) */
function membershipCore(row: payments.BillRow, language: Locale) {
  const line = (lang: Locale, plan: string) => sayIn(lang, m('membership.bill_line', { plan, days: row.duration_days ?? 0 }));
  const english = line('en', row.plan_name ?? 'Membership');
  const named = nameIn(language, english, language === 'hi' ? line('hi', row.plan_name_hi ?? row.plan_name ?? 'सदस्यता') : null);
  return {
    appointment_id: row.access_key ?? '',
    reference: row.invoice_no,
    patient_name: patientNameOf(row),
    user_email: row.member_email ?? '',
    user_phone: '',
    generated_at: row.generated_at,
    date: todayIst(0, new Date(row.generated_at)),
    time: '',
    home_sample: false,
    tests: [{ ...named, price: toRupees(row.total_paise) }],
    total_price: toRupees(row.total_paise),
    offer_price: null,
    package_name: null,
    is_paid: row.is_paid === 1,
    lines: membershipLines(named.name, row.total_paise),
  };
}

/** the receipt PDF of a paid bill; null before it is paid */
export async function receiptOf(db: Kysely<Database>, bill: Bill, language: Locale = 'en'): Promise<Buffer | null> {
  if (bill.payment_status !== 'paid') return null;
  const row = await payments.billByKey(db, bill.appointment_id);
  if (!row) return null;
  // the lab's address in the receipt's language
  const [rows, lab] = await Promise.all([payments.paymentsOfBills(db, [row.id]), labDetailsIn(db, language)]);
  return renderPdf({ kind: 'receipt', bill, payments: rows.map(toStaffPayment), lab, language });
}
