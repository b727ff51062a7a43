// Referring doctors (docs/families-and-doctors.md, decision 059). Staff keep the lab's directory; a booking
// names the doctor who asked for the tests, chosen from it or typed (staff match a typed name later), and
// with the patient's tick the doctor is sent a sign-in link when the report is released. A doctor signs in
// by a one-time link sent to their registered e-mail address and by SMS to their registered phone (WhatsApp
// too when they agreed to it; messaging/channels), each single use (LINK_HOURS), exchanged for a
// session (SESSION_HOURS); both kept only as SHA-256 hashes, never logged. The doctor's view lists only the
// released reports of their own referrals whose patients agreed; anything else is a 404.
import { createHash, randomBytes } from 'node:crypto';
import { type Doctor, type DoctorInput, type DoctorPick, type DoctorReport, type DoctorSession, type DoctorUpdate, m, paths, privacyNotice, type Referrals } from '@lab/contract';
import type { Kysely, Updateable } from 'kysely';
import type { Database, ReferringDoctorsTable } from '../../db/schema.ts';
import { setDoctor } from '../appointments/lifecycle.ts';
import { recordAudit } from '../audit/record.ts';
import { fieldError, HttpError, notFound } from '../../lib/errors.ts';
import { toRupees } from '../../lib/money.ts';
import { nameKey } from '../../lib/name-key.ts';
import { isUniqueViolation } from '../../lib/unique-violation.ts';
import { labDetailsIn } from '../lab/service.ts';
import { enqueueMail } from '../messaging/queue.ts';
import { queueDoctorLink } from '../messaging/channels/phone-queue.ts';
import { mailWords } from '../messaging/words/index.ts';
import * as q from './doctor-queries.ts';

type Db = Kysely<Database>;

/** how long a sign-in link works, and a doctor's session after it */
export const LINK_HOURS = 72;
export const SESSION_HOURS = 12;
const DIRECTORY_LIMIT = 200;
const PICK_LIMIT = 10;

/** "Dr. Asha Rao" is kept as "Asha Rao": the report prints "Dr" itself */
export const withoutTitle = (name: string) => name.trim().replace(/^dr\.?\s+/i, '');
const keyOf = (name: string) => nameKey(withoutTitle(name));
const digits = (phone: string) => phone.replace(/\D/g, '').slice(-10);
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

const shown = (d: q.DoctorRow): Doctor => ({ id: d.id, name: d.name, qualification: d.qualification, registration_no: d.registration_no, council: d.council, clinic: d.clinic, phone: d.phone, email: d.email, whatsapp: d.whatsapp === 1 });

/** GET /api/staff/doctors: the directory, or the doctors whose names start with `text` */
export async function listDoctors(db: Db, text: string | undefined): Promise<Doctor[]> {
  const key = text ? keyOf(text) : '';
  const rows = key ? (await q.doctorsFrom(db, key, DIRECTORY_LIMIT)).filter((d) => d.name_key.startsWith(key)) : await q.allDoctors(db, DIRECTORY_LIMIT);
  return rows.map(shown);
}

/** GET /api/doctors/?q=: the booking page's picker: names, qualification and clinic only */
export async function pickDoctors(db: Db, text: string): Promise<DoctorPick[]> {
  const key = keyOf(text);
  const rows = (await q.doctorsFrom(db, key, PICK_LIMIT)).filter((d) => d.name_key.startsWith(key));
  return rows.map((d) => ({ id: d.id, name: d.name, qualification: d.qualification, clinic: d.clinic }));
}

function rowOf(input: Partial<DoctorInput>, at: string): Updateable<ReferringDoctorsTable> {
  const row: Updateable<ReferringDoctorsTable> = { updated_at: at };
  if (input.name !== undefined) Object.assign(row, { name: withoutTitle(input.name), name_key: keyOf(input.name) });
  if (input.qualification !== undefined) row.qualification = input.qualification;
  if (input.registration_no !== undefined) row.registration_no = input.registration_no.toUpperCase();
  if (input.council !== undefined) row.council = input.council;
  if (input.clinic !== undefined) row.clinic = input.clinic;
  if (input.phone !== undefined) row.phone = input.phone === null ? null : digits(input.phone);
  if (input.email !== undefined) row.email = input.email === null ? null : input.email.toLowerCase();
  if (input.whatsapp !== undefined) row.whatsapp = input.whatsapp ? 1 : 0;
  return row;
}

