// Bills: a guest's bill is readable by whoever holds the booking id; a member's bill only with their
// own token; anything else is the same 404 as a missing bill. SQLite and PostgreSQL.
import { billSchema } from '@lab/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, istDate, makeApp, type Account, type TestApp } from './helpers.ts';

const NO_BILL = { error: 'No bill found for this appointment.' };

describe('bills', () => {
  let t: TestApp;
  let testIds: number[];
  let names: string[];
  let prices: number[];
  beforeAll(async () => {
    t = await makeApp({ RATE_LIMITS: 'off' });
    const rows = (await t.app.inject({ method: 'GET', url: '/api/tests/' })).json().filter((x: { category: string }) => x.category === 'Radiology');
    testIds = rows.slice(0, 2).map((x: { id: number }) => x.id);
    names = rows.slice(0, 2).map((x: { name: string }) => x.name);
    prices = rows.slice(0, 2).map((x: { price: number }) => x.price);
  });
  afterAll(() => t.close());

  const book = async (who?: Account) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/appointments/',
      headers: who ? bearer(who) : {},
      payload: { date: istDate(4), time: '15:45', user_name: 'Meera Nair', user_email: 'meera@example.com', user_phone: '98450 12345', tests: testIds, home_sample: true, address: '7 Residency Road' },
    });
    expect(res.statusCode).toBe(201);
    return res.json().id as string;
  };
  const bill = (id: string, who?: Account | { access: string }) =>
    t.app.inject({ method: 'GET', url: `/api/billing/${encodeURIComponent(id)}/`, headers: who ? bearer(who) : {} });

  it("shows a guest's bill to whoever holds the id", async () => {
    const id = await book();
    const res = await bill(id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const body = billSchema.parse(res.json());
    expect(body).toEqual({
      appointment_id: id,
      patient_name: 'Meera Nair',
      user_email: 'meera@example.com',
      user_phone: '98450 12345',
      generated_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      date: istDate(4),
      time: '15:45',
      home_sample: true,
      tests: [
        { name: names[0], price: prices[0] },
        { name: names[1], price: prices[1] },
      ],
      total_price: prices[0]! + prices[1]!,
      offer_price: null,
      is_paid: false,
    });
    // A logged-in stranger holding the id of a guest booking reads it too: the id is the capability.
    expect((await bill(id, await createUser(t.app))).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/billing/${id}` })).statusCode).toBe(200);
  });

  it("shows a member's bill only to that member", async () => {
    const owner = await createUser(t.app);
    const id = await book(owner);
    expect((await bill(id, owner)).statusCode).toBe(200);
    const stranger = await bill(id, await createUser(t.app));
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toEqual(NO_BILL);
    const anonymous = await bill(id);
    expect(anonymous.statusCode).toBe(404);
    expect(anonymous.json()).toEqual(NO_BILL);
    expect((await bill(id, { access: 'forged.token.value' })).statusCode).toBe(401);
  });

  it('answers a missing bill with the same 404', async () => {
    for (const id of ['doesNotExist12345', 'x', "'; drop table bills; --"]) {
      const res = await bill(id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NO_BILL);
    }
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
