// Migration 012 on a database that already has appointments: the counters start from a recount, samples
// already collected get their collection time from the audit trail, and the search index holds the
// existing bookings, on both databases.
import { type Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrations/index.ts';
import { APPOINTMENT_STATUSES, searchDocumentSql } from '../src/db/search-document.ts';
import { appointmentsByStatus } from '../src/modules/stats/queries.ts';
import { withDatabaseAt } from './helpers.ts';

describe('migration 012 on a database that has appointments', () => {
  it('counts them, dates collected samples from the audit trail and indexes them for search', async () => {
    await withDatabaseAt('007-test-results', async ({ db, dialect }) => {
      const raw = db as unknown as Kysely<any>;
      const at = '2026-03-01T04:30:00.000Z';
      const row = (n: number, status: string) => ({
        id: `legacyAppt${String(n).padStart(6, '0')}`, reference: `LC-OLD${n}`, user_id: null, user_name: `Old Patient ${'abcdef'[n]}`, user_name_key: `old patient ${'abcdef'[n]}`,
        user_email: `old${n}@example.com`, user_phone: '+91 98290 1234' + n, date: '2026-03-01', time: '10:00', home_sample: 0, address: '', status, package_id: null, created_at: at, updated_at: at,
      });
      await raw.insertInto('appointments').values([row(1, 'booked'), row(2, 'sample_collected'), row(3, 'completed'), row(4, 'completed'), row(5, 'cancelled')]).execute();
      await raw.insertInto('audit_log').values({ actor_user_id: null, entity: 'appointment', entity_id: 'legacyAppt000002', action: 'status', before_json: '{"status":"approved"}', after_json: '{"status":"sample_collected"}', created_at: at }).execute();

      await migrateToLatest(db, dialect);

      const counts = await appointmentsByStatus(db);
      expect(Object.fromEntries(APPOINTMENT_STATUSES.map((s) => [s, counts.get(s)]))).toEqual({ booked: 1, approved: 0, sample_collected: 1, completed: 2, cancelled: 1 });
      const two = await db.selectFrom('appointments').select(['sample_collected_at', 'sample_received_at']).where('id', '=', 'legacyAppt000002').executeTakeFirstOrThrow();
      expect(two).toEqual({ sample_collected_at: at, sample_received_at: at });
      const found =
        dialect === 'postgres'
          ? await sql<{ id: string }>`select a.id from appointments a where (${sql.raw(searchDocumentSql('a.'))}) like ${'%9829012343%'}`.execute(db)
          : await sql<{ id: string }>`select a.id from appointments a where a.rowid in (select rowid from appointments_search where appointments_search match ${'"9829012343"'})`.execute(db);
      expect(found.rows.map((r) => r.id)).toEqual(['legacyAppt000003']);
    });
  });
});
