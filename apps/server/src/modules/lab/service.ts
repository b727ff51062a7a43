// The lab's details as every reader gets them (footer, pages, e-mails, bills, reports, booking's closed days).
import type { LabDetails } from '@lab/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { DEFAULT_LAB_DETAILS } from './defaults.ts';

export async function labDetails(_db: Kysely<Database>): Promise<LabDetails> {
  return DEFAULT_LAB_DETAILS;
}
