// Rules of the booking domain: a booking is checked again on the server, priced from the database,
// and written with its tests and bill in one transaction; the owner lists, cancels and reschedules.
import { randomBytes } from 'node:crypto';
import { type appointmentRequestSchema, type FoundBooking, type Locale, m, type RescheduleRequest, toIndianE164, type UserAppointment, visitKind } from '@lab/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { AppointmentsTable, Database } from '../../db/schema.ts';
import { recordAudit } from '../audit/record.ts';
import type { Deps } from '../../lib/context.ts';
import { badRequest, conflict, fieldErrors, type FieldErrors, HttpError, notFound } from '../../lib/errors.ts';
import { discounted, toRupees } from '../../lib/money.ts';
import { inLanguage, nameIn } from '../../lib/bilingual.ts';
import { newBookingReference } from '../../lib/booking-reference.ts';
import { nameKey } from '../../lib/name-key.ts';
import { isUniqueViolation } from '../../lib/unique-violation.ts';
import { todayIst } from '../../lib/time.ts';
import { bookingMailJobs, reminderDue, scheduleReminder } from '../messaging/queue.ts';
import { accountChannels, channelsText, phoneJobs, rememberChannels, schedulePhoneReminders } from '../messaging/channels/phone-queue.ts';
import { amountText } from '../payments/payment-link.ts';
import { chooseLanguage, mailWords } from '../messaging/words/index.ts';
import { profileLanguage } from '../profile/service.ts';
import * as catalog from '../catalog/queries.ts';
import { membershipPercent, offerPercentFor, priceTest } from '../catalog/pricing.ts';
import { homeCollectionPlace } from '../home-collection/service.ts';
import * as slotQueries from '../slots/queries.ts';
import { checkPreparation, moveSeat, preparationFor, seatIn } from '../slots/service.ts';
import { lockVisitOf, releaseSeatOf } from '../appointments/visit-seat.ts';
import { consentRows, guardianErrors, patientAge } from '../privacy/consents.ts';
import { readProfile, rememberBookedDetails } from '../profile/service.ts';
import { holderName, memberForBooking } from '../people/members.ts';
import { bookingDoctor } from '../people/doctors.ts';
import * as lifecycle from '../appointments/lifecycle.ts';
import { chargedTests, type ChargedTest, othersAtVisit } from '../appointments/queries.ts';
import * as q from './queries.ts';
import { addressFor, MESSAGES, scheduleErrors } from './rules.ts';
import { BookingWriter, type PlannedBooking, type PlannedRows } from './writer.ts';
import { CatalogueReads } from './catalogue-reads.ts';
import { expectedForBooking, reportExpectations } from '../samples/journey.ts';

export type AppointmentInput = z.output<typeof appointmentRequestSchema>;

export const NOT_FOUND = m('booking.not_found');
/** booking confirmations one e-mail address receives in a day; later bookings still stand, unmailed */
export const CONFIRMATIONS_PER_RECIPIENT_PER_DAY = 5;

/** random bytes drawn 4 KB at a time: one call to the generator for 341 ids instead of one each */
let pool = Buffer.alloc(0);
let poolAt = 0;

/** the width of an id's leading time: milliseconds since 1970 in base 36, enough until the year 5138 */
const ID_TIME_DIGITS = 9;

/**
 * An appointment id (decision 045): the moment it is made (milliseconds, base 36, 9 characters), then
 * 12 random bytes (16 URL-safe characters, 96 bits): not guessable, not countable, and later ids sort
 * after earlier ones, so the indexes keyed by appointment id grow at their end instead of at random.
 */
export function newAppointmentId(nowMs = Date.now()): string {
  if (poolAt + 12 > pool.length) {
    pool = randomBytes(4092);
    poolAt = 0;
  }
  poolAt += 12;
  return nowMs.toString(36).padStart(ID_TIME_DIGITS, '0') + pool.toString('base64url', poolAt - 12, poolAt);
}

let lastStamp = 0;
/** an ISO timestamp strictly later than the previous one of this process, so "newest first" is exact */
function stamp(): string {
  const now = Math.max(Date.now(), lastStamp + 1);
  lastStamp = now;
  return new Date(now).toISOString();
}

interface Charged {
  testId: number;
  name: string;
  /** the Hindi name of the day, kept with the booking for Hindi documents (migration 030) */
  nameHi: string | null;
  pricePaise: number;
  /** the list price, and the discount that brought it to pricePaise: the bill's lines (decision 052) */
  listPaise: number;
  discount: 'offer' | 'member' | null;
}