const registrationTaken = (err: unknown) => (isUniqueViolation(err, 'registration') ? fieldError('registration_no', m('doctors.registration_taken')) : err);

/** POST /api/staff/doctors: audited in its transaction (by the fields given, not their values) */
export async function addDoctor(db: Db, actorUserId: number, input: DoctorInput, now: Date): Promise<Doctor> {
  const at = now.toISOString();
  const row = rowOf(input, at) as Required<Pick<ReferringDoctorsTable, 'name' | 'name_key' | 'qualification' | 'registration_no' | 'council' | 'clinic'>> & Updateable<ReferringDoctorsTable>;
  const id = await db
    .transaction()
    .execute(async (trx) => {
      const made = await q.insertDoctor(trx, { ...row, phone: row.phone ?? null, email: row.email ?? null, created_at: at, updated_at: at });
      await recordAudit(trx, { actorUserId, entity: 'referring_doctor', entityId: made, action: 'create', before: null, after: { fields: Object.keys(input) } });
      return made;
    })
    .catch((err: unknown) => {
      throw registrationTaken(err);
    });
  return shown((await q.doctorById(db, id))!);
}

/** PATCH /api/staff/doctors/{id}: fields left out stay; at least a phone or an e-mail remains */
export async function changeDoctor(db: Db, actorUserId: number, id: number, input: DoctorUpdate, now: Date): Promise<Doctor> {
  await db
    .transaction()
    .execute(async (trx) => {
      const before = await q.doctorById(trx, id);
      if (!before) throw notFound(m('doctors.not_found'));
      const patch = rowOf(input, now.toISOString());
      const phone = patch.phone !== undefined ? patch.phone : before.phone;
      const email = patch.email !== undefined ? patch.email : before.email;
      if (!phone && !email) throw fieldError('email', m('doctors.contact_needed'));
      await q.updateDoctor(trx, id, patch);
      await recordAudit(trx, { actorUserId, entity: 'referring_doctor', entityId: id, action: 'update', before: null, after: { fields: Object.keys(input) } });
    })
    .catch((err: unknown) => {
      throw registrationTaken(err);
    });
  return shown((await q.doctorById(db, id))!);
}

/**
 * A booking's doctor, checked: one from the directory (its id) or a name as typed; the tick that the doctor
 * gets the report needs one of them. Answers the appointment's columns.
 */
export async function bookingDoctor(db: Db, input: { doctor_id?: number | null | undefined; doctor_name?: string | null | undefined; doctor_consent?: boolean | undefined }, now: Date) {
  const none = { doctor_id: null, doctor_name: null, doctor_consent_at: null, doctor_consent_notice: null };
  let doctor: { doctor_id: number | null; doctor_name: string | null } = none;
  if (input.doctor_id != null) {
    if (!(await q.doctorById(db, input.doctor_id))) throw fieldError('doctor_id', m('doctors.not_found'));
    doctor = { doctor_id: input.doctor_id, doctor_name: null };
  } else if (input.doctor_name) {
    doctor = { doctor_id: null, doctor_name: withoutTitle(input.doctor_name) };
  }
  if (!input.doctor_consent) return { ...none, ...doctor };
  if (doctor.doctor_id === null && doctor.doctor_name === null) throw fieldError('doctor_name', m('validation.label_required', { label: m('label.doctor_name') }));
  return { ...doctor, doctor_consent_at: now.toISOString(), doctor_consent_notice: privacyNotice.version };
}

