// Consent records (DPDP Act; docs/personal-data.md): written with a registration or a booking, given and withdrawn
// in the dashboard, exported with the person's data, pseudonymised when their retention ends. A client
// of the original API (docs/product.md#api-contract) sends no consent: its registration or booking stands, with a "not captured" record, and the
// web app asks at the next login or booking. Exports for the other privacy parts: consentsForExport
// (the data download) and purgeOldConsents (the retention job).
import { inBatches } from '../../lib/batches.ts';
import { createHmac } from 'node:crypto';
import {
  ADULT_AGE,
  CONSENT_RECORD_RETENTION_YEARS_DEFAULT,
  type ConsentGrant,
  type ConsentPurpose,
  type ConsentRecord,
  type ConsentsResponse,
  type ConsentSource,
  type GiveConsentRequest,
  guardianRequired,
  type Guardian,
  type GuardianRelation,
  m,
  privacyNotice,
  type Said,
  type WithdrawConsentResponse,
} from '@lab/contract';
import type { Insertable, Kysely } from 'kysely';
import type { ConsentsTable, Database } from '../../db/schema.ts';
import type { FieldErrors } from '../../lib/errors.ts';
import { notFound } from '../../lib/errors.ts';
import { wholeYears } from '../reports/rules.ts';

type Db = Kysely<Database>;

/** the client's address as kept: HMAC-SHA256 under a key derived from the server secret, never the address */
export function addressHash(secret: string, address: string): string {
  return createHmac('sha256', addressKey(secret)).update(address).digest('hex');
}

/** the client's address, hashed, for a consent record (`app` and `request`: the route's) */
export const requestAddressHash = (app: { deps: { config: { jwtSecret: string } } }, request: { ip: string }) => addressHash(app.deps.config.jwtSecret, request.ip);

/** the key derived from the secret, once per secret rather than once per request */
let derived: { secret: string; key: Buffer } | null = null;
function addressKey(secret: string): Buffer {
  if (derived?.secret !== secret) derived = { secret, key: createHmac('sha256', secret).update('lab.consents.address').digest() };
  return derived.key;
}

export interface ConsentContext {
  source: ConsentSource;
  /** addressHash() of the client's address */
  addressHash: string;
  now: Date;
}

/**
 * The rows a registration or booking writes: one per purpose given, or, with no consent sent (a client
 * of the original API (docs/product.md#api-contract)), one `service` row marked not captured. A guardian who books for a minor is named on each.
 */
export async function recordConsent(
  db: Db,
  who: { userId: number | null; appointmentId: string | null },
  grant: ConsentGrant | undefined,
  context: ConsentContext,
  guardian: Guardian | null = null,
): Promise<void> {
  const rows = await consentRows(db, who, grant, context, guardian);
  if (rows.length > 0) await db.insertInto('consents').values(rows).execute();
}

/**
 * the consent rows a registration or booking writes, worked out before its transaction (a booking's
 * rows go into the booking writer's batch, decision 029): none when a member already bound by a captured
 * service consent sends none again
 */
export async function consentRows(
  db: Db,
  who: { userId: number | null; appointmentId: string | null },
  grant: ConsentGrant | undefined,
  context: ConsentContext,
  guardian: Guardian | null = null,
): Promise<Array<Insertable<ConsentsTable>>> {
  // A member already bound by a captured service consent is not recorded as "not captured" again.
  if (!grant && who.userId !== null && (await inForce(db, who.userId, 'service'))?.captured) return [];
  const purposes: readonly ConsentPurpose[] = grant ? grant.purposes : ['service'];
  return purposes.map((purpose) => ({
    user_id: who.userId,
    appointment_id: who.appointmentId,
    purpose,
    notice_version: grant?.notice_version ?? privacyNotice.version,
    captured: grant ? 1 : 0,
    source: context.source,
    given_at: context.now.toISOString(),
    withdrawn_at: null,
    address_hash: context.addressHash,
    guardian_name: guardian?.name ?? null,
    guardian_relation: guardian?.relation ?? null,
    pseudonymised_at: null,
  }));
}

/** the newest not-withdrawn record of a purpose for an account, if any */
async function inForce(db: Db, userId: number, purpose: ConsentPurpose) {
  const row = await db
    .selectFrom('consents')
    .select(['captured', 'notice_version'])
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    // a family member's consent (modules/people) is the member's, not the account's
    .where('member_id', 'is', null)
    .where('withdrawn_at', 'is', null)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { captured: row.captured === 1, version: row.notice_version } : undefined;
}

async function recordsOf(db: Db, userId: number): Promise<ConsentRecord[]> {
  const rows = await db
    .selectFrom('consents')
    .select(['purpose', 'notice_version', 'captured', 'source', 'given_at', 'withdrawn_at', 'appointment_id', 'guardian_name', 'guardian_relation'])
    .where('user_id', '=', userId)
    .where('member_id', 'is', null)
    .orderBy('id', 'desc')
    .execute();
  return rows.map((r) => ({
    purpose: r.purpose as ConsentPurpose,
    notice_version: r.notice_version,
    captured: r.captured === 1,
    source: r.source as ConsentSource,
    given_at: r.given_at,
    withdrawn_at: r.withdrawn_at,
    appointment_id: r.appointment_id,
    guardian: r.guardian_name && r.guardian_relation ? { name: r.guardian_name, relation: r.guardian_relation as GuardianRelation } : null,
  }));
}

