// Rules of the staff catalogue: categories, tests, packages, offers and membership plans. Prices come
// in as rupees and are kept as paise. Every create and edit is written to the audit trail with the
// fields it changed (so each price change shows who made it, when, and the old and new price). The
// public priced test list notices edits by itself: migration 002's triggers bump the catalogue version.
import {
  type categoryInputSchema,
  type categoryUpdateSchema,
  OFFER_DATES_MESSAGE,
  type offerInputSchema,
  type offerUpdateSchema,
  type packageInputSchema,
  type packageUpdateSchema,
  type planInputSchema,
  type planUpdateSchema,
  type StaffCategory,
  type StaffOffer,
  type StaffPackage,
  type StaffPlan,
  type StaffTest,
  type StaffTestPage,
  type testInputSchema,
  type testUpdateSchema,
} from '@lab/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import { auditedCreate, auditedUpdate } from '../audit/record.ts';
import { editedHindi } from '../../lib/bilingual.ts';
import { fieldError, fieldErrors, notFound, oneOrNotFound } from '../../lib/errors.ts';
import { toPaise, toRupees } from '../../lib/money.ts';
import { type PageQuery, paginate } from '../../lib/paginate.ts';
import { nowIso, todayIst } from '../../lib/time.ts';
import { nameKey } from '../../lib/name-key.ts';
import { isUniqueViolation } from '../../lib/unique-violation.ts';
import { isOfferRunning } from './pricing.ts';
import * as q from './staff-queries.ts';

type Db = Kysely<Database>;
const bit = (v: boolean): 0 | 1 => (v ? 1 : 0);

const CATEGORY_TAKEN = 'A category with this name already exists.';
const TEST_TAKEN = 'A test with this name already exists.';

/** a name another request saved at the same moment: the unique index refused it, said as the check says it */
const sameName = (table: 'categories' | 'tests', message: string) => (err: unknown): never => {
  if (isUniqueViolation(err, `${table}_name_key`) || isUniqueViolation(err, `${table}.name_key`)) throw fieldError('name', message);
  throw err;
};

// --- categories -------------------------------------------------------------------------------------

export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export async function listCategories(db: Db, text?: string): Promise<StaffCategory[]> {
  const rows = await q.categoriesWithCounts(db, text);
  return rows.map((r) => ({ id: r.id, name: r.name, slug: r.slug, name_hi: r.name_hi, test_count: Number(r.test_count ?? 0) }));
}

async function checkCategory(db: Db, name: string, slug: string, slugGiven: boolean, exceptId?: number): Promise<void> {
  if (!slug) throw fieldError(slugGiven ? 'slug' : 'name', 'Enter a name with letters or digits.');
  const clash = await q.categoryClash(db, name, slug, exceptId);
  if (!clash) return;
  if (clash.name_key === nameKey(name)) throw fieldError('name', CATEGORY_TAKEN);
  throw fieldError(slugGiven ? 'slug' : 'name', `Another category already uses the address name "${slug}".`);
}

async function categoryOut(db: Db, id: number): Promise<StaffCategory> {
  const found = (await listCategories(db)).find((c) => c.id === id);
  if (!found) throw notFound('Category not found.');
  return found;
}

export async function createCategory(db: Db, actor: number, input: z.output<typeof categoryInputSchema>): Promise<StaffCategory> {
  const slug = input.slug || slugify(input.name);
  const id = await auditedCreate(db, actor, 'category', async (trx) => {
    await checkCategory(trx, input.name, slug, Boolean(input.slug));
    const values = { name: input.name, slug, name_hi: input.name_hi ?? null };
    const { id } = await q.insertCategory(trx, values);
    return { id, after: values };
  }).catch(sameName('categories', CATEGORY_TAKEN));
  return categoryOut(db, id);
}

