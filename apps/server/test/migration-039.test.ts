// Migration 039 on a database whose audit log holds result values: every result, amendment and
// critical-call entry keeps its references (versions, parameters by name, when) and loses its values,
// reasons and notes; other entries are untouched; on SQLite the search index deletes securely. Both databases.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrations/index.ts';
import { withDatabaseAt } from './helpers.ts';

describe('migration 039 on an audit log with result values', () => {
  it('replaces the values with references', async () => {
    await withDatabaseAt('037-email-proof', async ({ db, dialect }) => {
      const raw = db as unknown as Kysely<any>;
      const at = '2026-03-01T04:30:00.000Z';
      const entry = (action: string, entity: string, before: object | null, after: object | null) => ({
        actor_user_id: null,
        entity,
        entity_id: 'legacyAppt000001',
        action,
        before_json: before && JSON.stringify(before),
        after_json: after && JSON.stringify(after),
        created_at: at,
      });
      await raw
        .insertInto('audit_log')
        .values([
          entry('results_final', 'appointment', { Haemoglobin: null, 'Platelet Count': '250' }, { Haemoglobin: '13.5 (L)', 'Platelet Count': '251' }),
          entry('amend', 'appointment', { version: 1, Haemoglobin: '13.5' }, { version: 2, reason: 'Typed 1.35 by mistake', Haemoglobin: '15.3' }),
          entry('critical_call', 'appointment', null, { note: 'Rang Dr Rao: potassium 6.9', at }),
          entry('release', 'appointment', { status: 'sample_collected' }, { status: 'completed', report_version: 1, verification_code: 'ABCD2345' }),
          entry('payment', 'bill', { paid: 0 }, { amount: 13.5 }),
        ])
        .execute();

      await migrateToLatest(db, dialect);

      const rows = await db.selectFrom('audit_log').select(['action', 'before_json', 'after_json']).where('entity_id', '=', 'legacyAppt000001').orderBy('id').execute();
      const parsed = rows.map((r) => [r.action, r.before_json && JSON.parse(r.before_json), r.after_json && JSON.parse(r.after_json)]);
      expect(parsed).toEqual([
        ['results_final', { parameters: [{ name: 'Haemoglobin' }, { name: 'Platelet Count' }] }, { parameters: [{ name: 'Haemoglobin' }, { name: 'Platelet Count' }] }],
        ['amend', { version: 1, parameters: [{ name: 'Haemoglobin' }] }, { version: 2, parameters: [{ name: 'Haemoglobin' }] }],
        ['critical_call', null, { at }],
        ['release', { status: 'sample_collected' }, { status: 'completed', report_version: 1, verification_code: 'ABCD2345' }],
        ['payment', { paid: 0 }, { amount: 13.5 }],
      ]);
      expect(JSON.stringify(rows.slice(0, 3))).not.toMatch(/13\.5|15\.3|1\.35|6\.9|Rao/);
      if (dialect === 'sqlite') {
        const config = await sql<{ k: string; v: number }>`SELECT k, v FROM appointments_search_config WHERE k = 'secure-delete'`.execute(db);
        expect(config.rows).toEqual([{ k: 'secure-delete', v: 1 }]);
      }
    });
  });
});
