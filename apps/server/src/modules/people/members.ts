// Family members (docs/families-and-doctors.md, decision 059): the people an account holder books for.
// A member is an adult from ADULT_AGE: their data is theirs, so adding one records that the holder
// confirmed the member agreed to the privacy notice (its version); a minor's data is under the holder's
// consent as their parent or guardian, recorded with the holder's name and relation. Both are rows of the
// consent records (`consents`, naming the member). A member with bookings is archived (their bills and
// reports stay), one without is removed. Every change is audited in the transaction that makes it, by the
// names of the fields changed, never their values (the audit log outlives an erasure).
import { createHash, randomBytes } from 'node:crypto';
import { ADULT_AGE, type Locale, type Member, type MemberCreate, type MemberInvite, type MemberRemoved, type MemberUpdate, m, paths, type Said, sayIn } from '@lab/contract';
import type { Kysely, Updateable } from 'kysely';
import type { Database, FamilyMembersTable } from '../../db/schema.ts';
import { moveMemberVisits } from '../appointments/lifecycle.ts';
import { recordAudit } from '../audit/record.ts';
import { badRequest, type FieldErrors, fieldError, fieldErrors, notFound } from '../../lib/errors.ts';
import { todayIst } from '../../lib/time.ts';
import { ageOn, birthOrAgePatch } from '../profile/service.ts';
import * as q from './queries.ts';

type Db = Kysely<Database>;

export const MEMBER_NOT_FOUND = m('people.not_found');

/** a member's age in whole years on `today` (India date), by the profile's rule (an age said is aged since) */
export const memberAge = (row: Pick<q.MemberRow, 'date_of_birth' | 'age_years' | 'age_recorded_on'>, today: string): number | null => ageOn(row, today);

function shown(row: q.MemberRow, consent: { notice_version: string; given_at: string; guardian: boolean } | undefined, today: string): Member {
  const age = memberAge(row, today);
  return {
    id: row.id,
    name: row.name,
    relation: row.relation as Member['relation'],
    date_of_birth: row.date_of_birth,
    age_years: age,
    sex: row.sex,
    phone: row.phone,
    abha_number: row.abha_number,
    abha_address: row.abha_address,
    adult: age !== null && age >= ADULT_AGE,
    consent: consent ? { notice_version: consent.notice_version, given_at: consent.given_at, by: consent.guardian ? 'guardian' : 'member' } : null,
    archived: row.archived_at !== null,
    created_at: row.created_at,
  };
}

/** GET /api/users/me/members/: every member, archived ones too (their reports stay readable) */
export async function listMembers(db: Db, userId: number, now: Date): Promise<Member[]> {
  const rows = await q.membersOf(db, userId);
  const consents = await q.consentsInForce(
    db,
    rows.map((r) => r.id),
  );
  const today = todayIst(0, now);
  return rows.map((r) => shown(r, consents.get(r.id), today));
}

async function readMember(db: Db, userId: number, memberId: number, now: Date): Promise<Member> {
  const row = await q.memberOf(db, userId, memberId);
  if (!row) throw notFound(MEMBER_NOT_FOUND);
  const consents = await q.consentsInForce(db, [memberId]);
  return shown(row, consents.get(memberId), todayIst(0, now));
}

export interface ConsentSource {
  /** the client's address, hashed (privacy/consents.ts requestAddressHash) */
  addressHash: string;
  now: Date;
}

/** the consent a member of this age needs, or the field errors saying what is missing */
type Given = { notice: string; guardian_relation: string | null };
function consentFor(age: number, consent: MemberCreate['consent'] | undefined): Given | FieldErrors {
  if (age >= ADULT_AGE) {
    if (!consent || consent.member_agreed !== true) return { 'consent.member_agreed': [m('people.member_agreed_needed')] };
    return { notice: consent.notice_version, guardian_relation: null };
  }
  if (!consent?.guardian_relation) return { 'consent.guardian_relation': [m('people.guardian_needed', { age: ADULT_AGE })] };
  return { notice: consent.notice_version, guardian_relation: consent.guardian_relation };
}
const isErrors = (v: Given | FieldErrors): v is FieldErrors => !('notice' in v);

