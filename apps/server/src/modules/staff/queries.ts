// SQL of staff access: the caller's staff role, read on every staff request (so a change applies at once).
import type { Kysely } from 'kysely';
import type { Database, StaffRole } from '../../db/schema.ts';

type Db = Kysely<Database>;

/** the role of a staff account; undefined for a patient or a missing account */
export async function staffRoleOf(db: Db, userId: number): Promise<StaffRole | undefined> {
  const row = await db.selectFrom('users').select('staff_role').where('id', '=', userId).where('role', '=', 'staff').executeTakeFirst();
  return row?.staff_role ?? undefined;
}