/** PUT /api/staff/referrals/{id}/doctor: a typed name matched to the directory; audited */
export async function matchDoctor(db: Db, actorUserId: number, appointmentId: string, doctorId: number): Promise<{ appointment_id: string; doctor_id: number }> {
  await db.transaction().execute(async (trx) => {
    if (!(await q.doctorById(trx, doctorId))) throw fieldError('doctor_id', m('doctors.not_found'));
    const a = await trx.selectFrom('appointments').select(['doctor_id']).where('id', '=', appointmentId).executeTakeFirst();
    if (!a) throw notFound();
    await setDoctor(trx, appointmentId, doctorId);
    await recordAudit(trx, { actorUserId, entity: 'appointment', entityId: appointmentId, action: 'match-doctor', before: { doctor_id: a.doctor_id }, after: { doctor_id: doctorId } });
  });
  return { appointment_id: appointmentId, doctor_id: doctorId };
}

/** GET /api/staff/referrals: per doctor (a typed name not yet matched is its own row), the month's bookings and their value */
export async function referrals(db: Db, month: string): Promise<Referrals> {
  const [y, mo] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, mo, 0)).getUTCDate();
  const rows = await q.referralsBetween(db, `${month}-01`, `${month}-${String(last).padStart(2, '0')}`);
  const by = new Map<string, { doctor_id: number | null; name: string; clinic: string; count: number; paise: number }>();
  for (const r of rows) {
    const key = r.doctor_id !== null ? `d${r.doctor_id}` : `n${nameKey(r.doctor_name ?? '')}`;
    const row = by.get(key) ?? { doctor_id: r.doctor_id, name: r.name ?? r.doctor_name ?? '', clinic: r.clinic ?? '', count: 0, paise: 0 };
    row.count += 1;
    row.paise += Number(r.total_paise);
    by.set(key, row);
  }
  const list = [...by.values()].sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
  return { month, rows: list.map(({ paise, ...r }) => ({ ...r, value: toRupees(paise) })) };
}

