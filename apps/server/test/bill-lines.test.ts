// Bills that add up (decision 052): the lines of a bill sum to its total, to the paisa, for a booking
// of tests, of a package, of a member and under a running offer; the package is a line with its tests
// named as included, and each discount is a line of its own. The receipt PDF prints the same lines.
// SQLite and PostgreSQL.
import { type Bill, billSchema } from '@lab/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, bearer, createUser, istDate, makeApp, pdfText, spreadVisit, type TestApp } from './helpers.ts';
import { createStaff, payByUpi } from './staff-helpers.ts';

interface PublicTest {
  id: number;
  name: string;
  price: number;
  general_offer_price: number;
}
interface PublicPackage {
  id: number;
  name: string;
  offer_price: number;
  tests: { name: string }[];
}

const paise = (rupees: number) => Math.round(rupees * 100);
const sumOf = (bill: Bill) => bill.lines.reduce((s, l) => s + paise(l.amount), 0);

describe('bill lines', () => {
  let t: TestApp;
  let tests: PublicTest[];
  let packages: PublicPackage[];
  let member: Account;
  let visit = 0;

  beforeAll(async () => {
    t = await makeApp();
    tests = (await t.app.inject({ method: 'GET', url: '/api/tests/' })).json();
    packages = (await t.app.inject({ method: 'GET', url: '/api/packages/' })).json();
    member = await createUser(t.app);
    const db = t.app.deps.db;
    const plan = await db.insertInto('membership_plans').values({ name: 'Lines plan', price_paise: 50_000, discount_percentage: 15, duration_days: 365, active: 1 }).returning('id').executeTakeFirstOrThrow();
    await db
      .insertInto('memberships')
      .values({ user_id: member.id, plan_id: plan.id, start_date: istDate(-1), end_date: istDate(300), status: 'Approved', created_at: new Date().toISOString(), ended_at: null })
      .execute();
  });
  afterAll(() => t.close());

  const book = async (payload: { tests?: number[]; package_id?: number }, who?: Account): Promise<Bill> => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/appointments/',
      headers: who ? bearer(who) : {},
      payload: { ...spreadVisit(visit++, 3, { morningOnly: true }), user_name: 'Asha Rao', user_email: 'asha@example.com', user_phone: '9876501234', home_sample: false, tests: [tests[0]!.id], ...payload },
    });
    expect(res.statusCode, res.body).toBe(201);
    const bill = await t.app.inject({ method: 'GET', url: `/api/billing/${res.json().id}/` });
    expect(bill.statusCode).toBe(200);
    return billSchema.parse(bill.json());
  };

  it('lists each test at its list price when nothing is discounted', async () => {
    const plain = tests.filter((x) => x.general_offer_price === x.price).slice(0, 2);
    const bill = await book({ tests: plain.map((x) => x.id) });
    expect(bill.lines).toEqual(plain.map((x) => ({ kind: 'test', name: x.name, amount: x.price, includes: [] })));
    expect(sumOf(bill)).toBe(paise(bill.total_price));
  });

  it('shows a package as one line at its price with its tests included', async () => {
    const pkg = packages[0]!;
    const bill = await book({ package_id: pkg.id });
    expect(bill.package_name).toBe(pkg.name);
    expect(bill.lines).toEqual([{ kind: 'package', name: pkg.name, amount: pkg.offer_price, includes: expect.arrayContaining(pkg.tests.map((x) => x.name)) }]);
    expect(bill.lines[0]!.includes).toHaveLength(pkg.tests.length);
    expect(sumOf(bill)).toBe(paise(bill.total_price));
    // The older fields stay as they were: the tests at their list prices, the package price as the offer.
    expect(bill.tests.map((x) => x.name).sort()).toEqual(pkg.tests.map((x) => x.name).sort());
    expect(bill.offer_price).toBe(bill.total_price);
  });

  it("lists a running offer's discount as a line", async () => {
    const offered = tests.filter((x) => x.general_offer_price < x.price).slice(0, 1);
    const plain = tests.filter((x) => x.general_offer_price === x.price).slice(0, 1);
    expect(offered).toHaveLength(1);
    const bill = await book({ tests: [...offered, ...plain].map((x) => x.id) });
    expect(bill.lines).toEqual([
      { kind: 'test', name: offered[0]!.name, amount: offered[0]!.price, includes: [] },
      { kind: 'test', name: plain[0]!.name, amount: plain[0]!.price, includes: [] },
      { kind: 'offer_discount', name: '', amount: -(paise(offered[0]!.price) - paise(offered[0]!.general_offer_price)) / 100, includes: [] },
    ]);
    expect(sumOf(bill)).toBe(paise(bill.total_price));
  });

  it("lists a member's discount as a line, on tests and on a package", async () => {
    const plain = tests.filter((x) => x.general_offer_price === x.price).slice(2, 4);
    const onTests = await book({ tests: plain.map((x) => x.id) }, member);
    expect(onTests.lines.map((l) => l.kind)).toEqual(['test', 'test', 'member_discount']);
    expect(onTests.lines[2]!.amount).toBeLessThan(0);
    expect(sumOf(onTests)).toBe(paise(onTests.total_price));
    expect(paise(onTests.total_price)).toBeLessThan(plain.reduce((s, x) => s + paise(x.price), 0));

    const pkg = packages[0]!;
    const onPackage = await book({ package_id: pkg.id }, member);
    expect(onPackage.lines.map((l) => [l.kind, l.amount])).toEqual([
      ['package', pkg.offer_price],
      ['member_discount', (paise(onPackage.total_price) - paise(pkg.offer_price)) / 100],
    ]);
    expect(onPackage.lines[1]!.amount).toBeLessThan(0);
    expect(sumOf(onPackage)).toBe(paise(onPackage.total_price));
  });

  it('reads a bill booked before the lines were kept as it was charged, still adding up', async () => {
    const pkg = packages[0]!;
    const bill = await book({ package_id: pkg.id }, member);
    await t.app.deps.db.updateTable('bills').set({ package_paise: null }).where('appointment_id', '=', bill.appointment_id).execute();
    await t.app.deps.db.updateTable('appointment_tests').set({ list_paise: null, discount: null }).where('appointment_id', '=', bill.appointment_id).execute();
    const old = billSchema.parse((await t.app.inject({ method: 'GET', url: `/api/billing/${bill.appointment_id}/` })).json());
    expect(old.lines.map((l) => [l.kind, l.amount])).toEqual([['package', old.total_price]]);
  });

  it('prints the same lines on the receipt PDF, in English and Hindi', async () => {
    const pkg = packages[0]!;
    const bill = await book({ package_id: pkg.id }, member);
    const desk = await createStaff(t.app, 'reception');
    const listed = async () =>
      ((await t.app.inject({ method: 'GET', url: '/api/users/userappointments/', headers: bearer(member) })).json() as { id: string; receipt_path: string | null }[]).find((a) => a.id === bill.appointment_id)!.receipt_path;
    expect(await listed()).toBeNull();
    await payByUpi(t.app, bill.appointment_id, desk);
    // The dashboard's card offers the receipt once the bill is paid.
    expect(await listed()).toBe(`/api/billing/${bill.appointment_id}/receipt.pdf`);
    const en = await pdfText((await t.app.inject({ method: 'GET', url: `/api/billing/${bill.appointment_id}/receipt.pdf?lang=en` })).rawPayload);
    expect(en).toContain(`Package: ${pkg.name}`);
    expect(en).toContain('Member discount');
    expect(en).toContain(`Includes: ${pkg.tests[0]!.name}`);
    expect(en).not.toContain('Priced as the package');
    const hi = await pdfText((await t.app.inject({ method: 'GET', url: `/api/billing/${bill.appointment_id}/receipt.pdf?lang=hi` })).rawPayload);
    // Devanagari comes out of the PDF reshaped; the discount's figure is the same in both languages.
    const discount = `- Rs ${Math.abs(bill.lines[1]!.amount).toFixed(2)}`;
    expect(en).toContain(discount);
    expect(hi).toContain(discount);
  });
});