export async function updateCategory(db: Db, actor: number, id: number, input: z.output<typeof categoryUpdateSchema>): Promise<StaffCategory> {
  await auditedUpdate(db, { actorUserId: actor, entity: 'category', entityId: id, missing: 'Category not found.' }, {
    load: (trx) => q.categoryById(trx, id),
    next: async (current, trx) => {
      const name = input.name ?? current.name;
      const slug = input.slug || (input.slug === undefined ? current.slug : slugify(name));
      await checkCategory(trx, name, slug, Boolean(input.slug), id);
      return { name, slug, name_hi: editedHindi(input.name_hi, current.name_hi) };
    },
    save: (trx, values) => q.updateCategory(trx, id, values),
    audited: (current, values) => ({ before: { name: current.name, slug: current.slug, name_hi: current.name_hi }, after: values }),
  }).catch(sameName('categories', CATEGORY_TAKEN));
  return categoryOut(db, id);
}

// --- tests ------------------------------------------------------------------------------------------

const testOut = (r: q.TestRow): StaffTest => ({
  id: r.id,
  name: r.name,
  name_hi: r.name_hi,
  category_id: r.category_id,
  category: r.category,
  price: toRupees(r.price_paise),
  active: r.active === 1,
  created_at: r.created_at,
  preparation: { fasting_hours: r.fasting_hours, instructions: r.preparation, latest_time: r.latest_time, instructions_hi: r.preparation_hi },
  loinc_code: r.loinc_code,
});

/** the preparation columns an edit leaves: a part left out stays, null or "" clears it */
function preparationOf(
  input: { fasting_hours?: number | null | undefined; instructions?: string | undefined; instructions_hi?: string | null | undefined; latest_time?: string | null | undefined },
  current: q.TestPreparation,
): q.TestPreparation {
  return {
    fasting_hours: input.fasting_hours === undefined ? current.fasting_hours : input.fasting_hours,
    preparation: input.instructions ?? current.preparation,
    latest_time: input.latest_time === undefined ? current.latest_time : input.latest_time,
    preparation_hi: editedHindi(input.instructions_hi, current.preparation_hi),
  };
}

const NO_PREPARATION: q.TestPreparation = { fasting_hours: null, preparation: '', latest_time: null, preparation_hi: null };

export function listTests(db: Db, f: q.TestFilter & PageQuery): Promise<StaffTestPage> {
  return paginate(
    f,
    () => q.countTests(db, f),
    (limit, offset) => q.testsPage(db, f, limit, offset),
    (rows) => rows.map(testOut),
  );
}

async function getTest(db: Db, id: number): Promise<StaffTest> {
  const row = await q.testById(db, id);
  if (!row) throw notFound('Test not found.');
  return testOut(row);
}

async function checkTest(db: Db, name: string, categoryId: number, exceptId?: number): Promise<void> {
  const errors: Record<string, string[]> = {};
  if (await q.testNameTaken(db, name, exceptId)) errors.name = [TEST_TAKEN];
  if (!(await q.categoryById(db, categoryId))) errors.category_id = ['Choose an existing category.'];
  if (Object.keys(errors).length) throw fieldErrors(errors);
}

const auditedTest = (t: { name: string; name_hi: string | null; category_id: number; price_paise: number; active: 0 | 1; loinc_code: string | null } & q.TestPreparation) => ({
  name: t.name,
  name_hi: t.name_hi,
  category_id: t.category_id,
  price: toRupees(t.price_paise),
  active: t.active === 1,
  fasting_hours: t.fasting_hours,
  preparation: t.preparation,
  preparation_hi: t.preparation_hi,
  latest_time: t.latest_time,
  loinc_code: t.loinc_code,
});

export async function createTest(db: Db, actor: number, input: z.output<typeof testInputSchema>): Promise<StaffTest> {
  const id = await auditedCreate(db, actor, 'test', async (trx) => {
    await checkTest(trx, input.name, input.category_id);
    const values = { name: input.name, name_hi: input.name_hi ?? null, category_id: input.category_id, price_paise: toPaise(input.price), active: bit(input.active ?? true), loinc_code: input.loinc_code ?? null, ...preparationOf(input, NO_PREPARATION) };
    const { id } = await q.insertTest(trx, { ...values, created_at: nowIso() });
    return { id, after: auditedTest(values) };
  }).catch(sameName('tests', TEST_TAKEN));
  return getTest(db, id);
}

