// Payments (docs/features.md#payments): the bill's UPI link and QR, the patient's UTR and the staff's decision on it,
// payments recorded at the desk (partial too), refunds of cancelled bills, the queue's payment
// filters, the Collections, the receipt, and invoice numbers (consecutive under 200 parallel
// bookings, on two apps sharing one database, restarting with a new financial year). SQLite and PostgreSQL.
import { billSchema, hoursOn, inIndia, UTR_USED } from '@lab/contract';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LAB_DETAILS } from '../src/db/seed/lab-details.ts';
import { financialYear } from '../src/modules/payments/invoice-number.ts';
import { bearer, createUser, isPostgres, makeApp, spreadVisit, type TestApp, withDatabaseAt } from './helpers.ts';
import { book, createStaff, newUtr, type StaffAccount } from './staff-helpers.ts';

/** an India date `ahead` days after `from` on which the lab is open (the demo lab closes on Sundays) */
function openDay(from: Date, ahead: number): string {
  for (let d = ahead; ; d++) {
    const date = inIndia(from.getTime() + d * 86_400_000).date;
    if (hoursOn(DEFAULT_LAB_DETAILS, date)) return date;
  }
}

describe('payments', () => {
  let t: TestApp;
  let desk: StaffAccount;
  let technician: StaffAccount;
  let testId: number;
  let price: number;
  const nextUtr = newUtr;

  beforeAll(async () => {
    t = await makeApp({ RATE_LIMITS: 'off' });
    desk = await createStaff(t.app, 'reception', { first_name: 'Asha', last_name: 'Rao' });
    technician = await createStaff(t.app, 'technician');
    const first = (await t.app.inject({ method: 'GET', url: '/api/tests/' })).json()[0];
    testId = first.id;
    price = first.price;
  });
  afterAll(() => t.close());

  const newBooking = () => book(t.app, { tests: [testId], date: openDay(new Date(), 2) });
  const bill = async (id: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/billing/${id}/` });
    expect(res.statusCode).toBe(200);
    return billSchema.parse(res.json());
  };
  const submit = (id: string, value: unknown) => t.app.inject({ method: 'POST', url: `/api/billing/${id}/utr/`, payload: { utr: value } });
  const staff = (method: 'GET' | 'POST', url: string, payload?: object, who: StaffAccount = desk) =>
    t.app.inject({ method, url: `/api/staff${url}`, headers: bearer(who), ...(payload ? { payload } : {}) });
  const billId = async (id: string) => (await t.app.deps.db.selectFrom('bills').select('id').where('appointment_id', '=', id).executeTakeFirstOrThrow()).id;
  const audit = (billIdValue: number) =>
    t.app.deps.db.selectFrom('audit_log').select(['action', 'actor_user_id']).where('entity', '=', 'bill').where('entity_id', '=', String(billIdValue)).orderBy('id').execute();

  it('shows the amount due, an invoice number and a UPI link with the lab, the amount, the booking and the invoice', async () => {
    const id = await newBooking();
    const b = await bill(id);
    expect(b.invoice_no).toMatch(new RegExp(`^LC/${financialYear(new Date())}/\\d{6}$`));
    expect(b).toMatchObject({ kind: 'appointment', payment_status: 'unpaid', amount_due: price, amount_paid: 0, refund_owed: 0, is_paid: false, receipt_path: null, submitted_utr: null, rejected: null });
    const link = new URL(b.upi!.link);
    expect(link.protocol).toBe('upi:');
    expect(Object.fromEntries(link.searchParams)).toEqual({
      pa: DEFAULT_LAB_DETAILS.upi_id,
      pn: DEFAULT_LAB_DETAILS.upi_name,
      am: price.toFixed(2),
      cu: 'INR',
      tn: `Booking ${b.reference}`,
      tr: b.invoice_no,
    });
    // The QR code is an image of its own, served without any script.
    const qr = await t.app.inject({ method: 'GET', url: b.upi!.qr_path });
    expect(qr.statusCode).toBe(200);
    expect(qr.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(qr.body).toMatch(/^<svg[^>]+viewBox/);
    expect((await t.app.inject({ method: 'GET', url: '/api/billing/doesNotExist1234/upi-qr.svg' })).statusCode).toBe(404);
  });

  it('takes a UTR, reads "awaiting confirmation", and is paid once staff confirm it; the receipt then downloads', async () => {
    const id = await newBooking();
    for (const bad of ['12345', 'abcdefghijkl', '1234567890123', '', '\u0000']) {
      const res = await submit(id, bad);
      expect(res.statusCode, bad).toBe(400);
      expect(Object.keys(res.json())).toEqual(['utr']);
    }
    const value = nextUtr();
    const submitted = await submit(id, `${value.slice(0, 6)} ${value.slice(6)}`);
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json()).toMatchObject({ payment_status: 'awaiting_confirmation', submitted_utr: value, upi: null, amount_due: price, is_paid: false });
    expect((await submit(id, nextUtr())).json()).toEqual({ error: 'A payment on this bill is already awaiting confirmation.' });

    const queued = await staff('GET', '/appointments?payment=awaiting_confirmation');
    const row = queued.json().items.find((a: { id: string }) => a.id === id);
    expect(row.pending_payment).toEqual({ id: expect.any(Number), utr: value, amount: price });
    // Confirming is the front desk's, not the lab's.
    expect((await staff('POST', `/payments/${row.pending_payment.id}/confirm`, undefined, technician)).statusCode).toBe(403);
    const confirmed = await staff('POST', `/payments/${row.pending_payment.id}/confirm`);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ payment_status: 'paid', amount_due: 0, amount_paid: price });
    expect((await staff('POST', `/payments/${row.pending_payment.id}/confirm`)).statusCode).toBe(409);

    const paid = await bill(id);
    expect(paid).toMatchObject({ payment_status: 'paid', is_paid: true, amount_due: 0, amount_paid: price, upi: null, submitted_utr: null });
    const receipt = await t.app.inject({ method: 'GET', url: paid.receipt_path! });
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers['content-type']).toBe('application/pdf');
    const { text } = await new PDFParse({ data: receipt.rawPayload }).getText();
    expect(text).toContain(paid.invoice_no);
    expect(text).toContain(value);
    expect(text).toContain('Amount paid: Rs ' + price.toFixed(2));
    expect((await audit(await billId(id))).map((a) => a.action)).toEqual(['utr-submitted', 'utr-confirmed']);
  });

  it('refuses a UTR already used on another bill, and shows the reason of a rejection to the patient', async () => {
    const [first, second] = [await newBooking(), await newBooking()];
    const value = nextUtr();
    expect((await submit(first, value)).statusCode).toBe(200);
    const reused = await submit(second, value);
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ utr: [UTR_USED] });
    // At the desk, the same UTR is refused too.
    expect((await staff('POST', `/bills/${await billId(second)}/payments`, { mode: 'upi', reference: value })).json()).toEqual({ reference: [UTR_USED] });

    const pending = (await staff('GET', '/payments/pending')).json().find((p: { reference: string }) => p.reference === value);
    expect((await staff('POST', `/payments/${pending.id}/reject`, { reason: '' })).statusCode).toBe(400);
    const rejected = await staff('POST', `/payments/${pending.id}/reject`, { reason: 'No such credit in the bank statement.' });
    expect(rejected.json().payment_status).toBe('unpaid');
    expect(await bill(first)).toMatchObject({ payment_status: 'unpaid', amount_due: price, rejected: { utr: value, reason: 'No such credit in the bank statement.' }, submitted_utr: null });
    expect((await bill(first)).upi).not.toBeNull();
    expect((await audit(await billId(first))).map((a) => a.action)).toEqual(['utr-submitted', 'utr-rejected']);
  });

  it('records partial payments at the desk and at home collection until the bill is paid', async () => {
    const id = await newBooking();
    const bid = await billId(id);
    const part = Math.floor(price / 3);
    const first = await staff('POST', `/bills/${bid}/payments`, { amount: part, mode: 'cash', place: 'home', reference: 'R-17' });
    expect(first.json()).toMatchObject({ payment_status: 'partly_paid', amount_paid: part, amount_due: price - part });
    expect(await bill(id)).toMatchObject({ payment_status: 'partly_paid', amount_due: price - part, is_paid: false });
    expect(new URL((await bill(id)).upi!.link).searchParams.get('am')).toBe((price - part).toFixed(2));
    const over = await staff('POST', `/bills/${bid}/payments`, { amount: price, mode: 'cash' });
    expect(over.statusCode).toBe(400);
    expect(Object.keys(over.json())).toEqual(['amount']);
    expect((await staff('POST', `/bills/${bid}/payments`, { amount: 0, mode: 'cash' })).statusCode).toBe(400);
    expect((await staff('POST', `/bills/${bid}/payments`, { mode: 'cheque' })).json()).toEqual({ mode: ['Choose cash or upi.'] });
    const rest = await staff('POST', `/bills/${bid}/payments`, { mode: 'upi', reference: nextUtr() });
    expect(rest.json()).toMatchObject({ payment_status: 'paid', amount_paid: price, amount_due: 0 });
    expect(rest.json().payments.map((p: { mode: string; place: string; staff_name: string }) => [p.mode, p.place, p.staff_name])).toEqual([
      ['cash', 'home', 'Asha Rao'],
      ['upi', 'desk', 'Asha Rao'],
    ]);
    expect((await staff('POST', `/bills/${bid}/payments`, { mode: 'cash' })).json()).toEqual({ error: 'Nothing is due on this bill.' });
    expect(await audit(bid)).toEqual([
      { action: 'payment', actor_user_id: desk.id },
      { action: 'payment', actor_user_id: desk.id },
    ]);
  });

  it('owes a refund when a paid appointment is cancelled, and records it when made', async () => {
    const patient = await createUser(t.app);
    const id = await book(t.app, { tests: [testId], date: openDay(new Date(), 2) }, patient);
    const bid = await billId(id);
    expect((await staff('POST', `/bills/${bid}/refunds`, { mode: 'cash' })).json()).toEqual({ error: 'No refund is owed on this bill.' });
    // The queue's old "mark paid" records a cash payment of the amount due.
    const marked = await staff('POST', `/appointments/${id}/paid`, { is_paid: true });
    expect(marked.json()).toMatchObject({ is_paid: true, payment_status: 'paid', amount_paid: price });
    expect((await staff('POST', `/appointments/${id}/paid`, { is_paid: false })).statusCode).toBe(400);

    expect((await t.app.inject({ method: 'PATCH', url: `/api/appointments/${id}/cancel/`, headers: bearer(patient) })).statusCode).toBe(200);
    expect(await bill(id)).toMatchObject({ payment_status: 'refund_owed', refund_owed: price, amount_due: 0, upi: null });
    const owed = (await staff('GET', '/appointments?payment=refund_owed')).json().items.map((a: { id: string }) => a.id);
    expect(owed).toContain(id);
    const half = Math.round(price * 50) / 100;
    expect((await staff('POST', `/bills/${bid}/refunds`, { amount: half, mode: 'upi', reference: 'REF1' })).json()).toMatchObject({ payment_status: 'refund_owed', refund_owed: Math.round((price - half) * 100) / 100 });
    const done = await staff('POST', `/bills/${bid}/refunds`, { mode: 'cash' });
    expect(done.json()).toMatchObject({ payment_status: 'refunded', refund_owed: 0, amount_paid: 0 });
    expect(await bill(id)).toMatchObject({ payment_status: 'refunded', is_paid: false });
    expect((await staff('GET', '/appointments?payment=refund_owed')).json().items.map((a: { id: string }) => a.id)).not.toContain(id);
    expect((await audit(bid)).map((a) => a.action)).toEqual(['payment', 'refund', 'refund']);
  });

  it('filters the queue by payment state', async () => {
    const unpaid = await newBooking();
    const waiting = await newBooking();
    const paid = await newBooking();
    await submit(waiting, nextUtr());
    await staff('POST', `/bills/${await billId(paid)}/payments`, { mode: 'cash' });
    const ids = async (filter: string) => (await staff('GET', `/appointments?payment=${filter}&limit=100`)).json().items.map((a: { id: string }) => a.id) as string[];
    const [u, w, p] = [await ids('unpaid'), await ids('awaiting_confirmation'), await ids('paid')];
    expect([u.includes(unpaid), u.includes(waiting), u.includes(paid)]).toEqual([true, false, false]);
    expect([w.includes(unpaid), w.includes(waiting), w.includes(paid)]).toEqual([false, true, false]);
    expect([p.includes(unpaid), p.includes(waiting), p.includes(paid)]).toEqual([false, false, true]);
    expect((await staff('GET', '/appointments?payment=maybe')).json()).toEqual({ payment: ['Choose one of: unpaid, awaiting_confirmation, paid, refund_owed.'] });
    const dues = (await staff('GET', '/dues')).json();
    expect(dues.flatMap((d: { bills: { appointment_id: string }[] }) => d.bills.map((b) => b.appointment_id))).toContain(unpaid);
    expect(dues.flatMap((d: { bills: { appointment_id: string }[] }) => d.bills.map((b) => b.appointment_id))).not.toContain(paid);
  });

  it("totals the day's collections by mode and staff member, matching the bills, with a CSV", async () => {
    const today = inIndia(new Date()).date;
    const before = (await staff('GET', `/collections?from=${today}&to=${today}`)).json();
    const cash = await newBooking();
    const upi = await newBooking();
    await staff('POST', `/bills/${await billId(cash)}/payments`, { mode: 'cash' });
    await staff('POST', `/bills/${await billId(upi)}/payments`, { mode: 'upi', reference: nextUtr() });
    const after = (await staff('GET', `/collections?from=${today}&to=${today}`)).json();
    const mode = (c: { by_mode: { mode: string; amount: number }[] }, m: string) => c.by_mode.find((x) => x.mode === m)?.amount ?? 0;
    const cents = (v: number) => Math.round(v * 100);
    expect(cents(mode(after, 'cash')) - cents(mode(before, 'cash'))).toBe(cents(price));
    expect(cents(mode(after, 'upi')) - cents(mode(before, 'upi'))).toBe(cents(price));
    expect(after.received.count - before.received.count).toBe(2);
    const asha = (c: { by_staff: { staff_name: string; amount: number }[] }) => c.by_staff.find((x) => x.staff_name === 'Asha Rao')?.amount ?? 0;
    expect(cents(asha(after)) - cents(asha(before))).toBe(cents(2 * price));
    // The totals are the sums of the rows listed, which are the bills' own rows.
    expect(cents(after.received.amount)).toBe(after.payments.filter((p: { kind: string }) => p.kind === 'payment').reduce((s: number, p: { amount: number }) => s + cents(p.amount), 0));
    const csv = await staff('GET', `/collections.csv?from=${today}&to=${today}`);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('Received (IST),Invoice,Patient,Kind,Mode,Place,Reference,Amount (Rs),Staff');
    expect(lines.at(-1)).toBe(`,,,,,,Net,${after.net},`);
    expect((await staff('GET', `/collections?from=${today}&to=2020-01-01`)).json()).toEqual({ to: ['The end date must not be before the start date.'] });
    expect((await staff('GET', `/collections?from=${today}&to=${today}`, undefined, technician)).statusCode).toBe(403);
  });
});

describe('invoice numbers', () => {
  it('gives 200 bookings arriving at once 200 distinct consecutive numbers (on PostgreSQL from two apps on one database)', async () => {
    const t = await makeApp({ RATE_LIMITS: 'off' });
    // Several processes need PostgreSQL (docs/operations.md); test/invoice-processes.test.ts runs two real ones.
    const other = isPostgres ? await makeApp({ RATE_LIMITS: 'off' }, { shareDatabaseOf: t }) : t;
    try {
      const testId = (await t.app.inject({ method: 'GET', url: '/api/tests/' })).json()[0].id;
      const date = openDay(new Date(), 3);
      // Over the day's 24 slots (slots have seats): at most 9 bookings in each.
      const ids = await Promise.all(Array.from({ length: 200 }, (_, i) => book((i % 2 ? other : t).app, { tests: [testId], date, time: spreadVisit(i).time })));
      const rows = await t.app.deps.db.selectFrom('bills').select('invoice_no').where('appointment_id', 'in', ids).execute();
      const numbers = rows.map((r) => Number(r.invoice_no.split('/')[2])).sort((a, b) => a - b);
      expect(new Set(rows.map((r) => r.invoice_no)).size).toBe(200);
      expect(numbers).toEqual(Array.from({ length: 200 }, (_, i) => numbers[0]! + i));
      expect(numbers[0]).toBe(1);
    } finally {
      if (other !== t) await other.close();
      await t.close();
    }
  });

  it('restarts the sequence with a new Indian financial year (1 April, India time)', async () => {
    let now = new Date('2027-03-31T18:00:00.000Z'); // 31 March 2027, 23:30 in India
    const t = await makeApp({ RATE_LIMITS: 'off' }, { now: () => now });
    try {
      const testId = (await t.app.inject({ method: 'GET', url: '/api/tests/' })).json()[0].id;
      const numberOf = async () => (await t.app.inject({ method: 'GET', url: `/api/billing/${await book(t.app, { tests: [testId], date: openDay(now, 2) })}/` })).json().invoice_no;
      expect([await numberOf(), await numberOf()]).toEqual(['LC/2026-27/000001', 'LC/2026-27/000002']);
      now = new Date('2027-03-31T18:30:00.000Z'); // 1 April 2027, 00:00 in India
      expect([await numberOf(), await numberOf()]).toEqual(['LC/2027-28/000001', 'LC/2027-28/000002']);
    } finally {
      await t.close();
    }
  });

  it('numbers the bills that existed before, per financial year, and gives paid ones a payment row', async () => {
    await withDatabaseAt('007-test-results', async ({ db, dialect }) => {
      const at = (iso: string) => ({ created_at: iso, updated_at: iso });
      for (const [n, iso, paid] of [
        [1, '2026-03-31T10:00:00.000Z', 1],
        [2, '2026-04-02T10:00:00.000Z', 0],
        [3, '2026-03-30T10:00:00.000Z', 0],
        [4, '2026-05-01T10:00:00.000Z', 1],
      ] as const) {
        const id = `old-appointment-${n}`;
        await (db as any).insertInto('appointments').values({ id, reference: `LC-OLD${n}-AA`, user_name: 'Old', user_email: 'o@example.com', user_phone: '9876543210', date: '2026-04-01', time: '10:00', status: 'booked', ...at(iso) }).execute();
        await (db as any).insertInto('bills').values({ appointment_id: id, generated_at: iso, total_paise: 50_000, offer_paise: null, is_paid: paid, paid_at: paid ? iso : null }).execute();
      }
      const { migrateToLatest } = await import('../src/db/migrations/index.ts');
      await migrateToLatest(db, dialect);
      const bills = await db.selectFrom('bills').select(['appointment_id', 'invoice_no', 'paid_paise']).orderBy('appointment_id').execute();
      expect(bills).toEqual([
        { appointment_id: 'old-appointment-1', invoice_no: 'LC/2025-26/000002', paid_paise: 50_000 },
        { appointment_id: 'old-appointment-2', invoice_no: 'LC/2026-27/000001', paid_paise: 0 },
        { appointment_id: 'old-appointment-3', invoice_no: 'LC/2025-26/000001', paid_paise: 0 },
        { appointment_id: 'old-appointment-4', invoice_no: 'LC/2026-27/000002', paid_paise: 50_000 },
      ]);
      expect(await db.selectFrom('payments').select(['amount_paise', 'mode', 'status']).execute()).toEqual([
        { amount_paise: 50_000, mode: 'unrecorded', status: 'confirmed' },
        { amount_paise: 50_000, mode: 'unrecorded', status: 'confirmed' },
      ]);
      expect(await db.selectFrom('invoice_sequences').selectAll().orderBy('financial_year').execute()).toEqual([
        { financial_year: '2025-26', last_number: 2 },
        { financial_year: '2026-27', last_number: 2 },
      ]);
    });
  });
});
