// SQL of the lab's details: the one row (id 1) and its version, and the images its pictures name.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export async function version(db: Db): Promise<number> {
  const row = await db.selectFrom('lab_details').select('version').where('id', '=', 1).executeTakeFirstOrThrow();
  return Number(row.version);
}

export function row(db: Db) {
  return db.selectFrom('lab_details').select(['version', 'details_json']).where('id', '=', 1).executeTakeFirstOrThrow();
}

/** writes the record and bumps its version, so every process's cache sees the edit on its next read */
export async function save(db: Db, detailsJson: string, updatedAt: string): Promise<void> {
  await db
    .updateTable('lab_details')
    .set((eb) => ({ details_json: detailsJson, updated_at: updatedAt, version: eb('version', '+', 1) }))
    .where('id', '=', 1)
    .execute();
}
