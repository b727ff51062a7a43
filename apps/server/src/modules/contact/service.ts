// Contact messages from the public form: kept in the database for the staff to answer.
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { contactRequestSchema, contactResponseSchema } from '@lab/contract';
import type { Database } from '../../db/schema.ts';
import { nowIso } from '../../lib/time.ts';
import * as q from './queries.ts';

export function saveMessage(
  db: Kysely<Database>,
  m: z.output<typeof contactRequestSchema>,
): Promise<z.output<typeof contactResponseSchema>> {
  return q.insertMessage(db, { name: m.name, email: m.email, phone: m.phone, message: m.message, created_at: nowIso() });
}
