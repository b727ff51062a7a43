// Erasure by closing the account (DPDP Act: the right to erasure, less what another law makes the lab
// keep). After the password is entered again, in one transaction: the bills (with payments) and the
// reports are copied into kept_records, apart from any contact details, each until its legal period
// ends (RETENTION_BILLS_YEARS from the bill, RETENTION_REPORTS_YEARS from the release); the
// appointments lose the person's name, contact details and age and are no longer theirs (staff
// searches find "Closed account", never the person); results and report rows go (their copy is
// kept, and its verification code still answers); requests, grievances, the nominee and the contact
// form's messages from the account's address are deleted; the delivery log forgets the e-mails sent to
// that address; the audit log of the visits keeps references, never values (auditWithoutValues); the
// account is pseudonymised (no name, e-mail or password left, so no login) and its sessions end. On
// SQLite, secure_delete has zeroed what went, and the WAL is then emptied (db/index.ts: scrubWal), so
// none of it stays in the file (decision 050). The patient is told, on screen and by an
// e-mail queued before the address is erased, what remains and until when. An admin reads what is
// kept (GET /api/staff/privacy/kept-records), and the retention job erases it when its date comes.
import { forgetMessagesOf } from '../analysers/queries.ts';
import { type AccountClosed, type KeptRecord, m, messagesEn, type Said } from '@lab/contract';
import { type Kysely, sql, type Transaction } from 'kysely';
import { type Dialect, scrubWal } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';
import type { Deps } from '../../lib/context.ts';
import { recordAudit } from '../audit/record.ts';
import { conflict, fieldError, HttpError } from '../../lib/errors.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { todayIst } from '../../lib/time.ts';
import { chooseLanguage } from '../messaging/words/index.ts';
import { labDetailsIn } from '../lab/service.ts';
import { withdrawAllConsents } from './consents.ts';
import { enqueueMail } from '../messaging/queue.ts';
import { accountClosedMail } from './rights-mail.ts';
import { forgetReportPdfs } from '../../documents/report-pdf.ts';
import { eraseClosedAccount } from '../appointments/lifecycle.ts';

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

/** the same calendar day `years` later (29 February → 1 March) */
export function addYears(date: string, years: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y + years, m - 1, d)).toISOString().slice(0, 10);
}

/** the India date of an instant (ISO) */
const dayOf = (iso: string) => todayIst(0, new Date(iso));

export const STILL_ACTIVE = messagesEn['privacy.still_active'];

/**
 * Other parts of the product that must act when an account closes, inside its transaction (the
 * consent part withdraws the consents). The lead wires them in here, one line each.
 */
export const closeAccountHooks: Array<(trx: Trx, userId: number, now: Date) => Promise<void>> = [withdrawAllConsents];

interface KeptRow {
  kind: 'bill' | 'report';
  reference: string;
  data: unknown;
  kept_until: string;
  /** a report's verification code: the printed code still verifies after the account closes */
  verification_code?: string;
}

