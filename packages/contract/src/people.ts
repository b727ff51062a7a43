// Family members of an account (docs/families-and-doctors.md): the people the account holder books for.
// A member is kept under the holder's account; an adult member's data is the member's, so adding one
// records that the member agreed to the privacy notice (its version); a minor's is under the holder's
// consent as their parent or guardian. A member with bookings is archived, never deleted.
import { z } from 'zod';
import { GUARDIAN_RELATIONS, privacyNotice } from './privacy-notice.ts';
import { id, idText, isoDate, languageQuerySchema, personName, phone, requiredText } from './common.ts';
import { abhaPatchFields } from './health-codes.ts';
import { patientSexSchema } from './reports.ts';
import { m, say } from './i18n/message.ts';

/** who the member is to the account holder */
export const MEMBER_RELATIONS = ['spouse', 'child', 'parent', 'sibling', 'grandparent', 'grandchild', 'other'] as const;
export type MemberRelation = (typeof MEMBER_RELATIONS)[number];

const ageYears = z.number(say('profile.age_whole_years')).int(say('profile.age_whole_years')).min(0, say('validation.at_least', { min: 0 })).max(130, say('validation.at_most', { max: 130 }));
const noticeVersion = z.string(say('consent.version_required')).max(20).refine((v) => v === privacyNotice.version, say('consent.notice_outdated', { version: privacyNotice.version }));

/**
 * The consent given when a member is added: for an adult, the holder confirms the member agreed to the
 * notice of `notice_version`; for a minor, the holder consents as the guardian named by `guardian_relation`.
 */
export const memberConsentSchema = z.object({
  notice_version: noticeVersion,
  /** an adult member: the holder confirms the member read the notice and agreed */
  member_agreed: z.boolean().optional(),
  /** a minor: the holder's relation to them, as the guardian who consents */
  guardian_relation: z.enum(GUARDIAN_RELATIONS, say('consent.choose_relation', { relations: GUARDIAN_RELATIONS.join(', ') })).optional(),
});
export type MemberConsent = z.infer<typeof memberConsentSchema>;

const memberFields = {
  name: personName(100, m('label.member_name')),
  relation: z.enum(MEMBER_RELATIONS, say('validation.choose_one', { choices: MEMBER_RELATIONS.join(', ') })),
  date_of_birth: isoDate.nullable().optional(),
  age_years: ageYears.nullable().optional(),
  sex: patientSexSchema.nullable().optional(),
  phone: phone.nullable().optional(),
  /** the member's ABHA number and address (health-codes.ts; docs/abdm.md) */
  ...abhaPatchFields,
};

/** POST /api/users/me/members/: one of date of birth or age is needed (the adult rule depends on it) */
export const memberCreateSchema = z
  .object({ ...memberFields, consent: memberConsentSchema })
  .refine((p) => !(p.date_of_birth && p.age_years != null), { ...say('profile.birth_or_age'), path: ['age_years'] })
  .refine((p) => Boolean(p.date_of_birth) || p.age_years != null, { ...say('people.age_needed'), path: ['date_of_birth'] });
export type MemberCreate = z.input<typeof memberCreateSchema>;

/** PATCH /api/users/me/members/{id}/: fields left out stay; a date of birth and an age replace each other */
export const memberUpdateSchema = z
  .object({
    name: memberFields.name.optional(),
    relation: memberFields.relation.optional(),
    date_of_birth: memberFields.date_of_birth,
    age_years: memberFields.age_years,
    sex: memberFields.sex,
    phone: memberFields.phone,
    abha_number: memberFields.abha_number,
    abha_address: memberFields.abha_address,
    /** needed when the change makes a minor an adult member: the member's own agreement */
    consent: memberConsentSchema.optional(),
  })
  .refine((p) => !(p.date_of_birth && p.age_years != null), { ...say('profile.birth_or_age'), path: ['age_years'] });
export type MemberUpdate = z.input<typeof memberUpdateSchema>;

export const memberSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  relation: z.enum(MEMBER_RELATIONS),
  date_of_birth: z.string().nullable(),
  /** whole years today, from the date of birth or the age given (aged from the day it was given) */
  age_years: z.number().int().nullable(),
  sex: patientSexSchema.nullable(),
  phone: z.string().nullable(),
  abha_number: z.string().nullable(),
  abha_address: z.string().nullable(),
  /** an adult (ADULT_AGE or older): the member's own consent; a minor: the guardian's */
  adult: z.boolean(),
  /** the consent in force: the notice's version, and whose it is */
  consent: z.object({ notice_version: z.string(), given_at: z.string(), by: z.enum(['member', 'guardian']) }).nullable(),
  /** archived: kept for its bookings and reports, no longer booked for */
  archived: z.boolean(),
  created_at: z.string(),
});
export type Member = z.infer<typeof memberSchema>;
export const memberListSchema = z.array(memberSchema);

export const memberIdParams = z.object({ id: idText(m('label.member_id')) });
/** the member a booking is for (booking.ts): absent or null, the account holder */
export const bookingMemberId = id(m('label.member_id')).nullable().optional();

/** DELETE /api/users/me/members/{id}/: `deleted`, or `archived` when the member has bookings */
export const memberRemovedSchema = z.object({ outcome: z.enum(['deleted', 'archived']), message: z.string() });
export type MemberRemoved = z.infer<typeof memberRemovedSchema>;

/** `?member=` of the patient's reports and trends: `self` (the holder's own), or a member's id */
export const memberQuerySchema = languageQuerySchema.extend({ member: z.union([z.literal('self'), idText(m('label.member_id'))], say('validation.id_range', { label: m('label.member_id'), max: 2_147_483_647 })).optional() });
export type MemberQuery = z.output<typeof memberQuerySchema>;

/** POST /api/users/me/members/{id}/invite: a one-time link for an adult member with a phone, to take their records over (the holder passes it on) */
export const memberInviteSchema = z.object({ link: z.string(), expires_at: z.string() });
export type MemberInvite = z.infer<typeof memberInviteSchema>;

/**
 * POST /api/users/me/take-over: the invited member, signed in to their own account (whose phone is the one
 * the holder gave for them), agrees to the notice; their bookings, bills and reports move to their account
 */
export const takeOverRequestSchema = z.object({
  token: requiredText(128),
  notice_version: noticeVersion,
  agreed: z.literal(true, say('people.take_over_agree')),
});
export type TakeOverRequest = z.input<typeof takeOverRequestSchema>;
export const takeOverSchema = z.object({ moved_appointments: z.number().int(), message: z.string() });
