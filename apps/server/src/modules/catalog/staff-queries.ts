// SQL of the staff catalogue: categories, tests (all of them, active or not), packages with their
// tests, offers and membership plans.
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { countRows, likePattern } from '../../db/queries.ts';
import { nameKey } from '../../lib/name-key.ts';

type Db = Kysely<Database>;

// --- categories

/** a name's key as it stands in `column`, or lower(name) where a row written by hand in SQL has none */
const keyLike = (keyColumn: string, nameColumn: string, text: string) =>
  sql<boolean>`coalesce(${sql.ref(keyColumn)}, lower(${sql.ref(nameColumn)})) like ${likePattern(nameKey(text))} escape '\\'`;

export function categoriesWithCounts(db: Db, text?: string) {
  return db
    .selectFrom('categories as c')
    .$if(Boolean(text?.trim()), (qb) => qb.where(keyLike('c.name_key', 'c.name', text!)))
    .select((eb) => [
      'c.id',
      'c.name',
      'c.slug',
      'c.name_hi',
      eb.selectFrom('tests as t').select((e) => e.fn.countAll<number>().as('n')).whereRef('t.category_id', '=', 'c.id').as('test_count'),
    ])
    .orderBy('c.name')
    .orderBy('c.id')
    .execute();
}

export function categoryById(db: Db, id: number) {
  return db.selectFrom('categories').select(['id', 'name', 'slug', 'name_hi']).where('id', '=', id).executeTakeFirst();
}

/** a category other than `exceptId` with this name (by its key, in any script) or slug */
export function categoryClash(db: Db, name: string, slug: string, exceptId = 0) {
  return db
    .selectFrom('categories')
    .select(['id', 'name', 'name_key', 'slug'])
    .where('id', '!=', exceptId)
    .where((eb) => eb.or([eb('name_key', '=', nameKey(name)), eb('slug', '=', slug)]))
    .executeTakeFirst();
}

type CategoryValues = { name: string; slug: string; name_hi: string | null };

export function insertCategory(db: Db, c: CategoryValues) {
  return db.insertInto('categories').values({ ...c, name_key: nameKey(c.name) }).returning('id').executeTakeFirstOrThrow();
}

export function updateCategory(db: Db, id: number, c: CategoryValues) {
  return db.updateTable('categories').set({ ...c, name_key: nameKey(c.name) }).where('id', '=', id).execute();
}

// --- tests

export interface TestFilter {
  q?: string | undefined;
  category_id?: number | undefined;
  active?: boolean | undefined;
}

function filteredTests(db: Db, f: TestFilter) {
  let query = db.selectFrom('tests as t').innerJoin('categories as c', 'c.id', 't.category_id');
  const text = f.q?.trim();
  if (text) query = query.where(keyLike('t.name_key', 't.name', text));
  if (f.category_id) query = query.where('t.category_id', '=', f.category_id);
  if (f.active !== undefined) query = query.where('t.active', '=', f.active ? 1 : 0);
  return query;
}

const testColumns = ['t.id', 't.name', 't.name_hi', 't.category_id', 'c.name as category', 't.price_paise', 't.active', 't.created_at', 't.fasting_hours', 't.preparation', 't.latest_time', 't.preparation_hi', 't.loinc_code'] as const;

/** a test's preparation columns (migration 009; its instructions in Hindi, migration 031) */
export interface TestPreparation {
  fasting_hours: number | null;
  preparation: string;
  latest_time: string | null;
  preparation_hi: string | null;
}

export const countTests = (db: Db, f: TestFilter) => countRows(filteredTests(db, f));

export function testsPage(db: Db, f: TestFilter, limit: number, offset: number) {
  return filteredTests(db, f).select(testColumns).orderBy('t.name').orderBy('t.id').limit(limit).offset(offset).execute();
}

export type TestRow = Awaited<ReturnType<typeof testsPage>>[number];

export function testById(db: Db, id: number) {
  return db
    .selectFrom('tests as t')
    .innerJoin('categories as c', 'c.id', 't.category_id')
    .select(testColumns)
    .where('t.id', '=', id)
    .executeTakeFirst();
}

export function testNameTaken(db: Db, name: string, exceptId = 0) {
  return db
    .selectFrom('tests')
    .select('id')
    .where('id', '!=', exceptId)
    .where('name_key', '=', nameKey(name))
    .executeTakeFirst();
}

type TestValues = { name: string; name_hi: string | null; category_id: number; price_paise: number; active: 0 | 1; loinc_code: string | null } & TestPreparation;

export function insertTest(db: Db, t: TestValues & { created_at: string }) {
  return db.insertInto('tests').values({ ...t, name_key: nameKey(t.name) }).returning('id').executeTakeFirstOrThrow();
}

