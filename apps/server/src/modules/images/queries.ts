// SQL of uploaded images.
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database, ImagesTable } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

const columns = ['id', 'width', 'height', 'widths', 'alt'] as const;

export function byIds(db: Db, ids: readonly number[]) {
  return db.selectFrom('images').select(columns).where('id', 'in', ids).execute();
}

/** the newest first, one page */
export function newest(db: Db, limit: number) {
  return db.selectFrom('images').select(columns).orderBy('id', 'desc').limit(limit).execute();
}

export async function insert(db: Db, row: Insertable<ImagesTable>): Promise<number> {
  const { id } = await db.insertInto('images').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(id);
}

