// SQL of the catalog domain: tests, categories, offers, packages, the caller's membership discount and
// the catalogue version marker kept by the triggers of migration 002.
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { MembershipRow, OfferRow } from './pricing.ts';

type Q = Kysely<Database>;

export interface TestRow {
  id: number;
  name: string;
  price_paise: number;
  category_id: number;
  category: string;
  /** Hindi names where written (migration 024) */
  name_hi: string | null;
  category_hi: string | null;
  fasting_hours: number | null;
  preparation: string;
  latest_time: string | null;
  /** `preparation` in Hindi where written (migration 031) */
  preparation_hi: string | null;
}

/** every active test with its category's name, ordered by name for the booking page's search list */
export function activeTests(db: Q): Promise<TestRow[]> {
  return db
    .selectFrom('tests')
    .innerJoin('categories', 'categories.id', 'tests.category_id')
    .select(['tests.id', 'tests.name', 'tests.price_paise', 'tests.category_id', 'categories.name as category', 'tests.name_hi', 'categories.name_hi as category_hi', 'tests.fasting_hours', 'tests.preparation', 'tests.latest_time', 'tests.preparation_hi'])
    .where('tests.active', '=', 1)
    .orderBy('tests.name')
    .orderBy('tests.id')
    .execute();
}

export interface BookableTestRow {
  id: number;
  name: string;
  name_hi: string | null;
  price_paise: number;
  category_id: number;
  active: number;
  fasting_hours: number | null;
  preparation: string;
  latest_time: string | null;
  preparation_hi: string | null;
}

export function testsByIds(db: Q, ids: readonly number[]): Promise<BookableTestRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('tests')
    .select(['id', 'name', 'name_hi', 'price_paise', 'category_id', 'active', 'fasting_hours', 'preparation', 'latest_time', 'preparation_hi'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
}

/** the running offers (switched on, today within their dates), each with the ids of the tests it names */
export async function offers(db: Q, today: string): Promise<OfferRow[]> {
  const rows = await db
    .selectFrom('offers')
    .select(['id', 'discount_percentage', 'category_id', 'start_date', 'end_date', 'active'])
    .where('active', '=', 1)
    .where('start_date', '<=', today)
    .where('end_date', '>=', today)
    .execute();
  const links = await offerTestLinks(
    db,
    rows.map((r) => r.id),
  );
  return rows.map(({ id, ...o }) => ({ ...o, test_ids: links.filter((l) => l.offer_id === id).map((l) => l.test_id) }));
}

/** the tests the given offers name (running offers are a handful, so one query for all of them) */
export function offerTestLinks(db: Q, offerIds: readonly number[]): Promise<{ offer_id: number; test_id: number }[]> {
  if (offerIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('offer_tests').select(['offer_id', 'test_id']).where('offer_id', 'in', [...offerIds]).execute();
}

export function memberships(db: Q, userId: number, today: string): Promise<MembershipRow[]> {
  return db
    .selectFrom('memberships')
    .innerJoin('membership_plans', 'membership_plans.id', 'memberships.plan_id')
    .select(['memberships.status', 'memberships.start_date', 'memberships.end_date', 'membership_plans.discount_percentage'])
    .where('memberships.user_id', '=', userId)
    .where('memberships.status', '=', 'Approved')
    .where('memberships.start_date', '<=', today)
    .where('memberships.end_date', '>=', today)
    .execute();
}

/**
 * The versions of what the public pages show, in one read: the catalogue (bumped by triggers on tests,
 * categories, offers and packages), the content (blogs and careers, migration 014) and the lab's details
 * (its row's own version, bumped by each edit).
 */
export async function publicVersions(db: Q): Promise<{ catalogue: number; content: number; lab: number }> {
  const { rows } = await sql<{ catalogue: number; content: number; lab: number }>`select
    (select version from catalog_version where id = 1) as catalogue,
    (select version from content_version where id = 1) as content,
    (select version from lab_details where id = 1) as lab`.execute(db);
  const row = rows[0];
  return { catalogue: Number(row?.catalogue ?? 0), content: Number(row?.content ?? 0), lab: Number(row?.lab ?? 0) };
}

export function categories(db: Q) {
  return db.selectFrom('categories').select(['id', 'name', 'slug', 'name_hi']).orderBy('name').execute();
}

export interface PackageRow {
  id: number;
  name: string;
  description: string;
  price_paise: number;
  name_hi: string | null;
  description_hi: string | null;
}

export function activePackages(db: Q): Promise<PackageRow[]> {
  return db.selectFrom('packages').select(['id', 'name', 'description', 'price_paise', 'name_hi', 'description_hi']).where('active', '=', 1).orderBy('id').execute();
}

export function packageById(db: Q, id: number) {
  return db.selectFrom('packages').select(['id', 'name', 'description', 'price_paise', 'active']).where('id', '=', id).executeTakeFirst();
}

export interface PackageTestRow {
  package_id: number;
  id: number;
  name: string;
  price_paise: number;
  category_id: number;
  active: number;
  name_hi: string | null;
}

export function packageTests(db: Q, packageIds: readonly number[]): Promise<PackageTestRow[]> {
  if (packageIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('package_tests')
    .innerJoin('tests', 'tests.id', 'package_tests.test_id')
    .select(['package_tests.package_id', 'tests.id', 'tests.name', 'tests.price_paise', 'tests.category_id', 'tests.active', 'tests.name_hi'])
    .where('package_tests.package_id', 'in', [...packageIds])
    .orderBy('package_tests.package_id')
    .orderBy('tests.name')
    .execute();
}

/**
 * Active packages made of exactly as many tests as `testIds` holds, one of them its first: the only
 * packages a booking of exactly these tests can be. The caller compares the test sets.
 */
export function packageCandidates(db: Q, testIds: readonly number[]): Promise<{ package_id: number }[]> {
  const first = testIds[0];
  if (first === undefined) return Promise.resolve([]);
  return db
    .selectFrom('package_tests')
    .innerJoin('packages', 'packages.id', 'package_tests.package_id')
    .select('package_tests.package_id')
    .where('packages.active', '=', 1)
    .where('package_tests.package_id', 'in', db.selectFrom('package_tests').select('package_id').where('test_id', '=', first))
    .groupBy('package_tests.package_id')
    .having((eb) => eb.fn.countAll(), '=', testIds.length)
    .execute();
}