/** GET /api/users/me/consents/ */
export async function consentsOf(db: Db, userId: number): Promise<ConsentsResponse> {
  const records = await recordsOf(db, userId);
  const open = (p: ConsentPurpose) => records.some((r) => r.purpose === p && r.captured && r.withdrawn_at === null);
  const currentService = records.some((r) => r.purpose === 'service' && r.captured && r.withdrawn_at === null && r.notice_version === privacyNotice.version);
  return { notice: { ...privacyNotice }, in_force: { service: open('service'), marketing: open('marketing'), whatsapp: open('whatsapp') }, needs_consent: !currentService, records };
}

/** POST /api/users/me/consents/: purposes already in force under the current notice are not recorded twice */
export async function giveConsents(db: Db, userId: number, input: Required<Pick<GiveConsentRequest, 'purposes' | 'source'>>, hash: string, now: Date): Promise<ConsentsResponse> {
  const wanted: ConsentPurpose[] = [];
  for (const purpose of input.purposes) {
    const current = await inForce(db, userId, purpose);
    if (!current?.captured || current.version !== privacyNotice.version) wanted.push(purpose);
  }
  if (wanted.length > 0) {
    await recordConsent(db, { userId, appointmentId: null }, { notice_version: privacyNotice.version, purposes: wanted }, { source: input.source, addressHash: hash, now });
  }
  return consentsOf(db, userId);
}

/** POST /api/users/me/consents/{purpose}/withdraw: every open record of the purpose ends now */
export async function withdrawConsent(db: Db, userId: number, purpose: ConsentPurpose, now: Date): Promise<Omit<WithdrawConsentResponse, 'message'> & { message: Said }> {
  const result = await db
    .updateTable('consents')
    .set({ withdrawn_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('member_id', 'is', null)
    .where('captured', '=', 1)
    .where('withdrawn_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw notFound(m('consent.none_in_force'));
  return { ...(await consentsOf(db, userId)), message: m(purpose === 'marketing' ? 'consent.marketing_withdrawn' : 'consent.withdrawn') };
}

/** closing an account ends every consent still in force (privacy/erasure.ts); the records stay as evidence until purgeOldConsents */
export async function withdrawAllConsents(db: Db, userId: number, now: Date): Promise<void> {
  await db.updateTable('consents').set({ withdrawn_at: now.toISOString() }).where('user_id', '=', userId).where('withdrawn_at', 'is', null).execute();
}

/** the person's consent records for the data download (plain JSON), newest first */
export async function consentsForExport(db: Db, userId: number): Promise<ConsentRecord[]> {
  return recordsOf(db, userId);
}

/** whether a member's account may be sent marketing e-mails (the product sends none yet; kept for then) */
export async function mayMarketTo(db: Db, userId: number): Promise<boolean> {
  return (await inForce(db, userId, 'marketing'))?.captured === true;
}

/**
 * The retention job's task: consents that ended (withdrawn, or a guest booking's, which ends with its
 * booking) more than `retentionYears` ago lose everything naming a person (account, booking, address
 * hash, guardian); what was agreed, when and how stays, as anonymous evidence. In batches of `batch`,
 * each picked from the partial indexes of the rows still naming someone, with a turn of the event loop
 * between them. Returns how many.
 */
export async function purgeOldConsents(db: Db, now: Date, retentionYears = CONSENT_RECORD_RETENTION_YEARS_DEFAULT, batch = 100): Promise<number> {
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - retentionYears);
  const before = cutoff.toISOString();
  const open = db.selectFrom('consents').select('id').where('pseudonymised_at', 'is', null);
  return inBatches(
    batch,
    async () => {
      const withdrawn = await open.where('withdrawn_at', '<', before).orderBy('withdrawn_at').limit(batch).execute();
      if (withdrawn.length === batch) return withdrawn.map((r) => r.id);
      // the withdrawn ones due are all in hand: the rest of the batch from the guests' (not those again)
      const guests = await open
        .where('user_id', 'is', null)
        .where('given_at', '<', before)
        .where((eb) => eb.or([eb('withdrawn_at', 'is', null), eb('withdrawn_at', '>=', before)]))
        .orderBy('given_at')
        .limit(batch - withdrawn.length)
        .execute();
      return [...withdrawn, ...guests].map((r) => r.id);
    },
    async (ids) =>
      void (await db
        .updateTable('consents')
        .set({ user_id: null, appointment_id: null, address_hash: null, guardian_name: null, guardian_relation: null, pseudonymised_at: now.toISOString() })
        .where('id', 'in', ids)
        .execute()),
  );
}

/** the patient's age in whole years on `today`, from the booking form or, booking for oneself, the profile */
export function patientAge(form: { patient_date_of_birth?: string | null; patient_age_years?: number | null }, profileAge: number | null, today: string): number | null {
  // A date of birth in the future is refused on its own field; it says nothing of the age.
  if (form.patient_date_of_birth) return form.patient_date_of_birth > today ? null : wholeYears(form.patient_date_of_birth, today);
  if (form.patient_age_years != null) return form.patient_age_years;
  return profileAge;
}

/** a patient under 18 is booked by a parent or guardian, who must be named (field errors otherwise) */
export function guardianErrors(age: number | null, guardian: Guardian | null | undefined): FieldErrors {
  if (age === null || age >= ADULT_AGE || guardian) return {};
  return { 'guardian.name': [guardianRequired], 'guardian.relation': [guardianRequired] };
}