/** the account holder's name as the account keeps it (the guardian's name of a minor's consent; the holder at a household's visit) */
export async function holderName(db: Db, userId: number): Promise<string> {
  const u = await db.selectFrom('users').select(['first_name', 'last_name', 'username']).where('id', '=', userId).executeTakeFirstOrThrow();
  return `${u.first_name} ${u.last_name}`.trim() || u.username;
}

/** the member's consent record: the holder's confirmation for an adult, the holder as guardian for a minor */
async function writeConsent(trx: Db, userId: number, memberId: number, notice: string, guardianRelation: string | null, source: ConsentSource): Promise<void> {
  const at = source.now.toISOString();
  await trx.updateTable('consents').set({ withdrawn_at: at }).where('member_id', '=', memberId).where('withdrawn_at', 'is', null).execute();
  await trx
    .insertInto('consents')
    .values({
      user_id: userId,
      appointment_id: null,
      member_id: memberId,
      purpose: 'service',
      notice_version: notice,
      captured: 1,
      source: 'dashboard',
      given_at: at,
      withdrawn_at: null,
      address_hash: source.addressHash,
      guardian_name: guardianRelation ? await holderName(trx, userId) : null,
      guardian_relation: guardianRelation,
      pseudonymised_at: null,
    })
    .execute();
}

/** POST /api/users/me/members/ */
export async function addMember(db: Db, userId: number, input: MemberCreate, source: ConsentSource): Promise<Member> {
  const today = todayIst(0, source.now);
  const birthOrAge = birthOrAgePatch(input, today);
  const row = {
    user_id: userId,
    name: input.name.trim(),
    relation: input.relation,
    date_of_birth: birthOrAge.date_of_birth ?? null,
    age_years: birthOrAge.age_years ?? null,
    age_recorded_on: birthOrAge.age_recorded_on ?? null,
    sex: input.sex ?? null,
    phone: input.phone?.trim() ?? null,
    abha_number: input.abha_number ?? null,
    abha_address: input.abha_address ?? null,
    created_at: source.now.toISOString(),
    archived_at: null,
  };
  const consent = consentFor(memberAge(row, today) ?? 0, input.consent);
  if (isErrors(consent)) throw fieldErrors(consent);
  const memberId = await db.transaction().execute(async (trx) => {
    const made = await q.insertMember(trx, row);
    await writeConsent(trx, userId, made, consent.notice, consent.guardian_relation, source);
    await recordAudit(trx, { actorUserId: userId, entity: 'family_member', entityId: made, action: 'create', before: null, after: { consent: consent.guardian_relation ? 'guardian' : 'member' } });
    return made;
  });
  return readMember(db, userId, memberId, source.now);
}

/**
 * PATCH /api/users/me/members/{id}/: fields left out stay. A change across the adult age needs the
 * consent of whoever's data it now is (the member's agreement, or the holder as guardian).
 */