export interface Booked {
  id: string;
  reference: string;
  date: string;
  time: string;
  status: 'booked';
  totalPaise: number;
  /** when the report is expected (ISO), from the slot; null when no test has a turnaround */
  reportExpectedAt: string | null;
  /** a household's visit: every person's booking, this one first */
  household?: Array<{ id: string; reference: string; member_id: number | null; totalPaise: number }>;
}

type HouseholdInput = NonNullable<AppointmentInput['household']>[number];

/**
 * The household's part of a booking (docs/families-and-doctors.md): only a signed-in holder, only for a
 * home collection (at the centre each person is a booking with a seat of their own), each person once.
 */
function householdErrors(input: AppointmentInput, userId: number | null, leadMember: number | null): FieldErrors {
  const household = input.household ?? [];
  if (household.length === 0) return {};
  if (userId === null) return { household: [m('people.household_signed_in')] };
  if (!input.home_sample) return { household: [m('people.household_home_only')] };
  const errors: FieldErrors = {};
  const seen = new Set<number | null>([leadMember]);
  household.forEach((p, i) => {
    if (seen.has(p.member_id)) errors[`household.${i}.member_id`] = [m('people.household_twice')];
    seen.add(p.member_id);
  });
  return errors;
}

/** a person's field errors under their place in the household (`tests` → `household.1.tests`) */
function renamedFields(err: unknown, names: Record<string, string>): unknown {
  if (!(err instanceof HttpError) || !err.fields) return err;
  return fieldErrors(Object.fromEntries(Object.entries(err.fields).map(([k, v]) => [names[k] ?? k, v])));
}

/**
 * The patient's ABHA the booking keeps (docs/abdm.md): as typed with it; else, booking for oneself, the
 * profile's. Never the account holder's for someone else: a family member's comes from the member at
 * release (reports/fhir/record-codes.ts), and a person typed in has only what was typed.
 */
function bookingAbha(input: Pick<AppointmentInput, 'abha_number' | 'abha_address'>, ownProfile: { abha_number: string | null; abha_address: string | null } | null) {
  if (input.abha_number || input.abha_address || !ownProfile) return { abha_number: input.abha_number, abha_address: input.abha_address };
  return { abha_number: ownProfile.abha_number, abha_address: ownProfile.abha_address };
}

export class BookingService {
  private readonly writer: BookingWriter;
  private readonly catalogue: CatalogueReads;

  constructor(
    private readonly deps: Pick<Deps, 'db' | 'dialect' | 'durableTransaction' | 'config' | 'counters' | 'catalogVersion'>,
    private readonly log: FastifyBaseLogger,
  ) {
    this.writer = new BookingWriter(deps.durableTransaction, deps.dialect);
    this.catalogue = new CatalogueReads(deps.db, deps.catalogVersion);
  }

