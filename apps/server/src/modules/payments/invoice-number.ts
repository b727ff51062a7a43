// Invoice numbers: "LC/2026-27/000123", sequential and gap-free within an Indian financial year
// (1 April – 31 March, India time). One counter row per year, bumped inside the transaction that
// creates the bill: on PostgreSQL the row stays locked until that transaction ends, so two processes
// never draw the same number, and a transaction that rolls back takes its number back with it.
import { inIndia } from '@lab/contract';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

export const INVOICE_PREFIX = 'LC';
/** digits of the running number; a year with more bills than this still numbers on, one digit wider */
const WIDTH = 6;

/** "2026-27" for any instant from 1 April 2026 to 31 March 2027, India time */
export function financialYear(at: Date | number): string {
  const [year, month] = inIndia(at).date.split('-').map(Number) as [number, number];
  const start = month >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

export function formatInvoiceNumber(year: string, n: number): string {
  return `${INVOICE_PREFIX}/${year}/${String(n).padStart(WIDTH, '0')}`;
}

/** the next number of the financial year of `now`, taken inside the caller's transaction */
export async function nextInvoiceNumber(trx: Transaction<Database> | Kysely<Database>, now: Date): Promise<string> {
  return (await nextInvoiceNumbers(trx, now, 1))[0]!;
}

/**
 * The next `count` numbers of the financial year of `now`, consecutive, in one statement: a batch of
 * bookings committed together (booking/writer.ts) takes its numbers at once, as its last lock.
 */
export async function nextInvoiceNumbers(trx: Transaction<Database> | Kysely<Database>, now: Date, count: number): Promise<string[]> {
  if (count < 1) return [];
  const year = financialYear(now);
  // One statement on both databases: the first bill of a year makes the row, later ones bump it.
  const { rows } = await sql<{ last_number: number }>`
    insert into invoice_sequences (financial_year, last_number) values (${year}, ${count})
    on conflict (financial_year) do update set last_number = invoice_sequences.last_number + ${count}
    returning last_number`.execute(trx);
  const last = Number(rows[0]!.last_number);
  return Array.from({ length: count }, (_, i) => formatInvoiceNumber(year, last - count + 1 + i));
}
