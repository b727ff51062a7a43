// Health values out of the audit log, and a search index that forgets what is deleted from it:
// - the audit entries of results once held the values themselves ({"Haemoglobin": "13.5 (L)"}, before
//   and after), of amendments the values and the reason, of critical calls the note; from now on they
//   name the parameters only (the report versions hold the values, for their legal period). The
//   entries written before are rewritten the same way: references kept (versions, codes, parameter
//   ids and names, who, when), values, reasons and notes dropped;
// - SQLite: the staff search's FTS5 table turns on its secure-delete option, so an erased booking's
//   text leaves the index's own pages as well as its content row (decision 050).
// Frozen: the rewrite below is a copy of the rule as it stood (modules/privacy/erasure.ts), not an import.
import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from './dialect.ts';

const ACTIONS = ['results_draft', 'results_final', 'amend', 'amend_release', 'critical_call'];
const RESULT_ACTIONS = new Set(['results_draft', 'results_final', 'amend', 'amend_release']);
const REFERENCE_KEYS = new Set(['version', 'pending_version', 'report_version', 'verification_code', 'parameters', 'parameter_ids', 'amended_by', 'at', 'status']);

function withoutValues(action: string, json: string | null): string | null {
  if (json === null) return null;
  let entry: unknown;
  try {
    entry = JSON.parse(json);
  } catch {
    return null;
  }
  if (!entry || typeof entry !== 'object' || Array.isArray(entry)) return null;
  const kept: Record<string, unknown> = {};
  const named: Array<{ name: string }> = [];
  for (const [key, value] of Object.entries(entry)) {
    if (REFERENCE_KEYS.has(key)) kept[key] = key === 'parameters' && Array.isArray(value) ? value.map((p: { parameter_id?: unknown; name?: unknown }) => ({ parameter_id: p.parameter_id, name: p.name })) : value;
    else if (RESULT_ACTIONS.has(action) && key !== 'reason') named.push({ name: key });
  }
  if (named.length) kept.parameters = [...((kept.parameters as unknown[] | undefined) ?? []), ...named];
  return JSON.stringify(kept);
}

export function auditWithoutValues(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      let after = 0;
      for (;;) {
        const rows = (await db
          .selectFrom('audit_log')
          .select(['id', 'action', 'before_json', 'after_json'])
          .where('entity', '=', 'appointment')
          .where('action', 'in', ACTIONS)
          .where('id', '>', after)
          .orderBy('id')
          .limit(500)
          .execute()) as Array<{ id: number; action: string; before_json: string | null; after_json: string | null }>;
        if (rows.length === 0) break;
        for (const r of rows) {
          const before = withoutValues(r.action, r.before_json);
          const afterJson = withoutValues(r.action, r.after_json);
          if (before !== r.before_json || afterJson !== r.after_json) await db.updateTable('audit_log').set({ before_json: before, after_json: afterJson }).where('id', '=', r.id).execute();
        }
        after = Number(rows.at(-1)!.id);
      }
      if (dialect === 'sqlite') await sql`INSERT INTO appointments_search (appointments_search, rank) VALUES ('secure-delete', 1)`.execute(db);
    },
    async down() {
      throw new Error('the audit-without-values migration is not reversible');
    },
  };
}