  /**
   * `addressHash`: the client's address as the booking's consent record keeps it (privacy/consents.ts);
   * `cookieLanguage`: the `lang` cookie of the request, which the booker's profile outranks and the request's `language` field follows
   */
  async book(input: AppointmentInput, userId: number | null, now: Date, addressHash: string, cookieLanguage?: string): Promise<Booked> {
    const errors: FieldErrors = { ...scheduleErrors(input.date, input.time, now) };
    const place = addressFor(input.home_sample, input.address, Boolean(input.home_address));
    if ('error' in place) Object.assign(errors, place.error);
    if (input.patient_date_of_birth && input.patient_date_of_birth > todayIst(0, now)) errors.patient_date_of_birth = [m('profile.birth_in_future')];
    // A family member's booking (modules/people): the member's consent is on record (a minor's, the holder's as
    // guardian), and the member's name, age and sex are the patient's unless the booking gives them.
    const member = input.member_id != null ? await memberForBooking(this.deps.db, userId, input.member_id, now) : null;
    // The referring doctor (from the directory, or as typed) and the patient's tick that the doctor gets the report.
    const doctor = await bookingDoctor(this.deps.db, input, now);
    // A patient under 18 is booked by a parent or guardian; booking for oneself, the profile's age counts.
    const ownProfile = userId !== null && input.booking_for === 'self' && !member ? await readProfile(this.deps.db, userId, now) : null;
    const profileAge = ownProfile?.age_years ?? null;
    if (!member) Object.assign(errors, guardianErrors(patientAge(input, profileAge, todayIst(0, now)), input.guardian));
    // The channels of its messages (docs/messaging.md): as sent, else a member's profile choice, else e-mail.
    const channels = input.channels ?? (userId !== null ? await accountChannels(this.deps.db, userId) : ['email' as const]);
    const phoneChannels = channels.filter((c) => c !== 'email');
    // Asked for with this booking, they need a mobile; the profile's choice with a landline typed here just sends e-mail.
    if (input.channels && phoneChannels.length > 0 && !toIndianE164(input.user_phone)) errors.user_phone = [m('channels.mobile_required')];
    // WhatsApp's rule: an explicit opt-in, ticked with this booking (a member's profile choice was ticked there).
    if (input.channels?.includes('whatsapp') && !input.whatsapp_opt_in) errors.whatsapp_opt_in = [m('channels.whatsapp_opt_in_required')];
    Object.assign(errors, householdErrors(input, userId, member?.id ?? null));
    if (Object.keys(errors).length > 0 || 'error' in place) throw fieldErrors(errors);
    const address = place.address;

    const { db } = this.deps;
    const today = todayIst(0, now);
    const id = newAppointmentId(now.getTime());
    const language: Locale = chooseLanguage(userId ? await profileLanguage(this.deps.db, userId) : null, cookieLanguage, input.language);
    // Counted before the transaction, which must not wait on Redis: over the limit, the booking stands unmailed.
    const mayMail = await this.mayMail(input.user_email);
    if (!mayMail) this.log.warn({ appointment: id.slice(0, 4) }, 'booking e-mails not sent: daily limit of the recipient reached');
    // Everything that only reads is done before the transaction (on PostgreSQL, on any pool
    // connection, side by side); the writer's batch then only takes the seat and inserts (decision 029).
    const percent = userId ? membershipPercent(await catalog.memberships(db, userId, today), today) : 0;
    const priced = input.package_id
      ? { ...(await pricePackageBooking(db, input.package_id, percent)), packageId: input.package_id }
      : await priceTests(db, this.catalogue, input.tests, percent, today);
    const home = input.home_sample ? await homeCollectionPlace(db, input.home_address, address) : null;
    const preparation = checkPreparation(await this.catalogue.preparationOf(priced.tests.map((t) => t.testId), language), input.time);
    // The others of the household drawn at this home visit: each checked, priced and consented as a booking of their own.
    const others = await Promise.all((input.household ?? []).map((p, i) => this.householdPerson(p, i, input, userId!, { now, today, percent, language, addressHash })));
    const seat = seatIn(await this.catalogue.dayPlan(input.date), { date: input.date, time: input.time, homeSample: input.home_sample });
    const consents = await consentRows(db, { userId, appointmentId: id }, input.consent, { source: 'booking', addressHash, now }, input.guardian ?? null);
    if (input.whatsapp_opt_in && channels.includes('whatsapp')) {
      consents.push(...(await consentRows(db, { userId, appointmentId: id }, { notice_version: input.whatsapp_opt_in.notice_version, purposes: ['whatsapp'] }, { source: 'booking', addressHash, now })));
    }
    // A household's visit: every person's appointment names the first one's id, and the visit holds one seat.
    const visitId = others.length > 0 ? id : null;
    const plan = async (reference: string): Promise<PlannedBooking> => {
      const at = stamp();
      const together = await Promise.all(others.map((o) => this.householdRows(o, { input, userId, visitId: id, at, now, language, address: home?.address ?? address, pin: home?.pin ?? null, channels, mayMail })));
      return {
        together,
        seat,
        now,
        appointment: {
          id,
          reference,
          user_id: userId,
          user_name: member?.name ?? input.user_name,
          user_name_key: nameKey(member?.name ?? input.user_name),
          member_id: member?.id ?? null,
          ...doctor,
          user_email: input.user_email,
          user_phone: input.user_phone,
          ...bookingAbha(input, ownProfile),
          date: input.date,
          time: input.time,
          home_sample: input.home_sample ? 1 : 0,
          address: home?.address ?? address,
          pin: home?.pin ?? null,
          status: 'booked',
          package_id: priced.packageId,
          patient_date_of_birth: input.patient_date_of_birth ?? member?.date_of_birth ?? null,
          patient_age_years: input.patient_age_years ?? (member && !member.date_of_birth ? member.age_years : null),
          patient_sex: input.patient_sex ?? member?.sex ?? null,
          language,
          channels: channelsText(channels),
          visit_id: visitId,
          created_at: at,
          updated_at: at,
        },
        tests: priced.tests.map((t, position) => ({ appointment_id: id, test_id: t.testId, position, name: t.name, name_hi: t.nameHi, price_paise: t.pricePaise, list_paise: t.listPaise, discount: t.discount })),
        consents,
        bill: { appointment_id: id, generated_at: at, total_paise: priced.totalPaise, offer_paise: priced.offerPaise, package_paise: priced.packagePaise, is_paid: 0, paid_at: null },
        // The confirmation and the reminder are rows of the booking's transaction: committed with it or not at all.
        mails: [
          ...(mayMail
          ? await bookingMailJobs(db, now, {
              to: input.user_email,
              appointmentId: id,
              reference,
              date: input.date,
              time: input.time,
              tests: priced.tests.map((t) => ({ name: inLanguage(language, t.name, t.nameHi), pricePaise: t.pricePaise })),
              totalPaise: priced.totalPaise,
              offerPaise: priced.offerPaise,
              homeSample: input.home_sample,
              preparation: preparation ? mailWords[language].preparation(preparation, visitKind(input.home_sample)) : [],
              publicUrl: this.deps.config.publicUrl,
              language,
            })
          : []),
          // WhatsApp and SMS: rows of the same batch, sent by the runner; the booking never waits on a provider.
          ...(mayMail && phoneChannels.length > 0 ? phoneMessages(now, { appointmentId: id, reference, date: input.date, time: input.time, phone: input.user_phone, language, channels }) : []),
          // A home collection with online payment configured: the payment link too (docs/payments-gateway.md).
          ...(mayMail && phoneChannels.length > 0 && input.home_sample && this.deps.config.gateway && priced.totalPaise > 0
            ? phoneJobs(now, 'payment-request', { appointmentId: id, reference, date: input.date, time: input.time, phone: input.user_phone, language, channels }, { amount: amountText(priced.totalPaise) })
            : []),
        ],
      };
    };
    let reference = newBookingReference();
    let written: PlannedBooking;
    for (let attempt = 1; ; attempt++) {
      try {
        written = await plan(reference);
        await this.writer.write(written);
        break;
      } catch (err) {
        // Two bookings drew the same reference: the index refused the second; it draws another.
        if (attempt >= 5 || !isUniqueViolation(err, 'reference')) throw err;
        reference = newBookingReference();
      }
    }
    // A signed-in patient booking for themselves keeps the age, sex and phone on the account for the
    // next booking (decision 053). The booking stands even if this fails.
    if (userId !== null && input.booking_for === 'self' && !member) {
      await rememberBookedDetails(db, userId, input, now).catch((err: unknown) => this.log.warn({ err }, 'booking details not kept on the profile'));
      // The channels chosen for oneself are the next booking's default (the WhatsApp opt-in came with this booking).
      if (input.channels) await rememberChannels(db, userId, channels).catch((err: unknown) => this.log.warn({ err }, 'channels not kept on the profile'));
    }

    const household = visitId === null ? undefined : [written, ...(written.together ?? [])].map((p) => ({ id: p.appointment.id, reference: p.appointment.reference, member_id: p.appointment.member_id ?? null, totalPaise: p.bill.total_paise }));
    // when the report is expected, from the slot (docs/samples.md): the confirmation says it, worked out
    // from the turnarounds and hours the catalogue reads keep, so nothing is asked of the database here
    const [turnarounds, open] = await Promise.all([this.catalogue.turnaroundsOf(priced.tests.map((t) => t.testId)), this.catalogue.openingHoursFrom(input.date)]);
    const reportExpectedAt = expectedForBooking({ date: input.date, time: input.time, homeSample: input.home_sample }, turnarounds, open);
    return { id, reference, date: input.date, time: input.time, status: 'booked', totalPaise: priced.totalPaise, reportExpectedAt, ...(household ? { household } : {}) };
  }

