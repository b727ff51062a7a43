// The Collections screen: the money of a day (or a range of days, India time) by mode and by staff
// member, with every row, the refunds still owed, and a CSV of the same rows for the accountant.
// Totals are sums of the same payment rows the bills are summed from, so they match the bills.
import { type Collections, type Dues, inIndia, paymentModeLabels } from '@lab/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { toRupees } from '../../lib/money.ts';
import { addDays, formatIst } from '../../lib/time.ts';
import * as q from './queries.ts';
import { toStaffPayment } from './service.ts';

/** refunds owed and dues listed at most: the desk works through them oldest first */
const LIST_LIMIT = 500;

/** the instant a day begins in India, read through Intl (the contract's rule), never a fixed offset */
export function indiaDayStart(date: string): string {
  const guess = Date.parse(`${date}T00:00:00Z`);
  const shown = inIndia(guess);
  const offset = Date.parse(`${shown.date}T${shown.time}:00Z`) - guess;
  return new Date(guess - offset).toISOString();
}

interface Sum {
  count: number;
  paise: number;
}

function add(map: Map<string, Sum>, key: string, paise: number): void {
  const s = map.get(key) ?? { count: 0, paise: 0 };
  map.set(key, { count: s.count + 1, paise: s.paise + paise });
}

const total = (s: Sum | undefined) => ({ count: s?.count ?? 0, amount: toRupees(s?.paise ?? 0) });

export async function collections(db: Kysely<Database>, from: string, to: string): Promise<Collections> {
  const [rows, owed] = await Promise.all([q.confirmedBetween(db, indiaDayStart(from), indiaDayStart(addDays(to, 1))), q.appointmentRefundsOwed(db, LIST_LIMIT)]);
  const byMode = new Map<string, Sum>();
  const byStaff = new Map<string, Sum>();
  const kinds = new Map<string, Sum>();
  for (const r of rows) {
    add(kinds, r.kind, r.amount_paise);
    if (r.kind !== 'payment') continue;
    add(byMode, r.mode, r.amount_paise);
    add(byStaff, r.staff_name ?? 'Not recorded', r.amount_paise);
  }
  const received = kinds.get('payment');
  const refunded = kinds.get('refund');
  return {
    from,
    to,
    received: total(received),
    refunded: total(refunded),
    net: toRupees((received?.paise ?? 0) - (refunded?.paise ?? 0)),
    by_mode: [...byMode].map(([mode, s]) => ({ mode: mode as Collections['by_mode'][number]['mode'], ...total(s) })),
    by_staff: [...byStaff].map(([staff_name, s]) => ({ staff_name, ...total(s) })),
    payments: rows.map(toStaffPayment),
    refunds_owed: owed.map((o) => ({ bill_id: o.id, invoice_no: o.invoice_no, patient_name: o.user_name, amount: toRupees(Number(o.owed_paise)) })),
  };
}

/** one CSV field: quoted when needed, and a leading = + - @ defused so a spreadsheet never runs it as a formula */
function csvField(value: string | number): string {
  let v = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(v)) v = `'${v}`;
  return /[",\n\r]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v;
}

export function collectionsCsv(c: Collections): string {
  const header = ['Received (IST)', 'Invoice', 'Patient', 'Kind', 'Mode', 'Place', 'Reference', 'Amount (Rs)', 'Staff'];
  const lines = c.payments.map((p) => [p.received_at ? formatIst(p.received_at) : '', p.invoice_no, p.patient_name, p.kind, paymentModeLabels[p.mode], p.place, p.reference, p.kind === 'refund' ? -p.amount : p.amount, p.staff_name ?? '']);
  lines.push(['', '', '', '', '', '', 'Received', c.received.amount, ''], ['', '', '', '', '', '', 'Refunded', -c.refunded.amount, ''], ['', '', '', '', '', '', 'Net', c.net, '']);
  return `${[header, ...lines].map((l) => l.map(csvField).join(',')).join('\r\n')}\r\n`;
}

/** outstanding dues grouped by patient: an account, or a guest by phone number */
export async function dues(db: Kysely<Database>): Promise<Dues> {
  const rows = await q.outstandingAppointmentBills(db, LIST_LIMIT);
  const byPatient = new Map<string, Dues[number]>();
  for (const r of rows) {
    const key = r.user_id !== null ? `u${r.user_id}` : `p${r.user_phone.replace(/\D/g, '').slice(-10)}`;
    const entry = byPatient.get(key) ?? { patient_name: r.user_name, phone: r.user_phone, email: r.user_email, bills: [], amount_due: 0 };
    const due = Number(r.due_paise);
    entry.bills.push({ bill_id: r.id, invoice_no: r.invoice_no, appointment_id: r.appointment_id, date: r.date, amount_due: toRupees(due) });
    entry.amount_due = toRupees(Math.round(entry.amount_due * 100) + due);
    byPatient.set(key, entry);
  }
  return [...byPatient.values()].sort((a, b) => b.amount_due - a.amount_due);
}