async function billsToKeep(trx: Trx, userId: number, appointmentIds: string[], billsYears: number): Promise<KeptRow[]> {
  const bills = await trx
    .selectFrom('bills as b')
    .leftJoin('appointments as a', 'a.id', 'b.appointment_id')
    .leftJoin('memberships as m', 'm.id', 'b.membership_id')
    .select(['b.id', 'b.invoice_no', 'b.generated_at', 'b.total_paise', 'b.offer_paise', 'b.paid_paise', 'b.refunded_paise', 'b.appointment_id', 'a.reference', 'a.user_name', 'a.date', 'm.id as membership_id'])
    .where((eb) => eb.or([...(appointmentIds.length ? [eb('b.appointment_id', 'in', appointmentIds)] : []), eb('b.membership_id', 'in', trx.selectFrom('memberships').select('memberships.id').where('memberships.user_id', '=', userId))]))
    .execute();
  if (bills.length === 0) return [];
  const ids = bills.map((b) => b.id);
  const payments = await trx.selectFrom('payments').select(['bill_id', 'kind', 'amount_paise', 'mode', 'place', 'reference', 'utr', 'status', 'received_at']).where('bill_id', 'in', ids).orderBy('id').execute();
  const tests = appointmentIds.length
    ? await trx.selectFrom('appointment_tests').select(['appointment_id', 'name', 'price_paise']).where('appointment_id', 'in', appointmentIds).orderBy('position').execute()
    : [];
  const user = await trx.selectFrom('users').select(['first_name', 'last_name']).where('id', '=', userId).executeTakeFirstOrThrow();
  return bills.map((b) => ({
    kind: 'bill' as const,
    reference: b.invoice_no,
    kept_until: addYears(dayOf(b.generated_at), billsYears),
    data: {
      invoice_no: b.invoice_no,
      generated_at: b.generated_at,
      billed_to: b.user_name ?? `${user.first_name} ${user.last_name}`.trim(),
      appointment_reference: b.reference,
      appointment_date: b.date,
      membership: b.membership_id !== null,
      tests: tests.filter((t) => t.appointment_id === b.appointment_id).map((t) => t.name),
      total_paise: b.total_paise,
      offer_paise: b.offer_paise,
      paid_paise: b.paid_paise,
      refunded_paise: b.refunded_paise,
      payments: payments.filter((p) => p.bill_id === b.id).map(({ bill_id: _b, ...p }) => p),
    },
  }));
}

async function reportsToKeep(trx: Trx, appointmentIds: string[], reportsYears: number): Promise<KeptRow[]> {
  if (appointmentIds.length === 0) return [];
  const reports = await trx
    .selectFrom('reports as r')
    .innerJoin('appointments as a', 'a.id', 'r.appointment_id')
    .select(['a.reference', 'r.version', 'r.status', 'r.verification_code', 'r.released_at', 'r.superseded_at', 'r.amendment_reason', 'r.snapshot_json'])
    .where('r.appointment_id', 'in', appointmentIds)
    .orderBy('r.released_at')
    .execute();
  return reports.map((r) => ({
    kind: 'report' as const,
    reference: `${r.reference} v${r.version}`,
    kept_until: addYears(dayOf(r.released_at), reportsYears),
    verification_code: r.verification_code,
    data: { ...r, snapshot_json: undefined, report: JSON.parse(r.snapshot_json) as unknown },
  }));
}

/** audit actions about a visit whose entries once held health values (results, notes, age and sex) */
const HEALTH_ACTIONS = ['results_draft', 'results_final', 'amend', 'amend_release', 'amend_discard', 'critical_call', 'patient_details'];
/** what an audit entry about results may keep: which version, which parameter, who and when; never a value */
const REFERENCE_KEYS = new Set(['version', 'pending_version', 'report_version', 'verification_code', 'parameters', 'parameter_ids', 'amended_by', 'at', 'status']);
const RESULT_ACTIONS = new Set(['results_draft', 'results_final', 'amend', 'amend_release']);

/**
 * An audit entry about a visit's results, with references in place of values: the keys above stay;
 * a result entry written before migration 039 named each parameter by a key holding its value, and
 * keeps the parameter's name only; notes, reasons, age and sex go.
 */
export function auditWithoutValues(action: string, json: string | null): string | null {
  if (json === null) return null;
  const entry = JSON.parse(json) as unknown;
  if (!entry || typeof entry !== 'object' || Array.isArray(entry)) return null;
  const kept: Record<string, unknown> = {};
  const named: Array<{ name: string }> = [];
  for (const [key, value] of Object.entries(entry)) {
    if (REFERENCE_KEYS.has(key)) kept[key] = key === 'parameters' && Array.isArray(value) ? value.map((p: { parameter_id?: unknown; name?: unknown }) => ({ parameter_id: p.parameter_id, name: p.name })) : value;
    else if (RESULT_ACTIONS.has(action) && key !== 'reason') named.push({ name: key });
  }
  if (named.length) kept.parameters = [...((kept.parameters as unknown[] | undefined) ?? []), ...named];
  return JSON.stringify(kept);
}

