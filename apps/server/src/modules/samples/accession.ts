// Accession numbers: "261128-0001", the India date of collection (YYMMDD) and the day's running number,
// gap-free per day across processes. Taken as invoice numbers are (payments/invoice-number.ts): one
// counter row per day, bumped by one statement inside the transaction that records the collection, so
// on PostgreSQL the row stays locked until that transaction ends and a rolled-back collection takes its
// numbers back with it; SQLite has one writer at a time.
import { inIndia } from '@lab/contract';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** digits of the running number; a day with more containers than this numbers on, one digit wider */
const WIDTH = 4;

export function formatAccession(day: string, n: number): string {
  return `${day.slice(2, 4)}${day.slice(5, 7)}${day.slice(8, 10)}-${String(n).padStart(WIDTH, '0')}`;
}

/** the next `count` accession numbers of the India day of `at`, consecutive, in one statement */
export async function nextAccessions(trx: Transaction<Database> | Kysely<Database>, at: Date, count: number): Promise<string[]> {
  if (count < 1) return [];
  const day = inIndia(at).date;
  const { rows } = await sql<{ last_number: number }>`
    insert into accession_days (day, last_number) values (${day}, ${count})
    on conflict (day) do update set last_number = accession_days.last_number + ${count}
    returning last_number`.execute(trx);
  const last = Number(rows[0]!.last_number);
  return Array.from({ length: count }, (_, i) => formatAccession(day, last - count + 1 + i));
}
