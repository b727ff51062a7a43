// The seeded catalogue names each test once (decision 052): a new database has one of KFT/KFTs,
// LFT/LFTs, PCR Test/Tests and HIV Antibody Test/Testing; a database seeded before is given migration
// 042, which switches the second name off (out of the public catalogue and booking), moves the packages
// and offers that named it to the test kept, and leaves the bookings, bills and reports that name it by
// id reading as before. SQLite and PostgreSQL.
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RETIRED_DUPLICATES } from '../src/db/migrations/042-retire-duplicate-tests.ts';
import { migrateToLatest } from '../src/db/migrations/index.ts';
import { makeApp, spreadVisit, type TestApp, withDatabaseAt } from './helpers.ts';

describe('a new database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp();
  });
  afterAll(() => t.close());

  it('lists each of these tests once, under the name kept', async () => {
    const names = ((await t.app.inject({ method: 'GET', url: '/api/tests/' })).json() as { name: string }[]).map((x) => x.name);
    for (const [retired, kept] of RETIRED_DUPLICATES) {
      expect(names).not.toContain(retired);
      expect(names.filter((n) => n === kept)).toHaveLength(1);
    }
    // nor any other pair that differs only by a plural or "-ing"
    const stem = (n: string) => n.toLowerCase().replace(/\b(tests|testing)\b/g, 'test');
    expect(new Set(names.map(stem)).size).toBe(names.length);
  });

  it('reads a booking of a retired test by its old id: the bill opens, booking it anew is refused', async () => {
    const { db } = t.app.deps;
    // As migration 042 leaves a database seeded before: the duplicate's row, switched off.
    const kept = await db.selectFrom('tests').select(['id', 'category_id', 'price_paise']).where('name', '=', 'PCR Test').executeTakeFirstOrThrow();
    const old = await db
      .insertInto('tests')
      .values({ category_id: kept.category_id, name: 'PCR Tests', name_key: 'pcr tests', price_paise: kept.price_paise, active: 0, created_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const at = new Date().toISOString();
    await db.insertInto('appointments').values({ id: 'retiredDupAppt01', reference: 'LC-DUP1', user_id: null, user_name: 'Old Booking', user_email: 'old@example.com', user_phone: '9829012341', date: '2026-03-01', time: '10:00', home_sample: 0, address: '', status: 'booked', package_id: null, created_at: at, updated_at: at }).execute();
    await db.insertInto('appointment_tests').values({ appointment_id: 'retiredDupAppt01', test_id: old.id, position: 0, name: 'PCR Tests', name_hi: null, price_paise: kept.price_paise }).execute();
    await db.insertInto('bills').values({ appointment_id: 'retiredDupAppt01', invoice_no: 'LC/2025-26/999001', generated_at: at, total_paise: kept.price_paise, offer_paise: null, is_paid: 0, paid_at: null }).execute();

    const bill = await t.app.inject({ method: 'GET', url: '/api/billing/retiredDupAppt01/' });
    expect(bill.statusCode, bill.body).toBe(200);
    expect(bill.json().tests).toEqual([{ name: 'PCR Tests', price: kept.price_paise / 100 }]);
    expect(bill.json().lines).toEqual([{ kind: 'test', name: 'PCR Tests', amount: kept.price_paise / 100, includes: [] }]);

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/appointments/',
      payload: { ...spreadVisit(0, 3, { morningOnly: true }), user_name: 'New Booking', user_email: 'new@example.com', user_phone: '9829012342', home_sample: false, tests: [old.id] },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toHaveProperty('tests');
  });
});

describe('migration 042 on a database seeded with both names', () => {
  it('switches the duplicate off, moves its packages and offers to the test kept, and keeps its bookings', async () => {
    await withDatabaseAt('041-bill-lines', async ({ db, dialect }) => {
      const raw = db as unknown as Kysely<any>;
      const at = '2026-03-01T04:30:00.000Z';
      const { id: category } = await raw.insertInto('categories').values({ name: 'Biochemistry', slug: 'biochemistry' }).returning('id').executeTakeFirstOrThrow();
      const test = async (name: string) =>
        (await raw.insertInto('tests').values({ category_id: category, name, name_key: name.toLowerCase(), price_paise: 65_000, active: 1, created_at: at }).returning('id').executeTakeFirstOrThrow()).id as number;
      const ids = new Map<string, number>();
      for (const [retired, kept] of RETIRED_DUPLICATES) {
        ids.set(retired, await test(retired));
        ids.set(kept, await test(kept));
      }
      const kft = ids.get('Kidney Function Test (KFT)')!;
      const kfts = ids.get('Kidney Function Tests (KFT)')!;
      const lfts = ids.get('Liver Function Tests (LFT)')!;
      const lft = ids.get('Liver Function Test (LFT)')!;
      // One package names the duplicate, another names both; an offer names the duplicate.
      const pkg = async (name: string) => (await raw.insertInto('packages').values({ name, description: name, price_paise: 100_000, active: 1 }).returning('id').executeTakeFirstOrThrow()).id as number;
      const onlyDuplicate = await pkg('Kidney care');
      const both = await pkg('Liver care');
      await raw.insertInto('package_tests').values([{ package_id: onlyDuplicate, test_id: kfts }, { package_id: both, test_id: lfts }, { package_id: both, test_id: lft }]).execute();
      const { id: offer } = await raw.insertInto('offers').values({ description: 'Kidney month', discount_percentage: 10, category_id: null, start_date: '2026-01-01', end_date: '2026-12-31', active: 1 }).returning('id').executeTakeFirstOrThrow();
      await raw.insertInto('offer_tests').values({ offer_id: offer, test_id: kfts }).execute();
      await raw
        .insertInto('appointments')
        .values({ id: 'legacyDupAppt001', reference: 'LC-OLD2', user_id: null, user_name: 'Old Patient', user_email: 'old2@example.com', user_phone: '9829012341', date: '2026-03-01', time: '10:00', home_sample: 0, address: '', status: 'completed', package_id: null, created_at: at, updated_at: at })
        .execute();
      await raw.insertInto('appointment_tests').values({ appointment_id: 'legacyDupAppt001', test_id: kfts, position: 0, name: 'Kidney Function Tests (KFT)', price_paise: 65_000 }).execute();

      await migrateToLatest(db, dialect);

      const active = await raw.selectFrom('tests').select(['name', 'active']).orderBy('name').execute();
      for (const [retired, kept] of RETIRED_DUPLICATES) {
        expect(active.find((r) => r.name === retired)?.active, retired).toBe(0);
        expect(active.find((r) => r.name === kept)?.active, kept).toBe(1);
      }
      const packageTests = await raw.selectFrom('package_tests').select(['package_id', 'test_id']).orderBy('package_id').orderBy('test_id').execute();
      expect(packageTests).toEqual([
        { package_id: onlyDuplicate, test_id: kft },
        { package_id: both, test_id: lft },
      ]);
      expect(await raw.selectFrom('offer_tests').select(['offer_id', 'test_id']).execute()).toEqual([{ offer_id: offer, test_id: kft }]);
      // The booking still names the old id, whose row is still there.
      expect(await raw.selectFrom('appointment_tests').select(['test_id', 'name']).where('appointment_id', '=', 'legacyDupAppt001').execute()).toEqual([{ test_id: kfts, name: 'Kidney Function Tests (KFT)' }]);
    });
  });
});