export async function changeMember(db: Db, userId: number, memberId: number, input: MemberUpdate, source: ConsentSource): Promise<Member> {
  const today = todayIst(0, source.now);
  const birthOrAge = birthOrAgePatch(input, today);
  await db.transaction().execute(async (trx) => {
    const before = await q.memberOf(trx, userId, memberId);
    if (!before) throw notFound(MEMBER_NOT_FOUND);
    const patch: Updateable<FamilyMembersTable> = { ...birthOrAge };
    if (input.name !== undefined) patch.name = input.name.trim();
    if (input.relation !== undefined) patch.relation = input.relation;
    if (input.sex !== undefined) patch.sex = input.sex;
    if (input.phone !== undefined) patch.phone = input.phone === null ? null : input.phone.trim();
    if (input.abha_number !== undefined) patch.abha_number = input.abha_number;
    if (input.abha_address !== undefined) patch.abha_address = input.abha_address;
    const after = { ...before, ...patch } as q.MemberRow;
    const age = memberAge(after, today);
    if (age === null) throw fieldError('date_of_birth', m('people.age_needed'));
    const current = (await q.consentsInForce(trx, [memberId])).get(memberId);
    const adult = age >= ADULT_AGE;
    // the consent in force must be the right person's: a guardian's for a minor, the member's own for an adult
    const needsNew = !current || current.guardian === adult || (input.consent !== undefined && input.consent.notice_version !== current.notice_version);
    const changed = Object.keys(patch).filter((k) => patch[k as keyof typeof patch] !== before[k as keyof q.MemberRow]);
    if (needsNew) {
      const consent = consentFor(age, input.consent);
      if (isErrors(consent)) throw fieldErrors(consent);
      await writeConsent(trx, userId, memberId, consent.notice, consent.guardian_relation, source);
      changed.push('consent');
    }
    if (changed.length === 0) return;
    await q.updateMember(trx, memberId, patch);
    await recordAudit(trx, { actorUserId: userId, entity: 'family_member', entityId: memberId, action: 'update', before: null, after: { changed } });
  });
  return readMember(db, userId, memberId, source.now);
}

/** DELETE /api/users/me/members/{id}/: archived when the member has bookings, removed otherwise */
export async function removeMember(db: Db, userId: number, memberId: number, now: Date, language: Locale): Promise<MemberRemoved> {
  const outcome = await db.transaction().execute(async (trx) => {
    const row = await q.memberOf(trx, userId, memberId);
    if (!row) throw notFound(MEMBER_NOT_FOUND);
    const at = now.toISOString();
    // the consent ends either way; its record stays as evidence until the retention job (privacy/consents.ts)
    await trx.updateTable('consents').set({ withdrawn_at: at }).where('member_id', '=', memberId).where('withdrawn_at', 'is', null).execute();
    if (await q.hasBookings(trx, memberId)) {
      if (row.archived_at === null) await q.updateMember(trx, memberId, { archived_at: at });
      await recordAudit(trx, { actorUserId: userId, entity: 'family_member', entityId: memberId, action: 'archive', before: null, after: null });
      return 'archived' as const;
    }
    await trx.deleteFrom('family_members').where('id', '=', memberId).execute();
    await recordAudit(trx, { actorUserId: userId, entity: 'family_member', entityId: memberId, action: 'delete', before: null, after: null });
    return 'deleted' as const;
  });
  const said: Said = m(outcome === 'archived' ? 'people.archived' : 'people.deleted');
  return { outcome, message: sayIn(language, said) };
}

/**
 * The member a booking is for, checked: the caller's own, not archived, with a consent in force. Its
 * age and sex fill what the booking left out (reference intervals depend on them).
 */
export async function memberForBooking(db: Db, userId: number | null, memberId: number, now: Date, field = 'member_id') {
  const row = userId === null ? undefined : await q.memberOf(db, userId, memberId);
  if (!row) throw fieldError(field, MEMBER_NOT_FOUND);
  if (row.archived_at !== null) throw fieldError(field, m('people.archived_member'));
  const consent = (await q.consentsInForce(db, [memberId])).get(memberId);
  const age = memberAge(row, todayIst(0, now));
  if (!consent || age === null || consent.guardian === age >= ADULT_AGE) {
    throw fieldError(field, age !== null && age >= ADULT_AGE ? m('people.member_agreed_needed') : m('people.guardian_needed', { age: ADULT_AGE }));
  }
  return { id: row.id, name: row.name, date_of_birth: row.date_of_birth, age_years: age, sex: row.sex };
}