function csvField(value: string | number): string {
  const text = String(value);
  // a leading = + - @ would be a formula to a spreadsheet
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function referralsCsv(r: Referrals): string {
  const lines: Array<Array<string | number>> = [['Month', 'Doctor', 'Clinic', 'In directory', 'Bookings', 'Value (Rs)'], ...r.rows.map((x) => [r.month, `Dr ${x.name}`, x.clinic, x.doctor_id !== null ? 'yes' : 'no', x.count, x.value])];
  return `${lines.map((l) => l.map(csvField).join(',')).join('\r\n')}\r\n`;
}

async function newToken(db: Db, doctorId: number, kind: 'link' | 'session', hours: number, now: Date): Promise<{ token: string; expires_at: string }> {
  const token = randomBytes(32).toString('base64url');
  const expires_at = new Date(now.getTime() + hours * 3_600_000).toISOString();
  await q.insertToken(db, { doctor_id: doctorId, kind, token_hash: hashOf(token), expires_at, used_at: null, created_at: now.toISOString() });
  return { token, expires_at };
}

/** the doctor's view as a link carrying a one-time token (the web page exchanges it at once) */
const viewLink = (publicUrl: string, token: string) => `${publicUrl}${paths.doctor}#token=${encodeURIComponent(token)}`;

/** the doctor's one-time links: to the registered e-mail, and to the registered phone (queueDoctorLink) */
async function queueLinks(trx: Db, doctor: q.DoctorRow, publicUrl: string, now: Date, lead: 'link' | 'report', to: { email: boolean; phone: boolean } = { email: true, phone: true }): Promise<void> {
  if (to.email) await queueLinkMail(trx, doctor, publicUrl, now, lead);
  if (to.phone && doctor.phone) {
    const tokenFor = async () => (await newToken(trx, doctor.id, 'link', LINK_HOURS, now)).token;
    await queueDoctorLink(trx, now, { kind: lead === 'link' ? 'doctor-link' : 'doctor-report', phone: doctor.phone, whatsapp: doctor.whatsapp === 1, hours: LINK_HOURS, language: 'en', tokenFor });
  }
}

async function queueLinkMail(trx: Db, doctor: q.DoctorRow, publicUrl: string, now: Date, lead: 'link' | 'report'): Promise<void> {
  if (!doctor.email) return;
  const { token } = await newToken(trx, doctor.id, 'link', LINK_HOURS, now);
  const lab = await labDetailsIn(trx, 'en');
  const w = mailWords.en.doctor;
  const link = viewLink(publicUrl, token);
  const subject = lead === 'link' ? w.linkSubject(lab.name) : w.reportSubject(lab.name);
  const text = [`Dr ${doctor.name},`, '', lead === 'link' ? w.linkLead(LINK_HOURS) : w.reportLead(LINK_HOURS), '', link, '', lab.name].join('\n');
  await enqueueMail(trx, now, { kind: lead === 'link' ? 'doctor-link' : 'doctor-report', message: { to: doctor.email, subject, text } });
}

/**
 * POST /api/doctor/link: a one-time sign-in link to the doctor registered with this e-mail address (or
 * phone: the link goes to the registered e-mail); the answer is the same whether or not one is.
 */
export async function sendSignInLink(db: Db, contact: string, publicUrl: string, now: Date): Promise<void> {
  const text = contact.trim();
  const doctor = text.includes('@') ? await q.doctorByContact(db, { email: text.toLowerCase() }) : digits(text).length === 10 ? await q.doctorByContact(db, { phone: digits(text) }) : undefined;
  if (!doctor) return;
  // asked for by e-mail: the link goes there; by phone: to the phone, and to the registered e-mail as before
  await db.transaction().execute((trx) => queueLinks(trx, doctor, publicUrl, now, 'link', { email: true, phone: !text.includes('@') }));
}

/** when a released report's patient agreed, its referring doctor (from the directory) is sent a sign-in link; in the release's transaction */
export async function notifyReferringDoctor(trx: Db, appointmentId: string, publicUrl: string, now: Date): Promise<void> {
  const a = await trx.selectFrom('appointments').select(['doctor_id', 'doctor_consent_at']).where('id', '=', appointmentId).executeTakeFirst();
  if (!a || a.doctor_id === null || a.doctor_consent_at === null) return;
  const doctor = await q.doctorById(trx, a.doctor_id);
  if (doctor) await queueLinks(trx, doctor, publicUrl, now, 'report');
}

/** the referring doctor a report prints ("Referred by Dr …"): the directory's name, else the name typed at booking */
export async function referredBy(db: Db, appointmentId: string): Promise<{ referred_by?: string }> {
  const row = await db
    .selectFrom('appointments as a')
    .leftJoin('referring_doctors as d', 'd.id', 'a.doctor_id')
    .select(['d.name', 'a.doctor_name'])
    .where('a.id', '=', appointmentId)
    .executeTakeFirst();
  const name = row?.name ?? row?.doctor_name ?? null;
  return name ? { referred_by: name } : {};
}

/** POST /api/doctor/session: the link's token, used once, for a session */
export async function openSession(db: Db, token: string, now: Date): Promise<DoctorSession> {
  const at = now.toISOString();
  const link = await q.liveToken(db, 'link', hashOf(token), at);
  if (!link || !(await q.useToken(db, link.id, at))) throw new HttpError(400, m('doctors.link_invalid'));
  const doctor = await q.doctorById(db, link.doctor_id);
  if (!doctor) throw new HttpError(400, m('doctors.link_invalid'));
  const session = await newToken(db, doctor.id, 'session', SESSION_HOURS, now);
  return { session: session.token, name: doctor.name, expires_at: session.expires_at };
}

/** the doctor a session token belongs to; 401 when it is not a live session */
export async function doctorOfSession(db: Db, token: string | undefined, now: Date): Promise<number> {
  const live = token ? await q.liveToken(db, 'session', hashOf(token), now.toISOString()) : undefined;
  if (!live) throw new HttpError(401, m('doctors.session_invalid'));
  return live.doctor_id;
}

export async function doctorReports(db: Db, doctorId: number): Promise<DoctorReport[]> {
  return q.reportsForDoctor(db, doctorId);
}

/** 404 unless the doctor may read this report (their referral, the patient agreed, released) */
export async function checkDoctorMayRead(db: Db, doctorId: number, appointmentId: string): Promise<void> {
  if (!appointmentId || !(await q.doctorMayRead(db, doctorId, appointmentId))) throw notFound(m('request.not_found'));
}