  /** one more person of the household at a home visit (`household[i]`): the holder or their member, checked and priced */
  private async householdPerson(p: HouseholdInput, i: number, input: AppointmentInput, userId: number, c: { now: Date; today: string; percent: number; language: Locale; addressHash: string }) {
    const { db } = this.deps;
    const field = (name: string) => `household.${i}.${name}`;
    const member = p.member_id !== null ? await memberForBooking(db, userId, p.member_id, c.now, field('member_id')) : null;
    let patient: { name: string; date_of_birth: string | null; age_years: number | null; sex: AppointmentsTable['patient_sex'] };
    if (member) {
      patient = { name: member.name, date_of_birth: member.date_of_birth, age_years: member.date_of_birth ? null : member.age_years, sex: member.sex };
    } else {
      // the holder themselves, as their profile says; a holder under 18 is booked by a guardian as any booking is
      const profile = await readProfile(db, userId, c.now);
      const refused = guardianErrors(p.patient_age_years ?? profile.age_years, input.guardian);
      if (Object.keys(refused).length > 0) throw fieldErrors(refused);
      patient = { name: await holderName(db, userId), date_of_birth: profile.date_of_birth, age_years: profile.date_of_birth ? null : profile.age_years, sex: profile.sex };
    }
    // what the booking says of the person's age and sex fills what their record lacks
    if (p.patient_age_years != null && patient.date_of_birth === null) patient.age_years = p.patient_age_years;
    if (p.patient_sex) patient.sex = p.patient_sex;
    const priced = await priceTests(db, this.catalogue, p.tests, c.percent, c.today).catch((err: unknown) => {
      throw renamedFields(err, { tests: field('tests') });
    });
    const preparation = checkPreparation(await this.catalogue.preparationOf(priced.tests.map((t) => t.testId), c.language), input.time);
    const doctor = await bookingDoctor(db, p, c.now);
    const id = newAppointmentId(c.now.getTime());
    const consents = await consentRows(db, { userId, appointmentId: id }, input.consent, { source: 'booking', addressHash: c.addressHash, now: c.now }, input.guardian ?? null);
    return { id, memberId: member?.id ?? null, patient, priced, preparation, doctor, consents };
  }

