// The patient's data, as the dashboard's "Your data" summary (what is held and why) and as the one JSON
// file of the download (GET /api/users/me/export/). The file is a list of sections, each a key and a
// function that reads it: another part adds its section (consents, the access log) with one line.
import { DATA_PURPOSES, type DataExport, type DataKind, type DataSummary, type Locale } from '@lab/contract';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import { countRows } from '../../db/queries.ts';
import type { Database } from '../../db/schema.ts';
import { labDetailsIn } from '../lab/service.ts';
import { accessLogForExport } from './access-log.ts';
import { consentsForExport } from './consents.ts';

type Db = Kysely<Database>;
type Json = Record<string, unknown>;

const paise = (p: number | null) => (p === null ? null : p / 100);
const bool = (v: number) => v === 1;

export interface ExportSection {
  key: keyof Omit<DataExport, 'exported_at' | 'format'>;
  collect(db: Db, userId: number): Promise<unknown>;
}

async function profile(db: Db, userId: number): Promise<Json> {
  const u = await db
    .selectFrom('users')
    .select(['username', 'email', 'first_name', 'last_name', 'date_of_birth', 'age_years', 'age_recorded_on', 'sex', 'phone', 'created_at', 'last_login'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return { ...u };
}

async function appointments(db: Db, userId: number): Promise<Json[]> {
  const rows = await db
    .selectFrom('appointments')
    .select([
      'id',
      'reference',
      'date',
      'time',
      'status',
      'user_name',
      'user_email',
      'user_phone',
      'home_sample',
      'address',
      'pin',
      'patient_date_of_birth',
      'patient_age_years',
      'patient_sex',
      // whose visit it was (null: the holder's own) and the household visit it was drawn at
      'member_id',
      'visit_id',
      'sample_collected_at',
      'sample_received_at',
      'language',
      'created_at',
      'updated_at',
    ])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  if (rows.length === 0) return [];
  const tests = await db
    .selectFrom('appointment_tests')
    .select(['appointment_id', 'name', 'name_hi', 'price_paise'])
    .where(
      'appointment_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('appointment_id')
    .orderBy('position')
    .execute();
  return rows.map((r) => ({
    ...r,
    home_sample: bool(r.home_sample),
    // Each test by the English name it was charged under and, where it had one, its Hindi name of that day (docs/i18n.md).
    tests: tests.filter((t) => t.appointment_id === r.id).map((t) => ({ name: t.name, ...(t.name_hi ? { name_hi: t.name_hi } : {}), price: paise(t.price_paise) })),
  }));
}

/**
 * the bills of the user's appointments and memberships (a filtered query, before its select list):
 * found through the two indexed columns, never by a filter on the joined rows, which would read every bill
 */
const billsOf = (db: Db, userId: number) =>
  db
    .selectFrom('bills as b')
    .leftJoin('appointments as a', 'a.id', 'b.appointment_id')
    .where((eb) =>
      eb.or([
        eb('b.appointment_id', 'in', db.selectFrom('appointments').select('appointments.id').where('appointments.user_id', '=', userId)),
        eb('b.membership_id', 'in', db.selectFrom('memberships').select('memberships.id').where('memberships.user_id', '=', userId)),
      ]),
    );

/** the bills of the user's appointments and memberships, each with its payment rows */
async function bills(db: Db, userId: number): Promise<Json[]> {
  const rows = await billsOf(db, userId)
    .select(['b.id', 'b.invoice_no', 'b.appointment_id', 'a.reference as appointment_reference', 'b.membership_id', 'b.generated_at', 'b.total_paise', 'b.offer_paise', 'b.paid_paise', 'b.refunded_paise', 'b.paid_at'])
    .orderBy('b.generated_at')
    .execute();
  if (rows.length === 0) return [];
  const payments = await db
    .selectFrom('payments')
    .select(['bill_id', 'kind', 'amount_paise', 'mode', 'place', 'status', 'received_at', 'created_at'])
    .where(
      'bill_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('id')
    .execute();
  return rows.map(({ id, total_paise, offer_paise, paid_paise, refunded_paise, ...b }) => ({
    ...b,
    total: paise(total_paise),
    offer_price: paise(offer_paise),
    paid: paise(paid_paise),
    refunded: paise(refunded_paise),
    payments: payments.filter((p) => p.bill_id === id).map(({ bill_id: _bill, amount_paise, ...p }) => ({ ...p, amount: paise(amount_paise) })),
  }));
}

/** every released version of every report, as frozen at release */
async function reports(db: Db, userId: number): Promise<Json[]> {
  const rows = await db
    .selectFrom('reports as r')
    .innerJoin('appointments as a', 'a.id', 'r.appointment_id')
    .select(['r.appointment_id', 'a.reference', 'r.version', 'r.status', 'r.released_at', 'r.superseded_at', 'r.amendment_reason', 'r.verification_code', 'r.snapshot_json'])
    .where('a.user_id', '=', userId)
    .orderBy('r.released_at')
    .orderBy('r.version')
    .execute();
  return rows.map(({ snapshot_json, ...r }) => ({ ...r, report: JSON.parse(snapshot_json) as unknown }));
}

async function membership(db: Db, userId: number): Promise<Json[]> {
  return db
    .selectFrom('memberships as m')
    .innerJoin('membership_plans as p', 'p.id', 'm.plan_id')
    .select(['p.name as plan', 'm.start_date', 'm.end_date', 'm.status', 'm.created_at', 'm.ended_at'])
    .where('m.user_id', '=', userId)
    .orderBy('m.id')
    .execute();
}

async function correctionRequests(db: Db, userId: number): Promise<Json[]> {
  return db
    .selectFrom('correction_requests')
    .select(['id', 'concerns', 'reference', 'details', 'status', 'resolution', 'created_at', 'resolved_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

async function grievances(db: Db, userId: number): Promise<Json[]> {
  return db
    .selectFrom('grievances')
    .select(['id', 'subject', 'details', 'status', 'answer', 'received_at', 'due_date', 'answered_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

/**
 * The family members kept under the account (docs/families-and-doctors.md), each with the consent records
 * given for them. A member who took their records over is in their own download, no longer in this one.
 */
async function familyMembers(db: Db, userId: number): Promise<Json[]> {
  const rows = await db
    .selectFrom('family_members')
    .select(['id', 'name', 'relation', 'date_of_birth', 'age_years', 'age_recorded_on', 'sex', 'phone', 'abha_number', 'abha_address', 'created_at', 'archived_at'])
    .where('user_id', '=', userId)
    .where('handed_over_at', 'is', null)
    .orderBy('id')
    .execute();
  if (rows.length === 0) return [];
  const consents = await db
    .selectFrom('consents')
    .select(['member_id', 'purpose', 'notice_version', 'given_at', 'withdrawn_at', 'guardian_name', 'guardian_relation'])
    .where(
      'member_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ...r, consents: consents.filter((c) => c.member_id === r.id).map(({ member_id: _member, ...c }) => c) }));
}

async function nominee(db: Db, userId: number): Promise<Json | null> {
  const n = await db.selectFrom('nominees').select(['name', 'relation', 'phone', 'email', 'updated_at']).where('user_id', '=', userId).executeTakeFirst();
  return n ? { ...n } : null;
}

/**
 * The sections of the download, in order; a new kind of personal data adds its section here
 * (docs/personal-data.md).
 */
export const exportSections: ExportSection[] = [
  { key: 'profile', collect: profile },
  { key: 'appointments', collect: appointments },
  { key: 'bills', collect: bills },
  { key: 'reports', collect: reports },
  { key: 'membership', collect: membership },
  { key: 'correction_requests', collect: correctionRequests },
  { key: 'grievances', collect: grievances },
  { key: 'nominee', collect: nominee },
  { key: 'family_members', collect: familyMembers },
  { key: 'consents', collect: consentsForExport },
  { key: 'access_log', collect: accessLogForExport },
];

export async function exportData(db: Db, userId: number, now: Date): Promise<DataExport> {
  const out: Record<string, unknown> = { exported_at: now.toISOString(), format: 'lab-centre-data-export/1' };
  // One section after another: each is a few indexed reads of this one person's rows.
  for (const section of exportSections) out[section.key] = await section.collect(db, userId);
  return out as DataExport;
}


/** "Your data": how many of each kind the lab holds, what each is for, and how long the law keeps some (the grievance officer in the reader's language) */
export async function dataSummary(db: Db, config: Config, userId: number, language: Locale = 'en'): Promise<DataSummary> {
  const [appointmentCount, billCount, reportCount, membershipCount, correctionCount, grievanceCount, nomineeCount, lab] = await Promise.all([
    countRows(db.selectFrom('appointments').where('user_id', '=', userId)),
    countRows(billsOf(db, userId)),
    countRows(db.selectFrom('reports as r').innerJoin('appointments as a', 'a.id', 'r.appointment_id').where('a.user_id', '=', userId).where('r.status', '=', 'released')),
    countRows(db.selectFrom('memberships').where('user_id', '=', userId)),
    countRows(db.selectFrom('correction_requests').where('user_id', '=', userId)),
    countRows(db.selectFrom('grievances').where('user_id', '=', userId)),
    countRows(db.selectFrom('nominees').where('user_id', '=', userId)),
    labDetailsIn(db, language),
  ]);
  const counts: Record<DataKind, number> = {
    profile: 1,
    appointments: appointmentCount,
    bills: billCount,
    reports: reportCount,
    membership: membershipCount,
    requests: correctionCount + grievanceCount,
    nominee: nomineeCount,
  };
  const { billsYears, reportsYears, guestContactDays, grievanceDueDays } = config.privacy;
  return {
    items: (Object.keys(DATA_PURPOSES) as DataKind[]).map((kind) => ({ kind, count: counts[kind], purpose: DATA_PURPOSES[kind] })),
    retention: { bills_years: billsYears, reports_years: reportsYears, guest_contact_days: guestContactDays },
    grievance_contact: lab.grievance,
    grievance_due_days: grievanceDueDays,
  };
}
