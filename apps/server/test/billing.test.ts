// Bills: any bill is readable by whoever holds its appointment id, with or without a token (docs/product.md#api-contract:
// the id is the capability); an unknown id is one 404 whether it never existed or was deleted, and
// misses are rate-limited per address. SQLite and PostgreSQL.
import { REFERENCE_PATTERN, billSchema } from '@lab/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILL_MISS_LIMIT } from '../src/modules/billing/service.ts';
import { type Account, bearer, createUser, makeApp, spreadVisit, type TestApp } from './helpers.ts';

const NO_BILL = { error: 'No bill found for this appointment.' };

describe('bills', () => {
  let t: TestApp;
  let testIds: number[];
  let names: string[];
  let prices: number[];
  beforeAll(async () => {
    t = await makeApp();
    const rows = (await t.app.inject({ method: 'GET', url: '/api/tests/' })).json().filter((x: { category: string }) => x.category === 'Radiology');
    testIds = rows.slice(0, 2).map((x: { id: number }) => x.id);
    names = rows.slice(0, 2).map((x: { name: string }) => x.name);
    prices = rows.slice(0, 2).map((x: { price: number }) => x.price);
  });
  afterAll(() => t.close());

  let booked = 0;
  const book = async (who?: Account) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/appointments/',
      headers: who ? bearer(who) : {},
      payload: { ...spreadVisit(booked++, 4), user_name: 'Meera Nair', user_email: 'meera@example.com', user_phone: '98450 12345', tests: testIds, home_sample: true, address: '7 Residency Road, Jaipur 302001' },
    });
    expect(res.statusCode).toBe(201);
    return res.json().id as string;
  };
  const bill = (id: string, who?: Account | { access: string }, remoteAddress = '127.0.0.1') =>
    t.app.inject({ method: 'GET', url: `/api/billing/${encodeURIComponent(id)}/`, headers: who ? bearer(who) : {}, remoteAddress });

  it("shows a guest's bill to whoever holds the id", async () => {
    const id = await book();
    const res = await bill(id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const body = billSchema.parse(res.json());
    expect(body).toEqual({
      appointment_id: id,
      reference: expect.stringMatching(REFERENCE_PATTERN),
      patient_name: 'Meera Nair',
      user_email: 'meera@example.com',
      user_phone: '98450 12345',
      generated_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      // the first booking of this file (spreadVisit puts each booking in a slot of its own)
      ...spreadVisit(0, 4),
      home_sample: true,
      tests: [
        { name: names[0], price: prices[0] },
        { name: names[1], price: prices[1] },
      ],
      total_price: prices[0]! + prices[1]!,
      offer_price: null,
      package_name: null,
      is_paid: false,
      // from the booked slot, before the lab has the sample (test/samples-late-notice.test.ts checks its value)
      report_expected_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      // Each test a line at its list price, adding up to the total (decision 052; test/bill-lines.test.ts).
      lines: [
        { kind: 'test', name: names[0], amount: prices[0], includes: [] },
        { kind: 'test', name: names[1], amount: prices[1], includes: [] },
      ],
      // Payments (docs/features.md#payments): the fields the bill gained; test/payments.test.ts checks them in depth.
      kind: 'appointment',
      invoice_no: expect.stringMatching(/^LC\/\d{4}-\d{2}\/\d{6}$/),
      payment_status: 'unpaid',
      amount_paid: 0,
      amount_due: prices[0]! + prices[1]!,
      refund_owed: 0,
      submitted_utr: null,
      rejected: null,
      upi: { link: expect.stringMatching(/^upi:\/\/pay\?/), qr_path: `/api/billing/${id}/upi-qr.svg`, payee: expect.any(String), vpa: expect.any(String) },
      receipt_path: null,
      // Online payment (docs/payments-gateway.md; test/gateway-payments.test.ts): none configured here
      online: false,
      refund_pending: 0,
      refunded: 0,
    });
    // A logged-in stranger holding the id of a guest booking reads it too: the id is the capability.
    expect((await bill(id, await createUser(t.app))).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/billing/${id}` })).statusCode).toBe(200);
  });

  it("shows a member's bill to whoever holds its id, with or without a token", async () => {
    const owner = await createUser(t.app);
    const id = await book(owner);
    const own = await bill(id, owner);
    expect(own.statusCode).toBe(200);
    // A client of the original API sends no token on this call: it gets the same bill, as does anyone
    // else holding the id. A token that is not valid is refused (401) on every route, this one too.
    for (const who of [undefined, await createUser(t.app)]) {
      const res = await bill(id, who);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(own.json());
    }
    expect((await bill(id, { access: 'forged.token.value' })).statusCode).toBe(401);
  });

  it('answers a never-existed, a deleted and a malformed id with the same 404', async () => {
    const deleted = await book();
    const { db } = t.app.deps;
    await db.deleteFrom('bills').where('appointment_id', '=', deleted).execute();
    await db.deleteFrom('appointment_tests').where('appointment_id', '=', deleted).execute();
    await db.deleteFrom('appointments').where('id', '=', deleted).execute();
    const answers = [];
    for (const id of [deleted, 'doesNotExist1234', 'x', "'; drop table bills; --", '\u0000', 'a\u0000b', 'é'.repeat(40)]) {
      const res = await bill(id, undefined, '10.9.9.1');
      expect(res.statusCode, JSON.stringify(id)).toBe(404);
      answers.push({ headers: { ...res.headers, date: undefined }, body: res.body });
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(JSON.parse(answers[0]!.body)).toEqual(NO_BILL);
    // Odd bytes straight in the path, as a client would send them: the same 404, never a 500.
    for (const raw of ['%00', 'a%00b', '%E0%A4%A', '%FF', '%0A']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/billing/${raw}/`, remoteAddress: '10.9.9.2' });
      expect(res.statusCode, raw).toBe(404);
    }
  });

  it('stops an address after too many misses, for every id it asks, while others read on', async () => {
    const id = await book();
    const scanner = '10.9.9.3';
    // Reading real bills costs nothing: nobody holding their own ids is ever limited.
    for (let i = 0; i < BILL_MISS_LIMIT.max + 5; i++) expect((await bill(id, undefined, scanner)).statusCode).toBe(200);
    for (let i = 0; i < BILL_MISS_LIMIT.max; i++) expect((await bill(`missing${i}`.padEnd(16, 'x'), undefined, scanner)).statusCode).toBe(404);
    const limited = await bill('missingZZZZZZZZZ', undefined, scanner);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: expect.stringMatching(/^Too many attempts\. Please try again in \d+ minutes?\.$/) });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // A hit now answers exactly as a miss does, so the scan learns nothing more.
    const hit = await bill(id, undefined, scanner);
    expect(hit.statusCode).toBe(429);
    expect(hit.json()).toEqual(limited.json());
    // Another address is not affected.
    expect((await bill(id, undefined, '10.9.9.4')).statusCode).toBe(200);
  });

  it('shows Paid once the bill is paid', async () => {
    const id = await book();
    await t.app.deps.db.updateTable('bills').set({ is_paid: 1, paid_at: new Date().toISOString() }).where('appointment_id', '=', id).execute();
    expect((await bill(id)).json().is_paid).toBe(true);
  });


  it('keeps the prices charged when the catalogue changes later', async () => {
    const id = await book();
    await t.app.deps.db.updateTable('tests').set({ price_paise: 1, name: 'Renamed' }).where('id', '=', testIds[0]!).execute();
    const body = (await bill(id)).json();
    expect(body.tests[0]).toEqual({ name: names[0], price: prices[0] });
    expect(body.total_price).toBe(prices[0]! + prices[1]!);
  });
});
