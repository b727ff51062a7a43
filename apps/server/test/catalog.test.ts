// Catalogue API: the priced test list (offers, member prices, ETag and 304, cache validated against the
// database, compressed size for 5,000 tests), categories and packages. SQLite and PostgreSQL.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { glossary, type LabTest, packageListSchema, testListSchema } from '@lab/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, bearer, createUser, istDate, makeApp, openDate, type TestApp } from './helpers.ts';

describe('catalogue', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp({ RATE_LIMITS: 'off' });
  });
  afterAll(() => t.close());

  const list = async (headers: Record<string, string> = {}): Promise<LabTest[]> => {
    const res = await t.app.inject({ method: 'GET', url: '/api/tests/', headers });
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const byName = (rows: LabTest[], name: string) => rows.find((r) => r.name === name)!;

  async function member(percentPlan: 'Silver' | 'Gold' | 'Platinum', dates = { start: istDate(-10), end: istDate(100) }): Promise<Account> {
    const user = await createUser(t.app);
    const { db } = t.app.deps;
    const plan = await db.selectFrom('membership_plans').select('id').where('name', '=', percentPlan).executeTakeFirstOrThrow();
    await db
      .insertInto('memberships')
      .values({ user_id: user.id, plan_id: plan.id, start_date: dates.start, end_date: dates.end, status: 'Approved', created_at: new Date().toISOString(), ended_at: null })
      .execute();
    return user;
  }

  it('lists every active test with its prices in rupees and its category', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/tests/' });
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const rows = testListSchema.parse(res.json());
    const count = await t.app.deps.db.selectFrom('tests').select((eb) => eb.fn.countAll().as('n')).where('active', '=', 1).executeTakeFirstOrThrow();
    expect(rows).toHaveLength(Number(count.n));
    expect(byName(rows, 'Complete Blood Count (CBC)')).toEqual({
      id: expect.any(Number),
      name: 'Complete Blood Count (CBC)',
      // its Hindi name beside, for an English page's search (docs/i18n.md)
      name_hi: glossary.completeBloodCount.hi,
      price: 350,
      membership_price: 350,
      general_offer_price: 350,
      discounted_price: 350,
      category: 'Hematology',
    });
    // The seed runs 20 % on three fever tests and 10 % on three diabetes tests, each offer on the tests
    // it names only; the others are over or switched off.
    expect(byName(rows, 'Widal Test')).toMatchObject({ price: 250, general_offer_price: 200, discounted_price: 200, membership_price: 250 });
    expect(byName(rows, 'Hepatitis Serology Tests')).toMatchObject({ price: 1400, general_offer_price: 1400 });
    expect(byName(rows, 'HbA1c (Glycated Haemoglobin)')).toMatchObject({ price: 500, general_offer_price: 450, discounted_price: 450 });
    expect(byName(rows, 'Lipid Profile')).toMatchObject({ price: 600, general_offer_price: 600, discounted_price: 600 });
    expect(byName(rows, 'ECG')).toMatchObject({ price: 250, general_offer_price: 250 });
    expect((await t.app.inject({ method: 'GET', url: '/api/tests' })).statusCode).toBe(200);
  });

  it('hides an inactive test and shows a catalogue change at once', async () => {
    const { db } = t.app.deps;
    const before = await list();
    const cbc = byName(before, 'Complete Blood Count (CBC)');
    await db.updateTable('tests').set({ active: 0 }).where('id', '=', cbc.id).execute();
    expect((await list()).find((r) => r.id === cbc.id)).toBeUndefined();
    await db.updateTable('tests').set({ active: 1, price_paise: 40_000 }).where('id', '=', cbc.id).execute();
    expect(byName(await list(), 'Complete Blood Count (CBC)').price).toBe(400);
    await db.updateTable('categories').set({ name: 'Haematology' }).where('name', '=', 'Hematology').execute();
    expect(byName(await list(), 'Complete Blood Count (CBC)').category).toBe('Haematology');
    await db.updateTable('categories').set({ name: 'Hematology' }).where('name', '=', 'Haematology').execute();
    await db.updateTable('tests').set({ price_paise: 35_000 }).where('id', '=', cbc.id).execute();
    expect(await list()).toEqual(before);
  });

  it('applies an offer from its start date, and drops it when switched off', async () => {
    const { db } = t.app.deps;
    const radiology = await db.selectFrom('categories').select('id').where('name', '=', 'Radiology').executeTakeFirstOrThrow();
    const future = await db
      .insertInto('offers')
      .values({ description: 'Later', discount_percentage: 50, category_id: radiology.id, start_date: istDate(1), end_date: istDate(5), active: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(byName(await list(), 'ECG').general_offer_price).toBe(250);
    await db.updateTable('offers').set({ start_date: istDate(0) }).where('id', '=', future.id).execute();
    expect(byName(await list(), 'ECG')).toMatchObject({ general_offer_price: 125, discounted_price: 125 });
    await db.updateTable('offers').set({ active: 0 }).where('id', '=', future.id).execute();
    expect(byName(await list(), 'ECG')).toMatchObject({ general_offer_price: 250, discounted_price: 250 });
  });

  it('answers with a strong ETag, private no-cache, and 304 to If-None-Match', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/tests/', headers: { 'accept-encoding': 'gzip' } });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+-gz"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect(String(first.headers.vary)).toMatch(/Accept-Encoding/);
    const again = await t.app.inject({ method: 'GET', url: '/api/tests/', headers: { 'accept-encoding': 'gzip', 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers['content-length'] ?? '0').toBe('0');
    expect(again.headers.etag).toBe(etag);
    // The same content in another coding is still current.
    const plainTag = etag.replace(/-gz"$/, '"');
    expect((await t.app.inject({ method: 'GET', url: '/api/tests/', headers: { 'if-none-match': `"x", ${plainTag}` } })).statusCode).toBe(304);
    expect((await t.app.inject({ method: 'GET', url: '/api/tests/', headers: { 'if-none-match': `W/${etag}` } })).statusCode).toBe(304);
    expect((await t.app.inject({ method: 'GET', url: '/api/tests/', headers: { 'if-none-match': '"stale"' } })).statusCode).toBe(200);
    // A client that asks to bypass its cache gets the list again.
    expect((await t.app.inject({ method: 'GET', url: '/api/tests/', headers: { 'if-none-match': etag, 'cache-control': 'no-cache' } })).statusCode).toBe(200);
    // A price change makes the old tag stale.
    const { db } = t.app.deps;
    await db.updateTable('tests').set({ price_paise: 12_300 }).where('name', '=', 'ECG').execute();
    const changed = await t.app.inject({ method: 'GET', url: '/api/tests/', headers: { 'accept-encoding': 'gzip', 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    await db.updateTable('tests').set({ price_paise: 25_000 }).where('name', '=', 'ECG').execute();
  });

  it('sends the same list compressed with br or gzip, or plain', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/tests/' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await t.app.inject({ method: 'GET', url: '/api/tests/', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await t.app.inject({ method: 'GET', url: '/api/tests/', headers: { 'accept-encoding': 'gzip;q=1, br;q=0' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    // The client's preference by q-value wins, coding names are case-insensitive, and an unknown coding gets plain JSON.
    const preferred = await t.app.inject({ method: 'GET', url: '/api/tests/', headers: { 'accept-encoding': 'br;q=0.5, gzip;q=0.8' } });
    expect(preferred.headers['content-encoding']).toBe('gzip');
    const upper = await t.app.inject({ method: 'GET', url: '/api/tests/', headers: { 'accept-encoding': 'BR' } });
    expect(upper.headers['content-encoding']).toBe('br');
    const unknown = await t.app.inject({ method: 'GET', url: '/api/tests/', headers: { 'accept-encoding': 'deflate' } });
    expect(unknown.headers['content-encoding']).toBeUndefined();
    expect(unknown.body).toBe(plain.body);
  });

  it('answers a gzip-only client with the gzip bytes made once per catalogue version, and the headers a cache needs', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/tests/' });
    const plainTag = String(plain.headers.etag);
    // what a client without brotli sends (older HTTP libraries, some proxies)
    const first = await t.app.inject({ method: 'GET', url: '/api/tests/', headers: { 'accept-encoding': 'gzip, deflate' } });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-encoding']).toBe('gzip');
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(String(first.headers.vary)).toMatch(/(^|, *)Accept-Encoding(,|$)/i);
    expect(first.headers.etag).toBe(plainTag.replace(/"$/, '-gz"'));
    expect(Number(first.headers['content-length'])).toBe(first.rawPayload.length);
    expect(first.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(gunzipSync(first.rawPayload).toString()).toBe(plain.body);
    // the same bytes again: compressed once, not per request
    const again = await t.app.inject({ method: 'GET', url: '/api/tests/', headers: { 'accept-encoding': 'gzip, deflate' } });
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    const { EncodedList } = await import('../src/modules/catalog/service.ts');
    const encoded = new EncodedList(Buffer.from(plain.body));
    expect(await encoded.body('gzip')).toBe(await encoded.body('gzip'));
    expect(gunzipSync(await encoded.body('gzip')).toString()).toBe(plain.body);
    // and revalidated by its tag like any other coding
    const revalidated = await t.app.inject({ method: 'GET', url: '/api/tests/', headers: { 'accept-encoding': 'gzip, deflate', 'if-none-match': String(first.headers.etag) } });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.headers.etag).toBe(first.headers.etag);
    expect(String(revalidated.headers.vary)).toMatch(/Accept-Encoding/i);
  });

  it("prices a member's list with their discount; an expired membership gives none", async () => {
    const gold = await member('Gold');
    const rows = await list(bearer(gold));
    expect(byName(rows, 'Complete Blood Count (CBC)')).toMatchObject({ price: 350, membership_price: 297.5, discounted_price: 297.5 });
    // offer 20 % beats member 15 %
    expect(byName(rows, 'Widal Test')).toMatchObject({ membership_price: 212.5, general_offer_price: 200, discounted_price: 200 });
    const expired = await member('Platinum', { start: istDate(-400), end: istDate(-1) });
    expect(byName(await list(bearer(expired)), 'Complete Blood Count (CBC)')).toMatchObject({ membership_price: 350, discounted_price: 350 });
    const notYet = await member('Platinum', { start: openDate(1), end: openDate(300) });
    expect(byName(await list(bearer(notYet)), 'Complete Blood Count (CBC)').membership_price).toBe(350);
    // A member's tag differs from a guest's: a shared browser cache never mixes them up.
    const guestTag = (await t.app.inject({ method: 'GET', url: '/api/tests/' })).headers.etag;
    const memberRes = await t.app.inject({ method: 'GET', url: '/api/tests/', headers: bearer(gold) });
    expect(memberRes.headers.etag).not.toBe(guestTag);
    expect((await t.app.inject({ method: 'GET', url: '/api/tests/', headers: { 'if-none-match': String(memberRes.headers.etag) } })).statusCode).toBe(200);
    // A stale or forged token is refused, so the client renews it rather than seeing guest prices.
    expect((await t.app.inject({ method: 'GET', url: '/api/tests/', headers: { authorization: 'Bearer nonsense' } })).statusCode).toBe(401);
  });

  it('charges a member the member price when it is the lowest', async () => {
    const silver = await member('Silver');
    const rows = await list(bearer(silver));
    const cbc = byName(rows, 'Complete Blood Count (CBC)');
    const widal = byName(rows, 'Widal Test');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/appointments/',
      headers: bearer(silver),
      payload: { date: openDate(3), time: '12:00', user_name: 'M', user_email: silver.email, user_phone: '9876543210', tests: [cbc.id, widal.id] },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().total_price).toBe(315 + 200);
  });

  it('lists the categories', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/categories/' });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((c: { name: string }) => c.name)).toEqual(['Biochemistry', 'Hematology', 'Microbiology', 'Radiology', 'Serology']);
  });

  it('lists active packages with original, offer and member prices', async () => {
    const guest = packageListSchema.parse((await t.app.inject({ method: 'GET', url: '/api/packages/' })).json());
    const basic = guest.find((p) => p.name === 'Basic Health Checkup')!;
    expect(basic).toMatchObject({ original_price: 350 + 80 + 700 + 650, offer_price: 1499, discounted_price: 1499 });
    expect(basic.tests.map((x) => x.name).sort()).toEqual(['Complete Blood Count (CBC)', 'Fasting Blood Sugar', 'Kidney Function Test (KFT)', 'Liver Function Test (LFT)']);
    const platinum = await member('Platinum');
    const mine = (await t.app.inject({ method: 'GET', url: '/api/packages/', headers: bearer(platinum) })).json();
    expect(mine.find((p: { name: string }) => p.name === 'Basic Health Checkup').discounted_price).toBe(1124.25);
    const { db } = t.app.deps;
    await db.updateTable('packages').set({ active: 0 }).where('id', '=', basic.id).execute();
    const after = (await t.app.inject({ method: 'GET', url: '/api/packages/' })).json();
    expect(after.map((p: { id: number }) => p.id)).not.toContain(basic.id);
    await db.updateTable('packages').set({ active: 1 }).where('id', '=', basic.id).execute();
  });

  it("charges a member the package price less their discount and shows it as the bill's offer", async () => {
    const gold = await member('Gold');
    const pkg = (await t.app.inject({ method: 'GET', url: '/api/packages/', headers: bearer(gold) })).json()[0];
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/appointments/',
      headers: bearer(gold),
      payload: { date: openDate(3), time: '10:00', user_name: 'M', user_email: gold.email, user_phone: '9876543210', tests: pkg.tests.map((x: { id: number }) => x.id), package_id: pkg.id, offerPrice: 1 },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().total_price).toBe(pkg.discounted_price);
    const bill = (await t.app.inject({ method: 'GET', url: `/api/billing/${res.json().id}/`, headers: bearer(gold) })).json();
    expect(bill).toMatchObject({ offer_price: pkg.discounted_price, total_price: pkg.discounted_price });
  });
});

describe('catalogue of 5,000 tests', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp({ SEED_TESTS: '5000' });
  });
  afterAll(() => t.close());

  it('transfers at most 150 KB compressed', async () => {
    const br = await t.app.inject({ method: 'GET', url: '/api/tests/', headers: { 'accept-encoding': 'br' } });
    const gz = await t.app.inject({ method: 'GET', url: '/api/tests/', headers: { 'accept-encoding': 'gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toHaveLength(5000);
    expect(br.rawPayload.length).toBeLessThan(150 * 1024);
    expect(gz.rawPayload.length).toBeLessThan(150 * 1024);
  });
});
