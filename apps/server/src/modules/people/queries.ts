// SQL of family members (modules/people/members.ts): an account's members, their consent records (rows of
// `consents` naming the member) and whether a member has bookings (then archived, never deleted).
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database, FamilyMembersTable } from '../../db/schema.ts';

type Db = Kysely<Database>;
export type MemberRow = Selectable<FamilyMembersTable>;

/** an account's members, archived ones too, in the order they were added */
export function membersOf(db: Db, userId: number): Promise<MemberRow[]> {
  // a member who took their records over is no longer the holder's
  return db.selectFrom('family_members').selectAll().where('user_id', '=', userId).where('handed_over_at', 'is', null).orderBy('id').execute();
}

/** one member of an account; undefined for another account's member (never told apart from none) */
export function memberOf(db: Db, userId: number, memberId: number): Promise<MemberRow | undefined> {
  return db.selectFrom('family_members').selectAll().where('user_id', '=', userId).where('id', '=', memberId).where('handed_over_at', 'is', null).executeTakeFirst();
}

export async function insertMember(db: Db, row: Insertable<FamilyMembersTable>): Promise<number> {
  const made = await db.insertInto('family_members').values(row).returning('id').executeTakeFirstOrThrow();
  return made.id;
}

export async function updateMember(db: Db, memberId: number, patch: Updateable<FamilyMembersTable>): Promise<void> {
  await db.updateTable('family_members').set(patch).where('id', '=', memberId).execute();
}

export async function deleteMember(db: Db, memberId: number): Promise<void> {
  await db.deleteFrom('consents').where('member_id', '=', memberId).execute();
  await db.deleteFrom('family_members').where('id', '=', memberId).execute();
}

/** whether any booking names the member (from the partial index on appointments.member_id) */
export async function hasBookings(db: Db, memberId: number): Promise<boolean> {
  return (await db.selectFrom('appointments').select('id').where('member_id', '=', memberId).limit(1).executeTakeFirst()) !== undefined;
}

/** the newest consent in force of each of the members, by member id */
export async function consentsInForce(db: Db, memberIds: readonly number[]) {
  if (memberIds.length === 0) return new Map<number, { notice_version: string; given_at: string; guardian: boolean }>();
  const rows = await db
    .selectFrom('consents')
    .select(['member_id', 'notice_version', 'given_at', 'guardian_relation'])
    .where('member_id', 'in', memberIds)
    .where('purpose', '=', 'service')
    .where('withdrawn_at', 'is', null)
    .orderBy('id')
    .execute();
  const byMember = new Map<number, { notice_version: string; given_at: string; guardian: boolean }>();
  for (const r of rows) if (r.member_id !== null) byMember.set(r.member_id, { notice_version: r.notice_version, given_at: r.given_at, guardian: r.guardian_relation !== null });
  return byMember;
}