export function updateTest(db: Db, id: number, t: TestValues) {
  return db.updateTable('tests').set({ ...t, name_key: nameKey(t.name) }).where('id', '=', id).execute();
}

export function testsByIds(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('tests').select(['id', 'name', 'price_paise', 'active']).where('id', 'in', [...ids]).execute();
}

// --- packages

export function packages(db: Db, id?: number) {
  let query = db.selectFrom('packages').select(['id', 'name', 'description', 'name_hi', 'description_hi', 'price_paise', 'active']);
  if (id !== undefined) query = query.where('id', '=', id);
  return query.orderBy('name').orderBy('id').execute();
}

export type PackageRow = Awaited<ReturnType<typeof packages>>[number];

export function packageTests(db: Db, packageIds: readonly number[]) {
  if (packageIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('package_tests as pt')
    .innerJoin('tests as t', 't.id', 'pt.test_id')
    .select(['pt.package_id', 't.id', 't.name', 't.price_paise', 't.active'])
    .where('pt.package_id', 'in', [...packageIds])
    .orderBy('t.name')
    .orderBy('t.id')
    .execute();
}

export type PackageValues = { name: string; description: string; name_hi: string | null; description_hi: string | null; price_paise: number; active: 0 | 1 };

export function insertPackage(db: Db, p: PackageValues) {
  return db.insertInto('packages').values(p).returning('id').executeTakeFirstOrThrow();
}

export function updatePackage(db: Db, id: number, p: PackageValues) {
  return db.updateTable('packages').set(p).where('id', '=', id).execute();
}

export async function replacePackageTests(db: Db, packageId: number, testIds: readonly number[]): Promise<void> {
  await db.deleteFrom('package_tests').where('package_id', '=', packageId).execute();
  if (testIds.length) await db.insertInto('package_tests').values(testIds.map((test_id) => ({ package_id: packageId, test_id }))).execute();
}

// --- offers

export function offers(db: Db, id?: number) {
  let query = db
    .selectFrom('offers as o')
    .leftJoin('categories as c', 'c.id', 'o.category_id')
    .select(['o.id', 'o.description', 'o.description_hi', 'o.discount_percentage', 'o.category_id', 'c.name as category', 'o.start_date', 'o.end_date', 'o.active']);
  if (id !== undefined) query = query.where('o.id', '=', id);
  return query.orderBy('o.start_date', 'desc').orderBy('o.id', 'desc').execute();
}

export type OfferRow = Awaited<ReturnType<typeof offers>>[number];

type OfferValues = { description: string; description_hi: string | null; discount_percentage: number; category_id: number | null; start_date: string; end_date: string; active: 0 | 1 };

export function insertOffer(db: Db, o: OfferValues) {
  return db.insertInto('offers').values(o).returning('id').executeTakeFirstOrThrow();
}

export function updateOffer(db: Db, id: number, o: OfferValues) {
  return db.updateTable('offers').set(o).where('id', '=', id).execute();
}

/** the tests the given offers name, by name */
export function offerTests(db: Db, offerIds: readonly number[]) {
  if (offerIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('offer_tests')
    .innerJoin('tests', 'tests.id', 'offer_tests.test_id')
    .select(['offer_tests.offer_id', 'tests.id', 'tests.name', 'tests.active'])
    .where('offer_tests.offer_id', 'in', [...offerIds])
    .orderBy('tests.name')
    .orderBy('tests.id')
    .execute();
}

export async function replaceOfferTests(db: Db, offerId: number, testIds: readonly number[]): Promise<void> {
  await db.deleteFrom('offer_tests').where('offer_id', '=', offerId).execute();
  if (testIds.length) await db.insertInto('offer_tests').values(testIds.map((test_id) => ({ offer_id: offerId, test_id }))).execute();
}

// --- membership plans

export function plans(db: Db, id?: number) {
  let query = db.selectFrom('membership_plans').select(['id', 'name', 'price_paise', 'discount_percentage', 'duration_days', 'active', 'refund_rule', 'name_hi']);
  if (id !== undefined) query = query.where('id', '=', id);
  return query.orderBy('price_paise').orderBy('id').execute();
}

export type PlanRow = Awaited<ReturnType<typeof plans>>[number];

type PlanValues = { name: string; price_paise: number; discount_percentage: number; duration_days: number; active: 0 | 1; refund_rule: 'none' | 'unused_days'; name_hi: string | null };

export function insertPlan(db: Db, p: PlanValues) {
  return db.insertInto('membership_plans').values(p).returning('id').executeTakeFirstOrThrow();
}

export function updatePlan(db: Db, id: number, p: PlanValues) {
  return db.updateTable('membership_plans').set(p).where('id', '=', id).execute();
}
