// The demo catalogue seeded two names for four tests (KFT and KFTs, LFT and LFTs, PCR Test and PCR
// Tests, HIV Antibody Test and HIV Antibody Testing). The seed now has one of each (decision 052); a
// database seeded before keeps the duplicate's row, switched off: it leaves the public catalogue and
// booking, while bookings, bills and reports that name it by id read on as before. A package or offer
// that named the duplicate names the test kept instead, so it stays bookable. Names are written here,
// not imported: a migration never changes with live code.
import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from './dialect.ts';

/** [the duplicate retired, the test kept] */
export const RETIRED_DUPLICATES: ReadonlyArray<readonly [string, string]> = [
  ['Kidney Function Tests (KFT)', 'Kidney Function Test (KFT)'],
  ['Liver Function Tests (LFT)', 'Liver Function Test (LFT)'],
  ['PCR Tests', 'PCR Test'],
  ['HIV Antibody Testing', 'HIV Antibody Test'],
];

export function retireDuplicateTests(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      for (const [retired, kept] of RETIRED_DUPLICATES) {
        const idOf = async (name: string) =>
          (await db.selectFrom('tests').select('id').where('name', '=', name).orderBy('id').limit(1).executeTakeFirst())?.id as number | undefined;
        const [old, keep] = [await idOf(retired), await idOf(kept)];
        if (old === undefined || keep === undefined) continue;
        for (const [table, owner] of [
          ['package_tests', 'package_id'],
          ['offer_tests', 'offer_id'],
        ] as const) {
          await sql`
            insert into ${sql.table(table)} (${sql.ref(owner)}, test_id)
            select ${sql.ref(owner)}, ${keep} from ${sql.table(table)} where test_id = ${old}
              and ${sql.ref(owner)} not in (select ${sql.ref(owner)} from ${sql.table(table)} where test_id = ${keep})
          `.execute(db);
          await db.deleteFrom(table).where('test_id', '=', old).execute();
        }
        await db.updateTable('tests').set({ active: 0 }).where('id', '=', old).execute();
      }
    },
    async down() {
      // Nothing to undo that should be undone: the duplicate stays switched off.
    },
  };
}