  /** the rows of one more person at a household's visit: their appointment (sharing the visit), tests, bill, consents and e-mails */
  private async householdRows(
    o: Awaited<ReturnType<BookingService['householdPerson']>>,
    c: { input: AppointmentInput; userId: number | null; visitId: string; at: string; now: Date; language: Locale; address: string; pin: string | null; channels: readonly string[]; mayMail: boolean },
  ): Promise<PlannedRows> {
    const { input } = c;
    const reference = newBookingReference();
    return {
      appointment: {
        id: o.id,
        reference,
        user_id: c.userId,
        user_name: o.patient.name,
        user_name_key: nameKey(o.patient.name),
        member_id: o.memberId,
        ...o.doctor,
        user_email: input.user_email,
        user_phone: input.user_phone,
        abha_number: null,
        abha_address: null,
        date: input.date,
        time: input.time,
        home_sample: 1,
        address: c.address,
        pin: c.pin,
        status: 'booked',
        package_id: o.priced.packageId,
        patient_date_of_birth: o.patient.date_of_birth,
        patient_age_years: o.patient.age_years,
        patient_sex: o.patient.sex,
        language: c.language,
        channels: channelsText(c.channels as Parameters<typeof channelsText>[0]),
        visit_id: c.visitId,
        created_at: c.at,
        updated_at: c.at,
      },
      tests: o.priced.tests.map((t, position) => ({ appointment_id: o.id, test_id: t.testId, position, name: t.name, name_hi: t.nameHi, price_paise: t.pricePaise, list_paise: t.listPaise, discount: t.discount })),
      consents: o.consents,
      bill: { appointment_id: o.id, generated_at: c.at, total_paise: o.priced.totalPaise, offer_paise: o.priced.offerPaise, package_paise: o.priced.packagePaise, is_paid: 0, paid_at: null },
      // each person's confirmation carries their own bill's link; the phone messages are the first person's, one per visit
      mails: c.mayMail
        ? await bookingMailJobs(this.deps.db, c.now, {
            to: input.user_email,
            appointmentId: o.id,
            reference,
            date: input.date,
            time: input.time,
            tests: o.priced.tests.map((t) => ({ name: inLanguage(c.language, t.name, t.nameHi), pricePaise: t.pricePaise })),
            totalPaise: o.priced.totalPaise,
            offerPaise: o.priced.offerPaise,
            homeSample: true,
            preparation: o.preparation ? mailWords[c.language].preparation(o.preparation, visitKind(true)) : [],
            publicUrl: this.deps.config.publicUrl,
            language: c.language,
          })
        : [],
    };
  }

