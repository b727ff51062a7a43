// Offers that name their tests (decision 025): the public list names them, staff choose them, and the
// price rules apply such an offer to those tests only, in the priced list and in a booking's bill.
// SQLite and PostgreSQL.
import { type LabTest, offerSchema } from '@lab/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, bearer, istDate, makeApp, type TestApp } from './helpers.ts';
import { book, createStaff } from './staff-helpers.ts';

let t: TestApp;
let staff: Account;

beforeAll(async () => {
  t = await makeApp({ RATE_LIMITS: 'off' });
  staff = await createStaff(t.app);
});
afterAll(() => t.close());

type Offer = ReturnType<typeof offerSchema.parse>;

const publicOffers = async (): Promise<Offer[]> => {
  const res = await t.app.inject({ method: 'GET', url: '/api/offers/' });
  expect(res.statusCode).toBe(200);
  return res.json();
};
const pricedTests = async (): Promise<LabTest[]> => (await t.app.inject({ method: 'GET', url: '/api/tests/' })).json();
const asStaff = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: bearer(staff), ...(payload === undefined ? {} : { payload: payload as object }) });

/** two active tests of one category, and one of the same category the offer leaves out */
async function sameCategoryTests(): Promise<[LabTest, LabTest, LabTest]> {
  const tests = await pricedTests();
  const running = new Set((await publicOffers()).filter((o) => o.active).flatMap((o) => o.tests.map((x) => x.id)));
  // Tests no seeded offer covers, so the figures below are this test's offer alone.
  const free = tests.filter((x) => x.general_offer_price === x.price && !running.has(x.id));
  const category = free.find((x) => free.filter((y) => y.category === x.category).length >= 3)!.category;
  const [a, b, c] = free.filter((x) => x.category === category);
  return [a!, b!, c!];
}