export async function updateTest(db: Db, actor: number, id: number, input: z.output<typeof testUpdateSchema>): Promise<StaffTest> {
  await auditedUpdate(db, { actorUserId: actor, entity: 'test', entityId: id, missing: 'Test not found.' }, {
    load: (trx) => q.testById(trx, id),
    next: async (current, trx) => {
      const values = {
        name: input.name ?? current.name,
        name_hi: editedHindi(input.name_hi, current.name_hi),
        category_id: input.category_id ?? current.category_id,
        price_paise: input.price === undefined ? current.price_paise : toPaise(input.price),
        active: input.active === undefined ? current.active : bit(input.active),
        loinc_code: input.loinc_code === undefined ? current.loinc_code : input.loinc_code,
        ...preparationOf(input, current),
      };
      await checkTest(trx, values.name, values.category_id, id);
      return values;
    },
    save: (trx, values) => q.updateTest(trx, id, values),
    audited: (current, values) => ({ before: auditedTest(current), after: auditedTest(values) }),
  }).catch(sameName('tests', TEST_TAKEN));
  return getTest(db, id);
}

// --- packages ---------------------------------------------------------------------------------------

export async function listPackages(db: Db, id?: number): Promise<StaffPackage[]> {
  const rows = await q.packages(db, id);
  const tests = await q.packageTests(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((p) => {
    const own = tests.filter((t) => t.package_id === p.id);
    return {
      id: p.id,
      name: p.name,
      description: p.description,
      name_hi: p.name_hi,
      description_hi: p.description_hi,
      price: toRupees(p.price_paise),
      original_price: toRupees(own.reduce((sum, t) => sum + t.price_paise, 0)),
      active: p.active === 1,
      tests: own.map((t) => ({ id: t.id, name: t.name, price: toRupees(t.price_paise), active: t.active === 1 })),
    };
  });
}

const getPackage = (db: Db, id: number) => oneOrNotFound(listPackages(db, id), 'Package not found.');

/** a package's or an offer's tests: each id once; every one must exist, and a test newly put in must be active */
async function checkChosenTests(db: Db, ids: readonly number[], kept: ReadonlySet<number>): Promise<number[]> {
  const unique = [...new Set(ids)];
  const rows = await q.testsByIds(db, unique);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const missing = unique.filter((id) => !byId.has(id));
  if (missing.length) throw fieldError('test_ids', `No test has the id ${missing.join(', ')}.`);
  const inactive = unique.filter((id) => byId.get(id)!.active !== 1 && !kept.has(id));
  if (inactive.length) throw fieldError('test_ids', `These tests are not active: ${inactive.map((id) => byId.get(id)!.name).join(', ')}.`);
  return unique;
}

/** a package as the audit trail shows it: the price in rupees, its tests' ids in order */
const auditedPackage = (p: q.PackageValues & { test_ids: readonly number[] }) => ({
  name: p.name,
  description: p.description,
  name_hi: p.name_hi,
  description_hi: p.description_hi,
  price: toRupees(p.price_paise),
  active: p.active === 1,
  test_ids: [...p.test_ids].sort((a, b) => a - b),
});

export async function createPackage(db: Db, actor: number, input: z.output<typeof packageInputSchema>): Promise<StaffPackage> {
  const id = await auditedCreate(db, actor, 'package', async (trx) => {
    const testIds = await checkChosenTests(trx, input.test_ids, new Set());
    const values = {
      name: input.name,
      description: input.description,
      name_hi: input.name_hi ?? null,
      description_hi: input.description_hi ?? null,
      price_paise: toPaise(input.price),
      active: bit(input.active ?? true),
    };
    const { id } = await q.insertPackage(trx, values);
    await q.replacePackageTests(trx, id, testIds);
    return { id, after: auditedPackage({ ...values, test_ids: testIds }) };
  });
  return getPackage(db, id);
}

export async function updatePackage(db: Db, actor: number, id: number, input: z.output<typeof packageUpdateSchema>): Promise<StaffPackage> {
  const idsOf = (p: StaffPackage) => p.tests.map((t) => t.id).sort((a, b) => a - b);
  await auditedUpdate(db, { actorUserId: actor, entity: 'package', entityId: id, missing: 'Package not found.' }, {
    load: async (trx) => (await listPackages(trx, id))[0],
    next: async (current, trx) => ({
      name: input.name ?? current.name,
      description: input.description ?? current.description,
      name_hi: editedHindi(input.name_hi, current.name_hi),
      description_hi: editedHindi(input.description_hi, current.description_hi),
      price_paise: input.price === undefined ? toPaise(current.price) : toPaise(input.price),
      active: bit(input.active ?? current.active),
      test_ids: input.test_ids ? (await checkChosenTests(trx, input.test_ids, new Set(idsOf(current)))).sort((a, b) => a - b) : idsOf(current),
    }),
    save: async (trx, { test_ids, ...values }) => {
      await q.updatePackage(trx, id, values);
      if (input.test_ids) await q.replacePackageTests(trx, id, test_ids);
    },
    audited: (current, values) => ({
      before: auditedPackage({ ...current, price_paise: toPaise(current.price), active: bit(current.active), test_ids: idsOf(current) }),
      after: auditedPackage(values),
    }),
  });
  return getPackage(db, id);
}

// --- offers -----------------------------------------------------------------------------------------

type OfferTestRow = Awaited<ReturnType<typeof q.offerTests>>[number];

const offerOut = (r: q.OfferRow, tests: readonly OfferTestRow[], today: string): StaffOffer => ({
  id: r.id,
  description: r.description,
  description_hi: r.description_hi,
  discount_percentage: r.discount_percentage,
  category_id: r.category_id,
  category: r.category ?? null,
  start_date: r.start_date,
  end_date: r.end_date,
  active: r.active === 1,
  running: isOfferRunning(r, today),
  tests: tests.filter((t) => t.offer_id === r.id).map((t) => ({ id: t.id, name: t.name, active: t.active === 1 })),
});

export async function listOffers(db: Db, id?: number): Promise<StaffOffer[]> {
  const today = todayIst();
  const rows = await q.offers(db, id);
  const tests = await q.offerTests(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => offerOut(r, tests, today));
}

const getOffer = (db: Db, id: number) => oneOrNotFound(listOffers(db, id), 'Offer not found.');

async function checkOffer(db: Db, o: { category_id: number | null; start_date: string; end_date: string }): Promise<void> {
  const errors: Record<string, string[]> = {};
  if (o.category_id !== null && !(await q.categoryById(db, o.category_id))) errors.category_id = ['Choose an existing category.'];
  if (o.end_date < o.start_date) errors.end_date = [OFFER_DATES_MESSAGE];
  if (Object.keys(errors).length) throw fieldErrors(errors);
}

const auditedOffer = (o: {
  description: string;
  description_hi: string | null;
  discount_percentage: number;
  category_id: number | null;
  start_date: string;
  end_date: string;
  active: 0 | 1 | boolean;
  test_ids: readonly number[];
}) => ({
  description: o.description,
  description_hi: o.description_hi,
  discount_percentage: o.discount_percentage,
  category_id: o.category_id,
  start_date: o.start_date,
  end_date: o.end_date,
  active: o.active === true || o.active === 1,
  test_ids: [...o.test_ids].sort((a, b) => a - b),
});

export async function createOffer(db: Db, actor: number, input: z.output<typeof offerInputSchema>): Promise<StaffOffer> {
  const id = await auditedCreate(db, actor, 'offer', async (trx) => {
    const { test_ids: chosen = [], ...fields } = input;
    const values = { ...fields, description_hi: fields.description_hi ?? null, active: bit(input.active ?? true) };
    await checkOffer(trx, values);
    const testIds = await checkChosenTests(trx, chosen, new Set());
    const { id } = await q.insertOffer(trx, values);
    await q.replaceOfferTests(trx, id, testIds);
    return { id, after: auditedOffer({ ...values, test_ids: testIds }) };
  });
  return getOffer(db, id);
}

export async function updateOffer(db: Db, actor: number, id: number, input: z.output<typeof offerUpdateSchema>): Promise<StaffOffer> {
  const idsOf = (o: StaffOffer) => o.tests.map((t) => t.id).sort((a, b) => a - b);
  await auditedUpdate(db, { actorUserId: actor, entity: 'offer', entityId: id, missing: 'Offer not found.' }, {
    load: async (trx) => (await listOffers(trx, id))[0],
    next: async (current, trx) => {
      const values = {
        description: input.description ?? current.description,
        description_hi: editedHindi(input.description_hi, current.description_hi),
        discount_percentage: input.discount_percentage ?? current.discount_percentage,
        category_id: input.category_id === undefined ? current.category_id : input.category_id,
        start_date: input.start_date ?? current.start_date,
        end_date: input.end_date ?? current.end_date,
        active: bit(input.active ?? current.active),
      };
      await checkOffer(trx, values);
      const testIds = input.test_ids ? (await checkChosenTests(trx, input.test_ids, new Set(idsOf(current)))).sort((a, b) => a - b) : idsOf(current);
      return { ...values, test_ids: testIds };
    },
    save: async (trx, { test_ids, ...values }) => {
      await q.updateOffer(trx, id, values);
      if (input.test_ids) await q.replaceOfferTests(trx, id, test_ids);
    },
    audited: (current, values) => ({ before: auditedOffer({ ...current, test_ids: idsOf(current) }), after: auditedOffer(values) }),
  });
  return getOffer(db, id);
}

// --- membership plans -------------------------------------------------------------------------------

const planOut = (r: q.PlanRow): StaffPlan => ({
  id: r.id,
  name: r.name,
  price: toRupees(r.price_paise),
  discount_percentage: r.discount_percentage,
  discount: r.discount_percentage,
  duration_days: r.duration_days,
  active: r.active === 1,
  refund_rule: r.refund_rule,
  name_hi: r.name_hi,
});

export async function listPlans(db: Db, id?: number): Promise<StaffPlan[]> {
  return (await q.plans(db, id)).map(planOut);
}

const getPlan = (db: Db, id: number) => oneOrNotFound(listPlans(db, id), 'Membership plan not found.');

export async function createPlan(db: Db, actor: number, input: z.output<typeof planInputSchema>): Promise<StaffPlan> {
  const id = await auditedCreate(db, actor, 'membership_plan', async (trx) => {
    const values = {
      name: input.name,
      price_paise: toPaise(input.price),
      discount_percentage: input.discount_percentage,
      duration_days: input.duration_days,
      active: bit(input.active ?? true),
      refund_rule: input.refund_rule ?? 'none',
      name_hi: input.name_hi ?? null,
    };
    const { id } = await q.insertPlan(trx, values);
    return { id, after: planOut({ id, ...values }) };
  });
  return getPlan(db, id);
}

export async function updatePlan(db: Db, actor: number, id: number, input: z.output<typeof planUpdateSchema>): Promise<StaffPlan> {
  await auditedUpdate(db, { actorUserId: actor, entity: 'membership_plan', entityId: id, missing: 'Membership plan not found.' }, {
    load: async (trx) => (await q.plans(trx, id))[0],
    next: (current) => ({
      name: input.name ?? current.name,
      price_paise: input.price === undefined ? current.price_paise : toPaise(input.price),
      discount_percentage: input.discount_percentage ?? current.discount_percentage,
      duration_days: input.duration_days ?? current.duration_days,
      active: input.active === undefined ? current.active : bit(input.active),
      refund_rule: input.refund_rule ?? current.refund_rule,
      name_hi: editedHindi(input.name_hi, current.name_hi),
    }),
    save: (trx, values) => q.updatePlan(trx, id, values),
    audited: (current, values) => ({ before: planOut(current), after: planOut({ id, ...values }) }),
  });
  return getPlan(db, id);
}
