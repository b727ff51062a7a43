// Query pieces shared by several modules' queries files: counting what a filtered query selects,
// and a LIKE pattern for text typed into a search box.
import type { SelectQueryBuilder } from 'kysely';

/** how many rows the filtered query (before its select list) matches */
export async function countRows<DB, TB extends keyof DB>(query: SelectQueryBuilder<DB, TB, object>): Promise<number> {
  const row = await query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  // PostgreSQL answers a count as a string (bigint), SQLite as a number.
  return Number((row as { n: unknown }).n);
}

/** `%text%` for LIKE, with the wildcards of the text itself escaped (used with ESCAPE '\') */
export function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