/** the audit entries of these visits, their health values replaced by references (closing an account, a report's retention) */
export async function eraseAuditValues(trx: Trx | Db, appointmentIds: readonly string[]): Promise<number> {
  if (appointmentIds.length === 0) return 0;
  const rows = await trx
    .selectFrom('audit_log')
    .select(['id', 'action', 'before_json', 'after_json'])
    .where('entity', '=', 'appointment')
    .where('entity_id', 'in', appointmentIds)
    .where('action', 'in', HEALTH_ACTIONS)
    .execute();
  for (const r of rows) {
    await trx.updateTable('audit_log').set({ before_json: auditWithoutValues(r.action, r.before_json), after_json: auditWithoutValues(r.action, r.after_json) }).where('id', '=', r.id).execute();
  }
  return rows.length;
}

/**
 * The delivery log's e-mails about no booking sent to `email` (a password reset, a grievance's answer):
 * the address and any unsent message go. The partial index of such rows still naming someone
 * (migration 028) bounds the search; SQLite is told to use it.
 */
async function forgetMailTo(trx: Trx, dialect: Dialect, email: string): Promise<void> {
  const address = email.toLowerCase();
  const ids =
    dialect === 'sqlite'
      ? (await sql<{ id: number }>`SELECT id FROM mail_jobs INDEXED BY mail_jobs_unlinked_recipient WHERE appointment_id IS NULL AND recipient <> '' AND lower(recipient) = ${address}`.execute(trx)).rows.map((r) => r.id)
      : (await trx.selectFrom('mail_jobs').select('id').where('appointment_id', 'is', null).where('recipient', '<>', '').where(sql`lower(recipient)`, '=', address).execute()).map((r) => r.id);
  if (ids.length) await trx.updateTable('mail_jobs').set({ recipient: '', message_json: null }).where('id', 'in', ids).execute();
}

/** what is kept, per kind: how many and until the latest of their dates */
function keptSummary(rows: Pick<KeptRow, 'kind' | 'kept_until'>[]): AccountClosed['kept'] {
  const out: AccountClosed['kept'] = [];
  for (const kind of ['bill', 'report'] as const) {
    const of = rows.filter((r) => r.kind === kind);
    if (of.length) out.push({ kind, count: of.length, kept_until: of.map((r) => r.kept_until).sort().at(-1)! });
  }
  return out;
}

