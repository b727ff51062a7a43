// Membership API: plans, the caller's membership, subscribe and unsubscribe, and what a membership does
// to prices (tests, packages, bookings). Runs on SQLite and, with DATABASE_URL, on PostgreSQL.
import type { LabTest, TestPackage } from '@lab/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../src/lib/time.ts';
import { type Account, bearer, createUser, istDate, makeApp, openDate, type TestApp } from './helpers.ts';
import { createStaff, payByUpi, type StaffAccount } from './staff-helpers.ts';

const NO_TOKEN = { statusCode: 401 };
/** what clients of the original API expect for no membership: an error status, never a 2xx */
const NO_MEMBERSHIP = { error: 'No active membership.' };

describe('membership', () => {
  let t: TestApp;
  let desk: StaffAccount;
  beforeAll(async () => {
    t = await makeApp();
    desk = await createStaff(t.app, 'reception');
  });
  afterAll(() => t.close());

  const today = () => istDate(0);
  const get = (url: string, who?: Account) => t.app.inject({ method: 'GET', url, headers: who ? bearer(who) : {} });
  /** subscribes and, for a plan with a fee, pays its bill (UTR, confirmed at the desk), as a member does */
  const subscribe = async (who: Account, payload: unknown) => {
    const res = await subscribeUnpaid(who, payload);
    if (res.statusCode === 201) await payByUpi(t.app, res.json().bill.key, desk);
    return res;
  };
  const subscribeUnpaid = (who: Account, payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/membership/subscribe/', headers: bearer(who), payload: payload as object });
  const unsubscribe = (who: Account) => t.app.inject({ method: 'DELETE', url: '/api/membership/unsubscribe/', headers: bearer(who) });
  async function planId(name: string): Promise<number> {
    const plan = (await get('/api/membership/plans/')).json().find((p: { name: string }) => p.name === name);
    if (!plan) throw new Error(`no plan ${name}`);
    return plan.id;
  }
  async function expire(who: Account) {
    await t.app.deps.db.updateTable('memberships').set({ start_date: istDate(-40), end_date: istDate(-1) }).where('user_id', '=', who.id).execute();
  }

  it('lists the active plans in rupees with their discount and duration, without a token', async () => {
    const res = await get('/api/membership/plans/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { id: expect.any(Number), name: 'Silver', price: 499, discount_percentage: 10, discount: 10, duration_days: 180, refund_rule: 'none' },
      { id: expect.any(Number), name: 'Gold', price: 999, discount_percentage: 15, discount: 15, duration_days: 365, refund_rule: 'none' },
      { id: expect.any(Number), name: 'Platinum', price: 1999, discount_percentage: 25, discount: 25, duration_days: 365, refund_rule: 'none' },
    ]);
    expect((await get('/api/membership/plans')).statusCode).toBe(200);
  });

  it('leaves out a plan that was switched off', async () => {
    const { db } = t.app.deps;
    const row = await db
      .insertInto('membership_plans')
      .values({ name: 'Retired', price_paise: 100, discount_percentage: 50, duration_days: 30, active: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const names = (await get('/api/membership/plans/')).json().map((p: { name: string }) => p.name);
    expect(names).not.toContain('Retired');
    const user = await createUser(t.app);
    const res = await subscribe(user, { plan_id: row.id });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ plan_id: ['Select a valid plan.'] });
  });

  it('answers a person without a membership with 404 and the error clients of the original API expect', async () => {
    const user = await createUser(t.app);
    for (const url of ['/api/membership/status/', '/api/membership/status']) {
      const res = await get(url, user);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NO_MEMBERSHIP);
    }
  });

  it("answers the web app's ask (?none=null) with 200 and null for no membership, and with the membership once there is one", async () => {
    const user = await createUser(t.app);
    for (const url of ['/api/membership/status/?none=null', '/api/membership/status/?lang=hi&none=null']) {
      const res = await get(url, user);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe('null');
    }
    // any other query is the original call's: 404
    expect((await get('/api/membership/status/?none=1', user)).statusCode).toBe(404);
    expect((await get('/api/membership/status/?none=null')).statusCode).toBe(401);
    expect((await subscribe(user, { plan_id: await planId('Silver') })).statusCode).toBe(201);
    const running = await get('/api/membership/status/?none=null', user);
    expect(running.statusCode).toBe(200);
    expect(running.json()).toEqual((await get('/api/membership/status/', user)).json());
    expect(running.json()).toMatchObject({ plan: 'Silver', status: 'Approved', is_active: true });
    // run out: null again, and 404 to the original call
    await expire(user);
    expect((await get('/api/membership/status/?none=null', user)).body).toBe('null');
    expect((await get('/api/membership/status/', user)).json()).toEqual(NO_MEMBERSHIP);
  });

  it('refuses every membership call of the caller without a valid token with 401', async () => {
    const calls = [
      { method: 'GET', url: '/api/membership/status/' },
      { method: 'POST', url: '/api/membership/subscribe/', payload: { plan_id: 1 } },
      { method: 'POST', url: '/api/membership/subscribe/' },
      { method: 'DELETE', url: '/api/membership/unsubscribe/' },
    ] as const;
    for (const call of calls) {
      for (const headers of [{}, { authorization: 'Bearer not-a-token' }, { authorization: 'Basic abc' }]) {
        const res = await t.app.inject({ ...call, headers });
        expect(res, `${call.method} ${call.url} ${JSON.stringify(headers)}`).toMatchObject(NO_TOKEN);
        expect(res.json()).toEqual({ error: expect.any(String) });
      }
    }
  });

  it('subscribes for the plan duration from today (India) and reports the membership', async () => {
    const user = await createUser(t.app);
    const gold = await planId('Gold');
    const res = await subscribe(user, { plan_id: gold });
    expect(res.statusCode).toBe(201);
    // Enough to show the new membership from this answer alone, discount under both names.
    expect(res.json()).toEqual({
      plan: 'Gold',
      plan_id: gold,
      discount_percentage: 15,
      discount: 15,
      start_date: today(),
      end_date: addDays(today(), 365),
      message: 'Subscription Successful!',
      status: 'Awaiting payment',
      bill: { key: expect.any(String), invoice_no: expect.stringMatching(/^LC\//), amount_due: 999, payment_status: 'unpaid' },
    });

    const status = await get('/api/membership/status/', user);
    expect(status.statusCode).toBe(200);
    expect(status.json()).toEqual({
      plan: 'Gold',
      plan_id: gold,
      start_date: today(),
      end_date: addDays(today(), 365),
      discount_percentage: 15,
      discount: 15,
      status: 'Approved',
      is_active: true,
      bill: { key: res.json().bill.key, invoice_no: res.json().bill.invoice_no, amount_due: 0, payment_status: 'paid' },
    });
    // another person's membership is not the caller's
    const other = await createUser(t.app);
    expect((await get('/api/membership/status/', other)).statusCode).toBe(404);
  });

  it('awaits the payment of its bill: the status says so, the bill opens by its key, and no member price before it is paid', async () => {
    const user = await createUser(t.app);
    const res = await subscribeUnpaid(user, { plan_id: await planId('Gold') });
    expect(res.statusCode).toBe(201);
    const { key } = res.json().bill;
    const status = await get('/api/membership/status/', user);
    expect(status.statusCode).toBe(200);
    expect(status.json()).toMatchObject({ plan: 'Gold', status: 'Awaiting payment', is_active: false, bill: { key, amount_due: 999, payment_status: 'unpaid' } });
    const cbc = () => get('/api/tests/', user).then((r) => r.json().find((x: { name: string }) => x.name === 'Complete Blood Count (CBC)'));
    expect(await cbc()).toMatchObject({ price: 350, membership_price: 350 });
    // Its bill is a bill like any other: amount due, invoice number, the UPI link for the plan's price.
    const bill = (await get(`/api/billing/${key}/`)).json();
    expect(bill).toMatchObject({ kind: 'membership', total_price: 999, amount_due: 999, payment_status: 'unpaid', tests: [{ name: 'Gold membership (365 days)', price: 999 }] });
    expect(new URL(bill.upi.link).searchParams.get('am')).toBe('999.00');
    expect((await subscribeUnpaid(user, { plan_id: await planId('Silver') })).json()).toEqual({ error: 'You already have a membership awaiting payment: pay its bill, or unsubscribe to choose another plan.' });

    await payByUpi(t.app, key, desk);
    expect((await get('/api/membership/status/', user)).json()).toMatchObject({ status: 'Approved', is_active: true, bill: { amount_due: 0, payment_status: 'paid' } });
    expect(await cbc()).toMatchObject({ price: 350, membership_price: 297.5 });
    const audit = await t.app.deps.db.selectFrom('audit_log').select('action').where('entity', '=', 'membership').where('actor_user_id', '=', user.id).execute();
    expect(audit.map((a) => a.action)).toEqual(['subscribe']);
    // Unsubscribing ends the discount at once; the plan's rule (none by default) gives nothing back.
    expect((await unsubscribe(user)).statusCode).toBe(200);
    expect(await cbc()).toMatchObject({ membership_price: 350 });
    expect((await get(`/api/billing/${key}/`)).json()).toMatchObject({ payment_status: 'paid', refund_owed: 0 });
  });

  it('refunds the unused days of a plan whose rule says so', async () => {
    const user = await createUser(t.app);
    const gold = await planId('Gold');
    await t.app.deps.db.updateTable('membership_plans').set({ refund_rule: 'unused_days' }).where('id', '=', gold).execute();
    try {
      const res = await subscribe(user, { plan_id: gold });
      expect((await unsubscribe(user)).statusCode).toBe(200);
      expect((await get(`/api/billing/${res.json().bill.key}/`)).json()).toMatchObject({ payment_status: 'refund_owed', refund_owed: 999 });
    } finally {
      await t.app.deps.db.updateTable('membership_plans').set({ refund_rule: 'none' }).where('id', '=', gold).execute();
    }
  });

  it('accepts the plan id as a numeric string', async () => {
    const user = await createUser(t.app);
    const res = await subscribe(user, { plan_id: String(await planId('Silver')) });
    expect(res.statusCode).toBe(201);
    expect(res.json().plan).toBe('Silver');
  });

  it('refuses a second membership while one runs', async () => {
    const user = await createUser(t.app);
    expect((await subscribe(user, { plan_id: await planId('Silver') })).statusCode).toBe(201);
    const res = await subscribe(user, { plan_id: await planId('Platinum') });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'You already have an active membership.' });
    expect((await get('/api/membership/status/', user)).json().plan).toBe('Silver');
  });

  it('keeps one membership when two subscribes arrive at the same time', async () => {
    const user = await createUser(t.app);
    const [silver, gold] = [await planId('Silver'), await planId('Gold')];
    // Six at once: without the lock PostgreSQL lets several pass the check before any insert commits.
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => subscribeUnpaid(user, { plan_id: i % 2 ? silver : gold })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 400, 400, 400, 400, 400]);
    const rows = await t.app.deps.db.selectFrom('memberships').selectAll().where('user_id', '=', user.id).execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses an unknown, missing or malformed plan naming the field', async () => {
    const user = await createUser(t.app);
    for (const plan_id of [999_999, 99_999_999_999]) {
      const res = await subscribe(user, { plan_id });
      expect(res.statusCode, String(plan_id)).toBe(400);
      expect(res.json()).toEqual({ plan_id: ['Select a valid plan.'] });
    }
    for (const payload of [{}, { plan_id: 'gold' }, { plan_id: -1 }, { plan_id: 1.5 }]) {
      const res = await subscribe(user, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.json())).toEqual(['plan_id']);
    }
    expect((await get('/api/membership/status/', user)).json()).toEqual(NO_MEMBERSHIP);
  });

  it('unsubscribes: the membership ends now and a new one may start', async () => {
    const user = await createUser(t.app);
    await subscribe(user, { plan_id: await planId('Gold') });
    const res = await unsubscribe(user);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Unsubscribed Successfully!' });

    const row = await t.app.deps.db.selectFrom('memberships').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.status).toBe('Cancelled');
    expect(row.ended_at).not.toBeNull();
    const status = await get('/api/membership/status/', user);
    expect(status.statusCode).toBe(404);
    expect(status.json()).toEqual(NO_MEMBERSHIP);
    expect((await subscribe(user, { plan_id: await planId('Silver') })).statusCode).toBe(201);
  });

  it('refuses to unsubscribe when there is nothing to end', async () => {
    const user = await createUser(t.app);
    const res = await unsubscribe(user);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'You have no active membership to cancel.' });
    await subscribe(user, { plan_id: await planId('Gold') });
    expect((await unsubscribe(user)).statusCode).toBe(200);
    expect((await unsubscribe(user)).statusCode).toBe(400);
  });

  it('treats a membership past its end date as none: 404, no discount, a new one allowed', async () => {
    const user = await createUser(t.app);
    await subscribe(user, { plan_id: await planId('Platinum') });
    await expire(user);

    const status = await get('/api/membership/status/', user);
    expect(status.statusCode).toBe(404);
    expect(status.json()).toEqual(NO_MEMBERSHIP);

    const tests = (await get('/api/tests/', user)).json() as Array<{ name: string; price: number; membership_price: number }>;
    expect(tests.length).toBeGreaterThan(0);
    for (const test of tests) expect(test.membership_price, test.name).toBe(test.price);
    const packages = (await get('/api/packages/', user)).json() as Array<{ offer_price: number; discounted_price: number }>;
    for (const p of packages) expect(p.discounted_price).toBe(p.offer_price);

    expect((await unsubscribe(user)).statusCode).toBe(400);
    const again = await subscribe(user, { plan_id: await planId('Silver') });
    expect(again.statusCode).toBe(201);
    expect((await get('/api/membership/status/', user)).json()).toMatchObject({ plan: 'Silver', status: 'Approved', is_active: true });
  });
});