describe('offers name their tests', () => {
  it('lists each offer with the active tests it applies to, by name, in exactly the contract shape', async () => {
    const offers = await publicOffers();
    for (const o of offers) expect(offerSchema.strict().safeParse(o).success).toBe(true);
    const running = offers.filter((o) => o.active);
    // Every offer the demo runs names its tests; none promises what the price rules do not check.
    expect(running.length).toBeGreaterThan(0);
    for (const o of running) {
      expect(o.tests.length).toBeGreaterThan(0);
      for (const test of o.tests) expect(Object.keys(test).sort()).toEqual(['id', 'name']);
      const names = o.tests.map((x) => x.name);
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    }
    const fever = running.find((o) => o.description.startsWith('Monsoon fever'))!;
    expect(fever.tests.map((x) => x.name).sort()).toEqual(['Dengue NS1 Antigen', 'Malaria Parasite Antigen Test', 'Widal Test']);
    expect(offers.some((o) => /senior/i.test(o.description))).toBe(false);
  });

  it('prices the named tests only, in the list and in the bill, and lists them for booking', async () => {
    const [a, b, other] = await sameCategoryTests();
    const categories = (await asStaff('GET', '/api/staff/categories')).json() as { id: number; name: string }[];
    const categoryId = categories.find((c) => c.name === a.category)!.id;
    const res = await asStaff('POST', '/api/staff/offers', {
      description: `Two tests at 30 % off`,
      discount_percentage: 30,
      // A category as well: naming tests narrows the offer to them.
      category_id: categoryId,
      start_date: istDate(0),
      end_date: istDate(10),
      test_ids: [a.id, b.id, a.id],
    });
    expect(res.statusCode).toBe(201);
    const offer = res.json();
    expect(offer.tests.map((x: { id: number }) => x.id).sort()).toEqual([a.id, b.id].sort());
    expect(offer.tests[0]).toEqual({ id: expect.any(Number), name: expect.any(String), active: true });

    const priced = await pricedTests();
    const price = (id: number) => priced.find((x) => x.id === id)!;
    expect(price(a.id).general_offer_price).toBeCloseTo(a.price * 0.7, 2);
    expect(price(b.id).discounted_price).toBeCloseTo(b.price * 0.7, 2);
    expect(price(other.id).general_offer_price).toBe(other.price);

    const listed = (await publicOffers()).find((o) => o.id === offer.id)!;
    expect(listed.tests).toEqual([a, b].map((x) => ({ id: x.id, name: x.name })).sort((x, y) => x.name.localeCompare(y.name)));

    const appointmentId = await book(t.app, { tests: [a.id, other.id] });
    const bill = (await t.app.inject({ method: 'GET', url: `/api/billing/${appointmentId}/` })).json();
    expect(bill.total_price).toBeCloseTo(a.price * 0.7 + other.price, 2);
  });

  it('replaces the tests on an edit, keeps them when the edit leaves them out, and audits the change', async () => {
    const [a, b, c] = await sameCategoryTests();
    const created = (
      await asStaff('POST', '/api/staff/offers', { description: 'Edited offer', discount_percentage: 10, category_id: null, start_date: istDate(0), end_date: istDate(3), test_ids: [a.id] })
    ).json();
    const renamed = await asStaff('PATCH', `/api/staff/offers/${created.id}`, { description: 'Edited offer, renamed' });
    expect(renamed.json().tests.map((x: { id: number }) => x.id)).toEqual([a.id]);
    const moved = await asStaff('PATCH', `/api/staff/offers/${created.id}`, { test_ids: [b.id, c.id] });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().tests.map((x: { id: number }) => x.id).sort()).toEqual([b.id, c.id].sort());
    const priced = await pricedTests();
    expect(priced.find((x) => x.id === a.id)!.general_offer_price).toBe(a.price);
    expect(priced.find((x) => x.id === c.id)!.general_offer_price).toBeCloseTo(c.price * 0.9, 2);

    const audit = (await asStaff('GET', `/api/staff/audit?entity=offer&entity_id=${created.id}`)).json();
    expect(audit.items[0]).toMatchObject({ before: { test_ids: [a.id] }, after: { test_ids: [b.id, c.id].sort((x, y) => x - y) } });

    // An empty list makes it an offer of its category again (here: every test).
    const cleared = await asStaff('PATCH', `/api/staff/offers/${created.id}`, { test_ids: [] });
    expect(cleared.json().tests).toEqual([]);
    expect((await pricedTests()).find((x) => x.id === a.id)!.general_offer_price).toBeCloseTo(a.price * 0.9, 2);
    await asStaff('PATCH', `/api/staff/offers/${created.id}`, { active: false });
  });

  it('hides a withdrawn test from the public list but keeps it for staff', async () => {
    const [a, b] = await sameCategoryTests();
    const created = (
      await asStaff('POST', '/api/staff/offers', { description: 'Withdrawn test', discount_percentage: 5, category_id: null, start_date: istDate(0), end_date: istDate(3), test_ids: [a.id, b.id] })
    ).json();
    await t.app.deps.db.updateTable('tests').set({ active: 0 }).where('id', '=', b.id).execute();
    expect((await publicOffers()).find((o) => o.id === created.id)!.tests).toEqual([{ id: a.id, name: a.name }]);
    const forStaff = (await asStaff('GET', '/api/staff/offers')).json().find((o: { id: number }) => o.id === created.id);
    expect(forStaff.tests).toContainEqual({ id: b.id, name: b.name, active: false });
    // Kept on an edit that leaves it in, refused when newly put in.
    expect((await asStaff('PATCH', `/api/staff/offers/${created.id}`, { test_ids: [a.id, b.id] })).statusCode).toBe(200);
    const fresh = await asStaff('POST', '/api/staff/offers', { description: 'X', discount_percentage: 5, category_id: null, start_date: istDate(0), end_date: istDate(3), test_ids: [b.id] });
    expect(fresh.statusCode).toBe(400);
    expect(fresh.json()).toEqual({ test_ids: [`These tests are not active: ${b.name}.`] });
    await t.app.deps.db.updateTable('tests').set({ active: 1 }).where('id', '=', b.id).execute();
    await asStaff('PATCH', `/api/staff/offers/${created.id}`, { active: false });
  });

  it('refuses bad test ids with a 400 naming the field, and saves nothing', async () => {
    const base = { description: 'Bad ids', discount_percentage: 10, category_id: null, start_date: istDate(0), end_date: istDate(3) };
    const before = (await asStaff('GET', '/api/staff/offers')).json().length;
    for (const test_ids of [[999_999], [2 ** 31], [0], ['1'], '1,2', [null], Array.from({ length: 51 }, (_, i) => i + 1)]) {
      const res = await asStaff('POST', '/api/staff/offers', { ...base, test_ids });
      expect(res.statusCode, JSON.stringify(test_ids)).toBe(400);
      // The list as a whole, or the element at fault ("test_ids.0").
      expect(Object.keys(res.json())).toHaveLength(1);
      expect(Object.keys(res.json())[0]).toMatch(/^test_ids(\.\d+)?$/);
    }
    expect((await asStaff('POST', '/api/staff/offers', { ...base, test_ids: [999_999] })).json()).toEqual({ test_ids: ['No test has the id 999999.'] });
    expect((await asStaff('GET', '/api/staff/offers')).json().length).toBe(before);
  });
});
