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
  const year = financialYear(now);
  // One statement on both databases: the first bill of a year makes the row, later ones bump it.
  const { rows } = await sql<{ last_number: number }>`
    insert into invoice_sequences (financial_year, last_number) values (${year}, 1)
    on conflict (financial_year) do update set last_number = invoice_sequences.last_number + 1
    returning last_number`.execute(trx);
  return formatInvoiceNumber(year, Number(rows[0]!.last_number));
}