describe('member prices', () => {
  let t: TestApp;
  let desk: StaffAccount;
  beforeAll(async () => {
    t = await makeApp();
    desk = await createStaff(t.app, 'reception');
  });
  afterAll(() => t.close());

  const get = <T>(url: string, who?: Account) => t.app.inject({ method: 'GET', url, headers: who ? bearer(who) : {} }).then((r) => {
    expect(r.statusCode, `${url} ${r.body}`).toBe(200);
    return r.json() as T;
  });
  async function member(planName: string): Promise<Account> {
    const user = await createUser(t.app);
    const plan = (await get<Array<{ id: number; name: string }>>('/api/membership/plans/')).find((p) => p.name === planName)!;
    const res = await t.app.inject({ method: 'POST', url: '/api/membership/subscribe/', headers: bearer(user), payload: { plan_id: plan.id } });
    expect(res.statusCode).toBe(201);
    await payByUpi(t.app, res.json().bill.key, desk);
    return user;
  }
  const byName = <T extends { name: string }>(list: T[], name: string) => {
    const found = list.find((x) => x.name === name);
    if (!found) throw new Error(`missing ${name}`);
    return found;
  };
  function book(who: Account | null, payload: Record<string, unknown>) {
    return t.app.inject({
      method: 'POST',
      url: '/api/appointments/',
      headers: who ? bearer(who) : {},
      payload: { date: openDate(2), time: '10:30', user_name: 'Asha Rao', user_email: 'asha@example.com', user_phone: '9876543210', ...payload },
    });
  }
  async function bill(who: Account, id: string) {
    const res = await t.app.inject({ method: 'GET', url: `/api/billing/${encodeURIComponent(id)}/`, headers: bearer(who) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { tests: Array<{ name: string; price: number }>; total_price: number; offer_price: number | null; package_name: string | null };
  }

  it('gives a member the plan discount in the catalogue, and nobody else', async () => {
    const gold = await member('Gold');
    const forMember = await get<LabTest[]>('/api/tests/', gold);
    const forGuest = await get<LabTest[]>('/api/tests/');
    const forOther = await get<LabTest[]>('/api/tests/', await createUser(t.app));

    // Hematology has no running offer: the member price (15% off) is the lowest.
    expect(byName(forMember, 'Complete Blood Count (CBC)')).toMatchObject({ price: 350, membership_price: 297.5, general_offer_price: 350, discounted_price: 297.5 });
    expect(byName(forGuest, 'Complete Blood Count (CBC)')).toMatchObject({ price: 350, membership_price: 350, discounted_price: 350 });
    expect(byName(forOther, 'Complete Blood Count (CBC)')).toMatchObject({ membership_price: 350, discounted_price: 350 });
    // Widal is in the 20% fever offer: better than Gold's 15%, so that is what a member pays.
    expect(byName(forMember, 'Widal Test')).toMatchObject({ price: 250, membership_price: 212.5, general_offer_price: 200, discounted_price: 200 });
    for (const test of forMember) {
      expect(test.membership_price, test.name).toBe(Math.round(test.price * 85) / 100);
      expect(test.discounted_price).toBe(Math.min(test.price, test.membership_price, test.general_offer_price));
    }
  });

  it('gives a member the plan discount on packages', async () => {
    const gold = await member('Gold');
    const forMember = await get<TestPackage[]>('/api/packages/', gold);
    const forGuest = await get<TestPackage[]>('/api/packages/');
    const basic = byName(forMember, 'Basic Health Checkup');
    expect(basic).toMatchObject({ original_price: 1780, offer_price: 1499, discounted_price: 1274.15 });
    expect(basic.tests.map((x) => x.name).sort()).toEqual(['Complete Blood Count (CBC)', 'Fasting Blood Sugar', 'Kidney Function Test (KFT)', 'Liver Function Test (LFT)']);
    expect(byName(forGuest, 'Basic Health Checkup')).toMatchObject({ offer_price: 1499, discounted_price: 1499 });
    for (const p of forMember) expect(p.discounted_price, p.name).toBe(Math.round(p.offer_price * 85) / 100);
  });

  it("charges a member's booking the member prices, and the same booking full price after unsubscribing", async () => {
    const gold = await member('Gold');
    const tests = await get<LabTest[]>('/api/tests/', gold);
    const cbc = byName(tests, 'Complete Blood Count (CBC)');
    const widal = byName(tests, 'Widal Test');

    const res = await book(gold, { tests: [cbc.id, widal.id] });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().total_price).toBe(297.5 + 200);
    const b = await bill(gold, res.json().id);
    expect(b.tests.map((x) => x.price).sort()).toEqual([200, 297.5]);
    expect(b.total_price).toBe(497.5);
    expect(b.offer_price).toBeNull();

    expect((await t.app.inject({ method: 'DELETE', url: '/api/membership/unsubscribe/', headers: bearer(gold) })).statusCode).toBe(200);
    const after = await book(gold, { tests: [cbc.id, widal.id] });
    expect(after.statusCode).toBe(201);
    expect(after.json().total_price).toBe(350 + 200);
  });

  it('ignores an offer price sent by the browser: a package booking is charged the server price', async () => {
    const guestPackages = await get<TestPackage[]>('/api/packages/');
    const heart = byName(guestPackages, 'Heart Health Package');
    const forged = { offerPrice: 1, offer_price: 1, total: 1, total_price: 1, price: 1, discounted_price: 1 };

    const user = await createUser(t.app);
    const res = await book(user, { tests: heart.tests.map((x) => x.id), package_id: heart.id, ...forged });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().total_price).toBe(heart.offer_price);
    const b = await bill(user, res.json().id);
    expect(b.offer_price).toBe(heart.offer_price);
    expect(b.total_price).toBe(heart.offer_price);
    expect(b.package_name).toBe('Heart Health Package');

    const gold = await member('Gold');
    const memberHeart = byName(await get<TestPackage[]>('/api/packages/', gold), 'Heart Health Package');
    expect(memberHeart.discounted_price).toBe(1529.15);
    const memberRes = await book(gold, { tests: heart.tests.map((x) => x.id), package_id: heart.id, ...forged });
    expect(memberRes.statusCode, memberRes.body).toBe(201);
    const mb = await bill(gold, memberRes.json().id);
    expect(mb.offer_price).toBe(memberHeart.discounted_price);
    expect(mb.total_price).toBe(memberHeart.discounted_price);
  });

  it("prices a booking of exactly a package's tests, sent without the package, as the package when that is cheaper", async () => {
    const basic = byName(await get<TestPackage[]>('/api/packages/'), 'Basic Health Checkup');
    const ids = basic.tests.map((x) => x.id);
    expect(basic.offer_price).toBeLessThan(basic.original_price);

    // A client of the original API sends the package's tests, in any order, and no package field.
    const guest = await book(null, { tests: [...ids].reverse() });
    expect(guest.statusCode, guest.body).toBe(201);
    expect(guest.json().total_price).toBe(basic.offer_price);
    const gb = (await t.app.inject({ method: 'GET', url: `/api/billing/${guest.json().id}/` })).json();
    expect(gb).toMatchObject({ total_price: basic.offer_price, offer_price: basic.offer_price, package_name: 'Basic Health Checkup' });

    const gold = await member('Gold');
    const memberBasic = byName(await get<TestPackage[]>('/api/packages/', gold), 'Basic Health Checkup');
    const res = await book(gold, { tests: ids.map((id) => ({ id })) });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().total_price).toBe(memberBasic.discounted_price);
    expect((await bill(gold, res.json().id)).package_name).toBe('Basic Health Checkup');

    // Part of the package, or the package plus one more test, is priced test by test.
    const tests = await get<LabTest[]>('/api/tests/');
    const sumOf = (list: number[]) => Math.round(list.reduce((sum, id) => sum + tests.find((x) => x.id === id)!.discounted_price * 100, 0)) / 100;
    const part = await book(null, { tests: ids.slice(1) });
    expect(part.json().total_price).toBe(sumOf(ids.slice(1)));
    const extra = tests.find((x) => !ids.includes(x.id))!.id;
    const more = await book(null, { tests: [...ids, extra] });
    expect(more.json().total_price).toBe(sumOf([...ids, extra]));
    expect((await t.app.inject({ method: 'GET', url: `/api/billing/${more.json().id}/` })).json().package_name).toBeNull();
  });

  it('keeps test-by-test prices when a package of the same tests would cost more', async () => {
    const tests = await get<LabTest[]>('/api/tests/');
    const [a, b] = [byName(tests, 'Platelet Count'), byName(tests, 'Complete Blood Count (CBC)')];
    const { db } = t.app.deps;
    const pkg = await db.insertInto('packages').values({ name: 'Dearer pair', description: '', price_paise: 100_000, active: 1 }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('package_tests').values([{ package_id: pkg.id, test_id: a.id }, { package_id: pkg.id, test_id: b.id }]).execute();
    const res = await book(null, { tests: [a.id, b.id] });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().total_price).toBe(a.discounted_price + b.discounted_price);
    expect((await t.app.inject({ method: 'GET', url: `/api/billing/${res.json().id}/` })).json()).toMatchObject({ offer_price: null, package_name: null });
  });

  it('gives no discount once the membership has run out', async () => {
    const silver = await member('Silver');
    expect(byName(await get<LabTest[]>('/api/tests/', silver), 'Platelet Count').membership_price).toBe(180);
    await t.app.deps.db.updateTable('memberships').set({ start_date: istDate(-200), end_date: istDate(-1) }).where('user_id', '=', silver.id).execute();
    const platelets = byName(await get<LabTest[]>('/api/tests/', silver), 'Platelet Count');
    expect(platelets).toMatchObject({ price: 200, membership_price: 200, discounted_price: 200 });
    const res = await book(silver, { tests: [platelets.id] });
    expect(res.statusCode).toBe(201);
    expect(res.json().total_price).toBe(200);
  });
});
