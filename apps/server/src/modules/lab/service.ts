// The lab's details as every reader gets them (footer, pages, e-mails, bills, reports, booking's closed days).
import type { LabDetails } from '@lab/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { DEFAULT_LAB_DETAILS } from './defaults.ts';

export async function labDetails(_db: Kysely<Database>): Promise<LabDetails> {
  return DEFAULT_LAB_DETAILS;
}

/**
 * A number that changes whenever the lab's details do, for caches of what shows them (the rendered
 * pages). The details are fixed demo defaults until they are kept in the database, so it never changes.
 */
export async function labDetailsVersion(_db: Kysely<Database>): Promise<number> {
  return 1;
}
