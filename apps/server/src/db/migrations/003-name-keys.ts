// Normalised name keys (lib/name-key.ts) next to the names staff and patients type: categories and
// tests get a unique key, so a second "cftr δf508 mutation" is refused in any script on both
// databases; appointments get a key of the patient's name for the staff search.
import { type Kysely, type Migration } from 'kysely';
import type { Dialect } from './dialect.ts';

const CHUNK = 500;

/** a frozen copy of lib/name-key.ts's nameKey as this migration was written: the keys it backfills stay as they were */
function nameKey(name: string): string {
  return name.normalize('NFC').trim().toUpperCase().toLowerCase().replace(/ς/g, 'σ').normalize('NFC');
}

/** fills `keyColumn` from `nameColumn` for every row; a key met before gets its row id appended */
async function backfill(db: Kysely<any>, table: string, nameColumn: string, keyColumn: string, unique: boolean): Promise<void> {
  const seen = new Set<string>();
  for (let after: number | string = ''; ; ) {
    const rows: { id: number | string; name: string }[] = await db
      .selectFrom(table)
      .select(['id', `${nameColumn} as name`])
      .$if(after !== '', (qb) => qb.where('id', '>', after))
      .orderBy('id')
      .limit(CHUNK)
      .execute();
    for (const row of rows) {
      let key = nameKey(row.name);
      // Names that differ only in non-ASCII case could be saved before this key existed; the older row
      // keeps the plain key, a later one a key still found by a search for its name.
      if (unique && seen.has(key)) key = `${key} #${row.id}`;
      seen.add(key);
      await db.updateTable(table).set({ [keyColumn]: key }).where('id', '=', row.id).execute();
    }
    if (rows.length < CHUNK) return;
    after = rows[rows.length - 1]!.id;
  }
}

export function nameKeys(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      for (const table of ['categories', 'tests']) {
        await db.schema.alterTable(table).addColumn('name_key', 'text').execute();
        await backfill(db, table, 'name', 'name_key', true);
        await db.schema.createIndex(`${table}_name_key`).on(table).column('name_key').unique().execute();
      }
      await db.schema.alterTable('appointments').addColumn('user_name_key', 'text').execute();
      await backfill(db, 'appointments', 'user_name', 'user_name_key', false);
    },
    async down() {
      throw new Error('the name keys migration is not reversible');
    },
  };
}