  /** at most CONFIRMATIONS_PER_RECIPIENT_PER_DAY confirmations to one address, so no inbox is flooded */
  private async mayMail(to: string): Promise<boolean> {
    // RATE_LIMITS=off (load benchmarks on loopback) lifts this limit with the others.
    if (!this.deps.config.rateLimits) return true;
    const { count } = await this.deps.counters.add(`booking-mail:${to.trim().toLowerCase()}`, 86_400_000);
    return count <= CONFIRMATIONS_PER_RECIPIENT_PER_DAY;
  }
}

/** a new booking's phone messages: the confirmation at once, the reminder for the evening before unless it has come */
function phoneMessages(now: Date, facts: Parameters<typeof phoneJobs>[2]) {
  return [...phoneJobs(now, 'booking-confirmation', facts), ...(reminderDue(facts.date) > now ? phoneJobs(now, 'reminder', facts) : [])];
}

interface Priced {
  tests: Charged[];
  totalPaise: number;
  offerPaise: number | null;
  /** a package's price before the member's discount; null for tests */
  packagePaise: number | null;
}

async function priceTestBooking(reads: CatalogueReads, ids: readonly number[], memberPercent: number, today: string): Promise<Priced> {
  const rows = await reads.testsByIds(ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const bad = [...new Set(ids.filter((id) => byId.get(id)?.active !== 1))];
  if (bad.length > 0) {
    throw fieldErrors({
      tests: [m(bad.length === 1 ? 'booking.test_unavailable' : 'booking.tests_unavailable', { ids: bad.join(', ') })],
    });
  }
  const offers = await reads.offerTable(today);
  // A repeated test is booked (and charged) once per mention, as the booking page allows.
  const tests = ids.map((id) => {
    const t = byId.get(id)!;
    const p = priceTest(t.price_paise, offerPercentFor(offers, t), memberPercent);
    const discount = p.discounted === p.price ? null : p.discounted === p.generalOffer ? 'offer' : 'member';
    return { testId: t.id, name: t.name, nameHi: t.name_hi, pricePaise: p.discounted, listPaise: p.price, discount } satisfies Charged;
  });
  return { tests, totalPaise: tests.reduce((s, t) => s + t.pricePaise, 0), offerPaise: null, packagePaise: null };
}

/**
 * A booking of plain tests. Clients of the original API book a package by sending its tests, with no
 * package field: when the tests are exactly those of an active package and the package costs the
 * caller less than the tests one by one, the booking is priced, and billed, as that package.
 */
async function priceTests(
  trx: Kysely<Database>,
  reads: CatalogueReads,
  ids: readonly number[],
  memberPercent: number,
  today: string,
): Promise<Priced & { packageId: number | null }> {
  const single = await priceTestBooking(reads, ids, memberPercent, today);
  const wanted = new Set(ids);
  if (wanted.size !== ids.length) return { ...single, packageId: null };
  const candidates = await reads.packageCandidates(ids);
  const tests = await catalog.packageTests(trx, candidates);
  let best: Priced & { packageId: number | null } = { ...single, packageId: null };
  for (const packageId of candidates) {
    const own = tests.filter((t) => t.package_id === packageId);
    if (own.length !== wanted.size || !own.every((t) => wanted.has(t.id) && t.active === 1)) continue;
    const asPackage = await pricePackageBooking(trx, packageId, memberPercent);
    if (asPackage.totalPaise < best.totalPaise) best = { ...asPackage, packageId };
  }
  return best;
}

async function pricePackageBooking(trx: Kysely<Database>, packageId: number, memberPercent: number): Promise<Priced> {
  const pkg = await catalog.packageById(trx, packageId);
  const unavailable = () => fieldErrors({ package_id: [m('booking.package_unavailable')] });
  if (!pkg || pkg.active !== 1) throw unavailable();
  const rows = await catalog.packageTests(trx, [packageId]);
  if (rows.length === 0 || rows.some((t) => t.active !== 1)) throw unavailable();
  // The package's own tests are booked, whatever tests the request named; each is listed at its list
  // price and the package price, less the member's discount, replaces their sum.
  const tests = rows.map((t): Charged => ({ testId: t.id, name: t.name, nameHi: t.name_hi, pricePaise: t.price_paise, listPaise: t.price_paise, discount: null }));
  const offerPaise = discounted(pkg.price_paise, memberPercent);
  return { tests, totalPaise: offerPaise, offerPaise, packagePaise: pkg.price_paise };
}

/** the appointment as its patient reads it; in Hindi the tests by the Hindi names they were booked under */
export function toUserAppointment(a: q.AppointmentWithBill, tests: readonly ChargedTest[], language: Locale = 'en'): UserAppointment {
  return {
    id: a.id,
    reference: a.reference,
    date: a.date,
    time: a.time,
    tests: tests.map((t) => ({ id: t.test_id, ...nameIn(language, t.name, t.name_hi), price: toRupees(t.price_paise) })),
    is_cancelled: a.status === 'cancelled',
    status: a.status,
    home_sample: a.home_sample === 1,
    address: a.address,
    total_price: toRupees(a.total_paise),
    created_at: a.created_at,
    // a family member's visit names them; the holder's own keeps the shape older clients know
    ...(a.member_id !== null ? { member_id: a.member_id } : {}),
    ...(a.visit_id !== null ? { visit_id: a.visit_id } : {}),
    // as the bill says it (its receipt once paid in full); a cancelled visit's money is a refund's matter
    receipt_path: a.is_paid === 1 && a.status !== 'cancelled' ? `/api/billing/${encodeURIComponent(a.id)}/receipt.pdf` : null,
  };
}

export async function listUserAppointments(db: Kysely<Database>, userId: number, language: Locale = 'en'): Promise<UserAppointment[]> {
  const rows = await q.userAppointments(db, userId);
  const tests = await chargedTests(
    db,
    rows.map((r) => r.id),
  );
  const byAppointment = new Map<string, ChargedTest[]>();
  for (const t of tests) {
    const list = byAppointment.get(t.appointment_id);
    if (list) list.push(t);
    else byAppointment.set(t.appointment_id, [t]);
  }
  // Each appointment's latest sensible time, so the dashboard's reschedule offers only suitable slots.
  const latest = new Map((await slotQueries.preparationsOf(db, tests.map((t) => t.test_id))).map((p) => [p.id, p.latest_time]));
  // the sample's journey (docs/samples.md): received at the lab, and when the report is expected (before
  // receipt from the booked slot)
  const journeys = await reportExpectations(db, rows);
  return rows.map((r) => {
    const own = byAppointment.get(r.id) ?? [];
    const times = own.flatMap((t) => latest.get(t.test_id) ?? []);
    const journey = journeys.get(r.id);
    return {
      ...toUserAppointment(r, own, language),
      latest_time: times.length ? times.reduce((a, b) => (b < a ? b : a)) : null,
      sample_received_at: journey?.received_at ?? null,
      report_expected_at: journey?.expected_at ?? null,
    };
  });
}

/** the caller's own appointment; another's, a guest's or a missing one are all the same 404 */
async function ownAppointment(trx: Kysely<Database>, id: string, userId: number): Promise<q.AppointmentWithBill> {
  const a = await q.appointmentWithBill(trx, id);
  if (!a || a.user_id === null || a.user_id !== userId) throw notFound(NOT_FOUND);
  return a;
}

async function changed(trx: Kysely<Database>, id: string, language: Locale): Promise<UserAppointment> {
  const a = await q.appointmentWithBill(trx, id);
  if (!a) throw notFound(NOT_FOUND);
  return toUserAppointment(a, await chargedTests(trx, [id]), language);
}

const MOVED_ON = m('booking.changed_meanwhile');

export async function cancelAppointment(db: Kysely<Database>, id: string, userId: number, language: Locale = 'en'): Promise<UserAppointment> {
  return db.transaction().execute(async (trx) => {
    const a = await ownAppointment(trx, id, userId);
    if (a.status === 'cancelled') throw badRequest(m('booking.already_cancelled'));
    if (a.status === 'completed') throw badRequest(m('booking.completed_not_cancellable'));
    if (a.status === 'sample_collected') throw badRequest(MESSAGES.sampleCollected);
    await cancelVisit(trx, a, { actorUserId: userId });
    return changed(trx, id, language);
  });
}

/**
 * The one way a patient's visit is cancelled, by its owner or by the reminder's link (cancel-links):
 * guarded against a concurrent change, its seat given back, audited, all in the caller's transaction.
 * The caller has checked that the visit may still be cancelled.
 */
export async function cancelVisit(
  trx: Kysely<Database>,
  a: Pick<q.AppointmentWithBill, 'id' | 'status' | 'updated_at' | 'date' | 'time' | 'home_sample' | 'visit_id'>,
  by: { actorUserId: number | null; via?: string },
): Promise<void> {
  await lockVisitOf(trx, a);
  if (!(await lifecycle.updateIfUnchanged(trx, a.id, a.status, a.updated_at, { status: 'cancelled', updated_at: stamp() }))) throw conflict(MOVED_ON);
  // a household's shared visit keeps its seat while anyone else drawn at it still stands
  await releaseSeatOf(trx, a);
  await recordAudit(trx, {
    actorUserId: by.actorUserId,
    entity: 'appointment',
    entityId: a.id,
    action: 'cancel',
    before: { status: a.status },
    after: by.via ? { status: 'cancelled', via: by.via } : { status: 'cancelled' },
  });
}

export async function rescheduleAppointment(
  db: Kysely<Database>,
  id: string,
  userId: number,
  input: RescheduleRequest,
  now: Date,
  language: Locale = 'en',
): Promise<UserAppointment> {
  return db.transaction().execute(async (trx) => {
    const a = await ownAppointment(trx, id, userId);
    await lockVisitOf(trx, a);
    if (a.status === 'cancelled') throw badRequest(m('booking.cancelled_not_reschedulable'));
    if (a.status === 'completed') throw badRequest(m('booking.completed_not_reschedulable'));
    if (a.status === 'sample_collected') throw badRequest(MESSAGES.sampleCollected);
    const errors = scheduleErrors(input.new_date, input.new_time, now, { date: 'new_date', time: 'new_time' });
    if (Object.keys(errors).length > 0) throw fieldErrors(errors);
    const at = stamp();
    // Staff approved the old date and time, not the new ones: back to booked, to be approved again.
    const status = 'booked' as const;
    if (!(await lifecycle.updateIfUnchanged(trx, id, a.status, a.updated_at, { date: input.new_date, time: input.new_time, status, updated_at: at }))) {
      throw conflict(MOVED_ON);
    }
    const homeSample = a.home_sample === 1;
    // A household's shared visit moves whole: everyone drawn at it comes along, and its one seat moves once.
    const others = a.visit_id === null ? [] : await othersAtVisit(trx, a.visit_id, id);
    if (others.some((o) => o.status !== 'booked' && o.status !== 'approved')) throw badRequest(MESSAGES.sampleCollected);
    if ((await lifecycle.moveVisit(trx, others.map((o) => o.id), { date: input.new_date, time: input.new_time }, at)) !== others.length) throw conflict(MOVED_ON);
    await preparationFor(trx, (await chargedTests(trx, [id, ...others.map((o) => o.id)])).map((t) => t.test_id), input.new_time, 'new_time');
    await moveSeat(trx, { date: a.date, time: a.time, homeSample }, { date: input.new_date, time: input.new_time, homeSample }, { date: 'new_date', time: 'new_time' });
    for (const moved of [{ ...a, status: a.status as string }, ...others]) {
      await recordAudit(trx, {
        actorUserId: userId,
        entity: 'appointment',
        entityId: moved.id,
        action: 'reschedule',
        before: { date: a.date, time: a.time, status: moved.status },
        after: { date: input.new_date, time: input.new_time, status },
      });
      await scheduleReminder(trx, now, { id: moved.id, reference: moved.reference, date: input.new_date, time: input.new_time, to: moved.user_email, language: moved.language });
      await schedulePhoneReminders(trx, now, moved.id);
    }
    return changed(trx, id, language);
  });
}

/** the last ten digits of a phone number as typed: "+91 98290-12345" and "09829012345" are the same phone */
const phoneKey = (v: string) => v.replace(/\D/g, '').slice(-10);

/**
 * "Find my booking": a guest's way back to a booking. The reference alone is never enough (it is short
 * and read aloud); with the phone number or e-mail the booking was made with, it answers the id, the
 * capability that opens the bill. A wrong reference and a wrong contact get the same answer.
 */
export async function findBooking(db: Kysely<Database>, reference: string, contact: string): Promise<FoundBooking> {
  const a = await q.appointmentByReference(db, reference);
  const typed = contact.trim();
  const matches =
    a !== undefined &&
    (typed.includes('@')
      ? typed.toLowerCase() === a.user_email.trim().toLowerCase()
      : phoneKey(typed).length === 10 && phoneKey(typed) === phoneKey(a.user_phone));
  if (!matches) throw notFound(m('booking.no_such_booking'));
  // The report beside the bill once it is released; the report's own route keeps its capability rules.
  return { id: a.id, reference: a.reference, report_ready: await q.hasReleasedReport(db, a.id) };
}
