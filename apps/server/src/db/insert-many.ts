// Many rows into one table in one statement, for the booking writer's batches (decision 045). Kysely
// builds every query as a tree of nodes and compiles it to text on each call; for a batch of bookings
// that is an INSERT of some twenty columns times the batch's rows, for five tables, and a profile of
// the booking benchmark showed that building as a large share of the request thread's own work. The
// text depends only on the table, the columns and the number of rows, so it is made once and kept; the
// statement still runs through Kysely (its connection, its transaction, the query log of metrics).
import { CompiledQuery, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { Dialect } from './index.ts';
import type { Database } from './schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** statement texts by dialect, table, columns and rows; a few dozen in practice (batches hold 1 to 64 bookings) */
const texts = new Map<string, string>();

/**
 * Inserts `rows` into `table` in one statement. Every row names the same columns, in the same order,
 * as the first (rows made by one object literal do); a value left undefined is written as NULL.
 */
export async function insertMany<T extends keyof Database & string>(db: Db, dialect: Dialect, table: T, rows: ReadonlyArray<Insertable<Database[T]>>): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]!);
  const key = `${dialect}\u0000${table}\u0000${columns.join(',')}\u0000${rows.length}`;
  let text = texts.get(key);
  if (text === undefined) {
    let n = 0;
    const placeholder = dialect === 'postgres' ? () => `$${++n}` : () => '?';
    const tuple = () => `(${columns.map(placeholder).join(', ')})`;
    text = `insert into "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) values ${rows.map(tuple).join(', ')}`;
    texts.set(key, text);
  }
  const parameters: unknown[] = [];
  for (const row of rows) {
    const values = row as Record<string, unknown>;
    if (Object.keys(values).length !== columns.length) throw new TypeError(`insertMany: every row into ${table} names the columns ${columns.join(', ')}`);
    for (const column of columns) {
      if (!(column in values)) throw new TypeError(`insertMany: every row into ${table} names the columns ${columns.join(', ')}`);
      parameters.push(values[column] ?? null);
    }
  }
  await db.executeQuery(CompiledQuery.raw(text, parameters));
}