/** how long an invitation to take over one's records holds */
export const INVITE_DAYS = 7;
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const digits = (phone: string | null) => (phone ?? '').replace(/\D/g, '').slice(-10);

/**
 * POST /api/users/me/members/{id}/invite: a one-time link (a new one replaces the last) for an adult member
 * with a phone who agreed to the notice themselves; the holder passes it on. Audited.
 */
export async function inviteMember(db: Db, userId: number, memberId: number, publicUrl: string, now: Date): Promise<MemberInvite> {
  const token = randomBytes(32).toString('base64url');
  const expires_at = new Date(now.getTime() + INVITE_DAYS * 86_400_000).toISOString();
  await db.transaction().execute(async (trx) => {
    const row = await q.memberOf(trx, userId, memberId);
    if (!row) throw notFound(MEMBER_NOT_FOUND);
    const consent = (await q.consentsInForce(trx, [memberId])).get(memberId);
    const age = memberAge(row, todayIst(0, now));
    if (row.archived_at !== null || !row.phone || age === null || age < ADULT_AGE || !consent || consent.guardian) throw badRequest(m('people.invite_needs_adult_phone'));
    await q.updateMember(trx, memberId, { invite_hash: hashOf(token), invite_expires_at: expires_at });
    await recordAudit(trx, { actorUserId: userId, entity: 'family_member', entityId: memberId, action: 'invite', before: null, after: null });
  });
  // the token after the #, so no server log or Referer carries it; the page works signed out, then signs in
  return { link: `${publicUrl}${paths.takeOver}#token=${encodeURIComponent(token)}`, expires_at };
}

/**
 * POST /api/users/me/take-over: the invited member, signed in to their own account whose phone is the one
 * the holder gave, agrees to the notice; their bookings (with bills and reports) and consent move to that
 * account, the member leaves the holder's list, and the holder no longer sees them. One transaction, audited.
 */
export async function takeOver(db: Db, userId: number, input: { token: string; notice_version: string }, source: ConsentSource): Promise<{ moved_appointments: number; message: Said }> {
  const at = source.now.toISOString();
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('family_members')
      .selectAll()
      .where('invite_hash', '=', hashOf(input.token))
      .where('invite_expires_at', '>', at)
      .where('handed_over_at', 'is', null)
      .executeTakeFirst();
    if (!row) throw fieldError('token', m('people.invite_invalid'));
    if (row.user_id === userId) throw fieldError('token', m('people.take_over_own'));
    const me = await trx.selectFrom('users').select(['phone']).where('id', '=', userId).executeTakeFirstOrThrow();
    if (!me.phone || digits(me.phone) !== digits(row.phone)) throw fieldError('token', m('people.take_over_phone'));
    const taken = await trx
      .updateTable('family_members')
      .set({ handed_over_to: userId, handed_over_at: at, archived_at: at, invite_hash: null, invite_expires_at: null })
      .where('id', '=', row.id)
      .where('handed_over_at', 'is', null)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) throw fieldError('token', m('people.invite_invalid'));
    const moved = await moveMemberVisits(trx, row.id, userId);
    // the holder's confirmation for the member ends; the member's own consent, to the notice read now, is the account's
    await trx.updateTable('consents').set({ withdrawn_at: at }).where('member_id', '=', row.id).where('withdrawn_at', 'is', null).execute();
    await trx
      .insertInto('consents')
      .values({ user_id: userId, appointment_id: null, purpose: 'service', notice_version: input.notice_version, captured: 1, source: 'dashboard', given_at: at, withdrawn_at: null, address_hash: source.addressHash, guardian_name: null, guardian_relation: null, pseudonymised_at: null })
      .execute();
    await recordAudit(trx, { actorUserId: userId, entity: 'family_member', entityId: row.id, action: 'hand-over', before: { user_id: row.user_id }, after: { user_id: userId, appointments: moved } });
    return { moved_appointments: moved, message: m('people.taken_over') };
  });
}