export async function closeAccount(deps: Pick<Deps, 'db' | 'dialect' | 'config' | 'tokenVersions'>, userId: number, password: string, now: Date, cookieLanguage?: string): Promise<Omit<AccountClosed, 'message'> & { message: Said }> {
  const { db, config } = deps;
  const user = await db.selectFrom('users').select(['id', 'role', 'password_hash', 'email', 'first_name', 'closed_at', 'language']).where('id', '=', userId).executeTakeFirst();
  if (!user || user.closed_at !== null) throw new HttpError(401, m('auth.token_expired'));
  if (user.role === 'staff') throw new HttpError(400, m('privacy.staff_cannot_close'));
  if (!(await verifyPassword(user.password_hash, password))) throw fieldError('password', m('privacy.password_wrong'));

  const at = now.toISOString();
  const result = await db.transaction().execute(async (trx) => {
    const appointments = await trx.selectFrom('appointments').select(['id', 'status']).where('user_id', '=', userId).execute();
    if (appointments.some((a) => a.status === 'booked' || a.status === 'approved' || a.status === 'sample_collected')) throw conflict(m('privacy.still_active'));
    const ids = appointments.map((a) => a.id);
    const kept = [...(await billsToKeep(trx, userId, ids, config.privacy.billsYears)), ...(await reportsToKeep(trx, ids, config.privacy.reportsYears))];
    if (kept.length) {
      await trx
        .insertInto('kept_records')
        .values(kept.map((k) => ({ user_id: userId, kind: k.kind, reference: k.reference, data_json: JSON.stringify(k.data), kept_until: k.kept_until, verification_code: k.verification_code ?? null, created_at: at })))
        .execute();
    }
    const summary = keptSummary(kept);
    await forgetMailTo(trx, deps.dialect, user.email);
    // Told before the address goes: the job holds the message until it is sent (the retention job then
    // forgets its recipient: closedAccountMail in retention.ts).
    const language = chooseLanguage(user.language, cookieLanguage);
    await enqueueMail(trx, now, { kind: 'account-closed', message: accountClosedMail({ to: user.email, firstName: user.first_name, kept: summary, lab: await labDetailsIn(trx, language), language }) });

    if (ids.length) {
      await trx.deleteFrom('results').where('appointment_id', 'in', ids).execute();
      await forgetMessagesOf(trx, ids);
      await forgetReportPdfs(trx, ids);
      await trx.deleteFrom('reports').where('appointment_id', 'in', ids).execute();
      await eraseClosedAccount(trx, ids, at);
      // Sent e-mails keep their recipient in the delivery log: not these any more.
      await trx.updateTable('mail_jobs').set({ recipient: '', message_json: null }).where('appointment_id', 'in', ids).execute();
      // The kept report copies hold what the law needs; the audit trail of the visits keeps references.
      await eraseAuditValues(trx, ids);
    }
    await trx.updateTable('memberships').set({ status: 'Cancelled', ended_at: at }).where('user_id', '=', userId).where('status', '!=', 'Cancelled').execute();
    await trx.deleteFrom('correction_requests').where('user_id', '=', userId).execute();
    await trx.deleteFrom('grievances').where('user_id', '=', userId).execute();
    await trx.deleteFrom('nominees').where('user_id', '=', userId).execute();
    // the family members kept under the account (modules/people): their names, birth dates and phones go with it
    await trx.deleteFrom('family_members').where('user_id', '=', userId).execute();
    // what they wrote through the contact form from this address goes too (index on lower(email))
    await trx.deleteFrom('contact_messages').where(sql`lower(email)`, '=', user.email.toLowerCase()).execute();
    await trx.deleteFrom('refresh_tokens').where('user_id', '=', userId).execute();
    await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
    for (const hook of closeAccountHooks) await hook(trx, userId, now);
    const pseudonym = `closed-${userId}`;
    await trx
      .updateTable('users')
      .set((eb) => ({
        username: pseudonym,
        username_key: pseudonym,
        email: `${pseudonym}@closed.invalid`,
        email_key: `${pseudonym}@closed.invalid`,
        // not a hash any password can match: no login
        password_hash: '!closed',
        first_name: '',
        last_name: '',
        date_of_birth: null,
        age_years: null,
        age_recorded_on: null,
        sex: null,
        phone: null,
        abha_number: null,
        abha_address: null,
        totp_secret: null,
        totp_enabled_at: null,
        totp_last_step: null,
        last_login: null,
        closed_at: at,
        token_version: eb('token_version', '+', 1),
      }))
      .where('id', '=', userId)
      .execute();
    await recordAudit(trx, { actorUserId: userId, entity: 'user', entityId: userId, action: 'close-account', before: null, after: { kept: summary } });
    return summary;
  });
  // Every access token of the account stops working now, in every process.
  await deps.tokenVersions.bump(userId);
  // The WAL's older copies of the erased pages go too (SQLite file; nothing to do elsewhere), in the
  // checkpointer's thread: the answer does not wait for a moment without readers.
  void scrubWal(db);
  return { message: m('privacy.account_closed'), closed_at: at, kept: result };
}

/** admin: a closed account's kept records (the only way to read them) */
export async function keptRecordsOf(db: Db, actor: number, account: number): Promise<KeptRecord[]> {
  const rows = await db.selectFrom('kept_records').selectAll().where('user_id', '=', account).orderBy('id').execute();
  await recordAudit(db, { actorUserId: actor, entity: 'kept_records', entityId: account, action: 'read', before: null, after: { records: rows.length } });
  return rows.map((r) => ({ id: r.id, kind: r.kind, reference: r.reference, data: JSON.parse(r.data_json) as unknown, kept_until: r.kept_until, kept_since: r.created_at }));
}

/** the retention task: kept records whose legal period has ended are erased; answers how many */
export async function eraseExpiredKeptRecords(db: Db, now: Date): Promise<number> {
  const res = await db.deleteFrom('kept_records').where('kept_until', '<', todayIst(0, now)).executeTakeFirst();
  return Number(res.numDeletedRows);
}
