// Migration 030 on a database that already has bookings: each charged test takes the catalogue's Hindi
// name where the test still has the English name it was charged under, and no other, on both databases.
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrations/index.ts';
import { withDatabaseAt } from './helpers.ts';

describe('migration 030 on a database that has bookings', () => {
  it('gives the charged tests the Hindi names of the tests they still name', async () => {
    await withDatabaseAt('029-appointment-email-prefix', async ({ db, dialect }) => {
      const raw = db as unknown as Kysely<any>;
      const at = '2026-03-01T04:30:00.000Z';
      const { id: category } = await raw.insertInto('categories').values({ name: 'Biochemistry', slug: 'biochemistry' }).returning('id').executeTakeFirstOrThrow();
      const test = (name: string, name_hi: string | null) =>
        raw.insertInto('tests').values({ category_id: category, name, name_key: name.toLowerCase(), name_hi, price_paise: 10_000, active: 1, created_at: at }).returning('id').executeTakeFirstOrThrow();
      const sugar = (await test('Fasting Blood Sugar', 'खाली पेट ब्लड शुगर')).id as number;
      const renamed = (await test('Lipid Profile (Complete)', 'लिपिड प्रोफ़ाइल')).id as number;
      const english = (await test('Uric Acid', null)).id as number;
      await raw
        .insertInto('appointments')
        .values({ id: 'legacyAppt000001', reference: 'LC-OLD1', user_id: null, user_name: 'Old Patient', user_email: 'old1@example.com', user_phone: '9829012341', date: '2026-03-01', time: '10:00', home_sample: 0, address: '', status: 'completed', package_id: null, created_at: at, updated_at: at })
        .execute();
      // The second test was charged under the name it had then; it has been renamed since.
      const charged = [
        { test_id: sugar, name: 'Fasting Blood Sugar' },
        { test_id: renamed, name: 'Lipid Profile' },
        { test_id: english, name: 'Uric Acid' },
      ];
      await raw.insertInto('appointment_tests').values(charged.map((c, position) => ({ appointment_id: 'legacyAppt000001', position, price_paise: 10_000, ...c }))).execute();

      await migrateToLatest(db, dialect);

      const rows = await db.selectFrom('appointment_tests').select(['name', 'name_hi']).where('appointment_id', '=', 'legacyAppt000001').orderBy('position').execute();
      expect(rows).toEqual([
        { name: 'Fasting Blood Sugar', name_hi: 'खाली पेट ब्लड शुगर' },
        { name: 'Lipid Profile', name_hi: null },
        { name: 'Uric Acid', name_hi: null },
      ]);
    });
  });
});
