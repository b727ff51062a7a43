// The breach register (decision 033): an admin records an incident, the accounts concerned
// and the time range; the product finds the people whose data those accounts read (the read log) or
// changed (the audit trail) in that range, keeps them as the breach's notices, drafts the notice to
// each and the report to the Data Protection Board, shows the Board's 72-hour deadline from when the
// breach was found, queues the notices as durable e-mail jobs and records when the report was sent.
// Every step is audited.
import {
  AFFECTED_KIND_LABELS,
  BOARD_REPORT_HOURS,
  type Breach,
  type BreachInput,
  type BreachSummary,
  type LabDetails,
  type Locale,
  m,
  type MessageCode,
  type MessageValues,
  type ReadKind,
  paths,
  sayIn,
  staffRoleSchema,
} from '@lab/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { recordAudit } from '../audit/record.ts';
import { conflict, fieldErrors, notFound } from '../../lib/errors.ts';
import { formatIst, indiaMoment } from '../../lib/time.ts';
import type { MailMessage } from '../messaging/message.ts';
import { chooseLanguage, mailWords } from '../messaging/words/index.ts';
import { labDetails, labDetailsIn } from '../lab/service.ts';
import { insertJob } from '../messaging/queries.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface BreachDeps {
  db: Kysely<Database>;
  now: () => Date;
  publicUrl: string;
}

/** what of a person the accounts touched: the read log's kinds, and 'changed' for audited changes */
type AffectedKind = keyof typeof AFFECTED_KIND_LABELS;

/** an India date-time field (YYYY-MM-DDTHH:MM) as an instant */
const instantOf = (v: string) => indiaMoment(v.slice(0, 10), v.slice(11, 16)).toISOString();

const chunks = <T>(items: readonly T[], size = 500): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
};

interface Person {
  userId: number | null;
  name: string;
  email: string;
  /** Hindi when any of the person's bookings concerned was made in Hindi */
  language: Locale;
  kinds: Set<AffectedKind>;
}

/**
 * The people whose data `accountIds` read or changed between `from` and `to` (instants, inclusive):
 * range reads of the read log's (staff_user_id, read_at) index and the audit trail's (actor, time)
 * index, then the appointments and messages they name. A registered patient is one person however
 * many appointments; a guest is one person per e-mail address.
 */
export async function findAffected(db: Db, accountIds: readonly number[], from: string, to: string): Promise<Person[]> {
  const reads = await db
    .selectFrom('personal_data_reads')
    .select(['appointment_id', 'patient_user_id', 'kind', 'subject_id'])
    .distinct()
    .where('staff_user_id', 'in', accountIds)
    .where('read_at', '>=', from)
    .where('read_at', '<=', to)
    .execute();
  const changes = await db
    .selectFrom('audit_log')
    .select(['entity', 'entity_id'])
    .distinct()
    .where('actor_user_id', 'in', accountIds)
    .where('created_at', '>=', from)
    .where('created_at', '<=', to)
    .where('entity', 'in', ['appointment', 'report', 'bill', 'contact_message'])
    .execute();

  const byAppointment = new Map<string, Set<AffectedKind>>();
  const byMessage = new Map<number, Set<AffectedKind>>();
  // a patient's correction requests and grievances: the patient's account
  const byUser = new Map<number, Set<AffectedKind>>();
  const add = <K>(map: Map<K, Set<AffectedKind>>, key: K, kind: AffectedKind) => map.set(key, (map.get(key) ?? new Set()).add(kind));
  for (const r of reads) {
    if (r.kind === 'contact_message') add(byMessage, Number(r.subject_id), 'contact_message');
    else if ((r.kind === 'correction' || r.kind === 'grievance') && r.patient_user_id !== null) add(byUser, r.patient_user_id, r.kind);
    else if (r.appointment_id) add(byAppointment, r.appointment_id, r.kind as ReadKind);
  }
  const billIds: number[] = [];
  for (const c of changes) {
    if (c.entity === 'appointment') add(byAppointment, c.entity_id, 'changed');
    else if (c.entity === 'report') add(byAppointment, c.entity_id, 'report');
    else if (c.entity === 'contact_message') add(byMessage, Number(c.entity_id), 'contact_message');
    else if (/^\d{1,10}$/.test(c.entity_id)) billIds.push(Number(c.entity_id));
  }
  for (const ids of chunks(billIds)) {
    const bills = await db.selectFrom('bills').select('appointment_id').where('id', 'in', ids).where('appointment_id', 'is not', null).execute();
    for (const b of bills) add(byAppointment, b.appointment_id!, 'changed');
  }

  const people = new Map<string, Person>();
  const merge = (key: string, person: Omit<Person, 'kinds'>, kinds: Set<AffectedKind>) => {
    const found = people.get(key) ?? {
      ...person,
      kinds: new Set<AffectedKind>(),
    };
    for (const k of kinds) found.kinds.add(k);
    if (person.language === 'hi') found.language = 'hi';
    people.set(key, found);
  };
  for (const ids of chunks([...byAppointment.keys()])) {
    const rows = await db
      .selectFrom('appointments as a')
      .leftJoin('users as u', 'u.id', 'a.user_id')
      .select(['a.id', 'a.user_id', 'a.user_name', 'a.user_email', 'a.language', 'u.first_name', 'u.last_name', 'u.email', 'u.closed_at'])
      .where('a.id', 'in', ids)
      .execute();
    for (const a of rows) {
      const kinds = byAppointment.get(a.id)!;
      // a registered patient is told at their account's address, under their account's name
      // a closed account's address is a made-up one (erasure.ts): the person has no address any more
      if (a.user_id !== null && a.closed_at !== null) merge(`u:${a.user_id}`, { userId: a.user_id, name: a.user_name, email: '', language: a.language }, kinds);
      else if (a.user_id !== null && a.email)
        merge(
          `u:${a.user_id}`,
          {
            userId: a.user_id,
            name: `${a.first_name ?? ''} ${a.last_name ?? ''}`.trim() || a.user_name,
            email: a.email,
            language: a.language,
          },
          kinds,
        );
      // a booking whose contact was erased (its account closed) is one person of its own, with no address
      else if (a.user_email.trim() === '') merge(`a:${a.id}`, { userId: null, name: a.user_name, email: '', language: a.language }, kinds);
      else merge(`e:${a.user_email.toLowerCase()}`, { userId: null, name: a.user_name, email: a.user_email, language: a.language }, kinds);
    }
  }
  for (const ids of chunks([...byUser.keys()])) {
    const rows = await db.selectFrom('users').select(['id', 'first_name', 'last_name', 'email', 'closed_at']).where('id', 'in', ids).execute();
    // a closed account's address is a made-up one (erasure.ts): the person has no address any more
    for (const u of rows) merge(`u:${u.id}`, { userId: u.id, name: `${u.first_name ?? ''} ${u.last_name ?? ''}`.trim(), email: u.closed_at === null ? u.email : '', language: 'en' }, byUser.get(u.id)!);
  }
  for (const ids of chunks([...byMessage.keys()].filter((id) => id > 0 && id <= 2_147_483_647))) {
    const rows = await db.selectFrom('contact_messages').select(['id', 'name', 'email']).where('id', 'in', ids).execute();
    // an enquirer who gave no e-mail address is one person per message, with no address
    for (const m of rows) merge(m.email.trim() ? `e:${m.email.toLowerCase()}` : `m:${m.id}`, { userId: null, name: m.name, email: m.email.trim(), language: 'en' }, byMessage.get(m.id)!);
  }
  return [...people.values()].sort((a, b) => a.name.localeCompare(b.name) || a.email.localeCompare(b.email));
}

/** when the detailed report to the Board is due: 72 hours after the breach was found */
export const boardReportDue = (foundAt: string) => new Date(Date.parse(foundAt) + BOARD_REPORT_HOURS * 3_600_000).toISOString();

const noticeKey = (noticeId: number) => `breach-notice:${noticeId}`;

/**
 * The notices that can go nowhere: no address was left when the breach was recorded, or the account
 * was closed since (its address is then a made-up one). They are never queued, so the register keeps
 * them open, marked "no address: notify by other means" (decision 051).
 */
async function unreachable(db: Db, notices: readonly { id: number; user_id: number | null; email: string }[]): Promise<Set<number>> {
  const out = new Set(notices.filter((n) => n.email.trim() === '').map((n) => n.id));
  const userIds = [...new Set(notices.flatMap((n) => (n.user_id === null ? [] : [n.user_id])))];
  for (const ids of chunks(userIds)) {
    const closed = new Set((await db.selectFrom('users').select('id').where('id', 'in', ids).where('closed_at', 'is not', null).execute()).map((u) => u.id));
    for (const n of notices) if (n.user_id !== null && closed.has(n.user_id)) out.add(n.id);
  }
  return out;
}

export async function recordBreach(deps: BreachDeps, actor: number, input: BreachInput): Promise<Breach> {
  const { db } = deps;
  const now = deps.now();
  const foundAt = instantOf(input.found_at);
  if (foundAt > now.toISOString())
    throw fieldErrors({
      found_at: ['Enter a time that has already come: a breach is recorded once found.'],
    });
  // any account: a staff account taken away after the breach is a patient account again, and still concerned
  const accounts = await db.selectFrom('users').select('id').where('id', 'in', input.account_ids).execute();
  const unknown = input.account_ids.filter((id) => !accounts.some((a) => a.id === id));
  if (unknown.length > 0)
    throw fieldErrors({
      account_ids: [`No account with id ${unknown.join(', ')}.`],
    });

  const rangeFrom = instantOf(input.range_from);
  // "until 16:55" takes in the whole of that minute: a field holds minutes, reads happen at seconds
  const rangeTo = new Date(Date.parse(instantOf(input.range_to)) + 59_999).toISOString();
  const id = await db.transaction().execute(async (trx) => {
    const people = await findAffected(trx, input.account_ids, rangeFrom, rangeTo);
    const row = await trx
      .insertInto('breaches')
      .values({
        summary: input.summary,
        data_concerned: input.data_concerned,
        measures_taken: input.measures_taken,
        occurred_at: instantOf(input.occurred_at),
        found_at: foundAt,
        range_from: rangeFrom,
        range_to: rangeTo,
        accounts_json: JSON.stringify([...new Set(input.account_ids)]),
        recorded_by: actor,
        created_at: now.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const part of chunks(people, 200)) {
      await trx
        .insertInto('breach_notices')
        .values(
          part.map((p) => ({
            breach_id: row.id,
            user_id: p.userId,
            name: p.name,
            email: p.email,
            kinds_json: JSON.stringify([...p.kinds].sort()),
            queued_at: null,
            language: p.language,
          })),
        )
        .execute();
    }
    await recordAudit(trx, {
      actorUserId: actor,
      entity: 'breach',
      entityId: row.id,
      action: 'create',
      before: null,
      after: {
        found_at: foundAt,
        accounts: input.account_ids,
        range_from: rangeFrom,
        range_to: rangeTo,
        affected: people.length,
      },
    });
    return row.id;
  });
  return breachDetail(deps, id);
}

/** the register, newest found first */
export async function listBreaches(deps: BreachDeps): Promise<BreachSummary[]> {
  const rows = await deps.db.selectFrom('breaches').selectAll().orderBy('found_at', 'desc').orderBy('id', 'desc').limit(200).execute();
  if (rows.length === 0) return [];
  const counts = await deps.db
    .selectFrom('breach_notices')
    .select((eb) => ['breach_id', eb.fn.countAll<number>().as('affected'), eb.fn.count<number>('queued_at').as('queued')])
    .where(
      'breach_id',
      'in',
      rows.map((r) => r.id),
    )
    .groupBy('breach_id')
    .execute();
  const now = deps.now().toISOString();
  return rows.map((r) => {
    const c = counts.find((x) => x.breach_id === r.id);
    return summaryOf(r, now, Number(c?.affected ?? 0), Number(c?.queued ?? 0));
  });
}

function summaryOf(
  r: {
    id: number;
    summary: string;
    found_at: string;
    board_report_sent_at: string | null;
    created_at: string;
  },
  now: string,
  affected: number,
  queued: number,
): BreachSummary {
  const due = boardReportDue(r.found_at);
  return {
    id: r.id,
    summary: r.summary,
    found_at: r.found_at,
    board_report_due_at: due,
    board_report_sent_at: r.board_report_sent_at,
    overdue: r.board_report_sent_at === null && now > due,
    affected_count: affected,
    notices_queued: queued,
    created_at: r.created_at,
  };
}

export async function breachDetail(deps: BreachDeps, id: number): Promise<Breach> {
  const { db } = deps;
  const b = await db.selectFrom('breaches').selectAll().where('id', '=', id).executeTakeFirst();
  if (!b) throw notFound('No such breach.');
  const accountIds = JSON.parse(b.accounts_json) as number[];
  const [accounts, notices, lab] = await Promise.all([
    db.selectFrom('users').select(['id', 'first_name', 'last_name', 'username', 'staff_role']).where('id', 'in', accountIds).execute(),
    db.selectFrom('breach_notices').selectAll().where('breach_id', '=', id).orderBy('id').execute(),
    labDetails(db),
  ]);
  const jobs = new Map<string, { state: string; sent_at: string | null }>();
  for (const part of chunks(notices.filter((n) => n.queued_at !== null).map((n) => noticeKey(n.id)))) {
    for (const j of await db.selectFrom('mail_jobs').select(['unique_key', 'state', 'sent_at']).where('unique_key', 'in', part).execute()) jobs.set(j.unique_key!, j);
  }
  const queued = notices.filter((n) => n.queued_at !== null).length;
  const nowhere = await unreachable(db, notices.filter((n) => n.queued_at === null));
  const summary = summaryOf(b, deps.now().toISOString(), notices.length, queued);
  const accountList = accounts.map((a) => ({
    id: a.id,
    name: `${a.first_name} ${a.last_name}`.trim() || a.username,
    role: a.staff_role ? staffRoleSchema.parse(a.staff_role) : null,
  }));
  return {
    ...summary,
    data_concerned: b.data_concerned,
    measures_taken: b.measures_taken,
    occurred_at: b.occurred_at,
    range_from: b.range_from,
    range_to: b.range_to,
    accounts: accountList,
    affected: notices.map((n) => {
      const job = jobs.get(noticeKey(n.id));
      return {
        id: n.id,
        name: n.name,
        email: n.email,
        user_id: n.user_id,
        kinds: JSON.parse(n.kinds_json) as string[],
        notice_queued_at: n.queued_at,
        notice_state: (job?.state as Breach['affected'][number]['notice_state'] | undefined) ?? null,
        notice_sent_at: job?.sent_at ?? null,
        no_address: nowhere.has(n.id),
      };
    }),
    notice_draft: noticeDraft(b, lab, deps.publicUrl, {
      name: '{name}',
      kinds: ['{what}'],
    }),
    board_report_draft: boardReport(b, lab, accountList, notices, summary.board_report_due_at),
  };
}

interface BreachText {
  summary: string;
  data_concerned: string;
  measures_taken: string;
  occurred_at: string;
  found_at: string;
}

/** the catalogue's words for each kind of data a notice names */
const KIND_CODES: Record<AffectedKind, MessageCode> = {
  appointment: 'privacy.breach.kind.appointment',
  results: 'privacy.breach.kind.results',
  report: 'privacy.breach.kind.report',
  mail_log: 'privacy.breach.kind.mail_log',
  contact_message: 'privacy.breach.kind.contact_message',
  bill: 'privacy.breach.kind.bill',
  correction: 'privacy.breach.kind.correction',
  grievance: 'privacy.breach.kind.grievance',
  changed: 'privacy.breach.kind.changed',
};

/**
 * The notice to one affected person, in plain language: what happened, what data, what we did, what
 * they can do, whom to ask. In Hindi to a person whose account chose Hindi (decision 035); what staff
 * wrote about the breach stays as they wrote it, and a kind the catalogue does not know is named as stored.
 */
export function noticeDraft(b: BreachText, lab: LabDetails, publicUrl: string, person: { name: string; kinds: string[] }, language: Locale = 'en'): { subject: string; text: string } {
  const say = (code: MessageCode, values?: MessageValues) => sayIn(language, m(code, values));
  const when = mailWords[language].dateTime;
  const g = lab.grievance;
  const contact = `${g.name}, ${g.email}${g.phone ? `, ${g.phone}` : ''}`;
  const kinds = person.kinds.map((k) => (Object.hasOwn(KIND_CODES, k) ? say(KIND_CODES[k as AffectedKind]) : k)).join(', ');
  return {
    subject: say('privacy.breach.subject', { lab: lab.name }),
    text: [
      say('mail.dear', { name: person.name }),
      '',
      say('privacy.breach.lead', { lab: lab.name }),
      '',
      say('privacy.breach.what_happened', { summary: b.summary }),
      say('privacy.breach.when', { occurred: when(b.occurred_at), found: when(b.found_at) }),
      '',
      say('privacy.breach.what_data', { data: b.data_concerned }),
      say('privacy.breach.of_yours', { kinds }),
      '',
      say('privacy.breach.measures', { measures: b.measures_taken }),
      '',
      say('privacy.breach.you_can'),
      say('privacy.breach.be_careful', { lab: lab.name }),
      say('privacy.breach.change_password', { link: `${publicUrl}${paths.login}` }),
      say('privacy.breach.ask_us'),
      say('privacy.breach.complain'),
      '',
      say('privacy.breach.contact', { contact }),
      '',
      lab.name,
    ].join('\n'),
  };
}

function boardReport(
  b: BreachText & { range_from: string; range_to: string },
  lab: LabDetails,
  accounts: { name: string; role: string | null }[],
  notices: { user_id: number | null; queued_at: string | null }[],
  due: string,
): string {
  const registered = notices.filter((n) => n.user_id !== null).length;
  const queued = notices.filter((n) => n.queued_at !== null).length;
  return [
    'Report of a personal data breach to the Data Protection Board of India',
    '',
    `Data fiduciary: ${lab.name}, ${lab.address_lines.join(', ')}; ${lab.email}`,
    `Contact for this breach: ${lab.grievance.name}, ${lab.grievance.email}${lab.grievance.phone ? `, ${lab.grievance.phone}` : ''}`,
    '',
    `Nature of the breach: ${b.summary}`,
    `Occurred: ${formatIst(b.occurred_at)}. Found: ${formatIst(b.found_at)}.`,
    `Personal data concerned: ${b.data_concerned}`,
    `Accounts concerned: ${accounts.map((a) => `${a.name} (${a.role ?? 'no staff role'})`).join('; ')}`,
    `Period examined in the access and audit logs: ${formatIst(b.range_from)} to ${formatIst(b.range_to)}`,
    `Data principals affected: ${notices.length} (${registered} with an account, ${notices.length - registered} guests or enquirers)`,
    '',
    `Measures taken and proposed: ${b.measures_taken}`,
    `Intimation to the data principals: ${queued} of ${notices.length} notices sent.`,
    '',
    `This detailed report is due by ${formatIst(due)} (72 hours after the breach was found).`,
  ].join('\n');
}

/** queues the notice of every affected person not yet sent one, as durable e-mail jobs */
export async function sendNotices(deps: BreachDeps, actor: number, id: number): Promise<Breach> {
  const { db } = deps;
  // the grievance officer as the notice's reader reads them
  const labs = { en: await labDetailsIn(db, 'en'), hi: await labDetailsIn(db, 'hi') };
  await db.transaction().execute(async (trx) => {
    const b = await trx.selectFrom('breaches').selectAll().where('id', '=', id).executeTakeFirst();
    if (!b) throw notFound('No such breach.');
    const open = await trx.selectFrom('breach_notices').selectAll().where('breach_id', '=', id).where('queued_at', 'is', null).execute();
    const nowhere = await unreachable(trx, open);
    const pending = open.filter((n) => !nowhere.has(n.id));
    if (pending.length === 0) throw conflict(open.length > 0 ? 'The people not yet told have no e-mail address: notify them by other means.' : 'Every affected person has been sent the notice already.');
    const at = deps.now().toISOString();
    // Each person with an account gets the notice in the language they chose; a guest, or a person
    // who never chose, in the language they booked in (an enquirer in English).
    const accountIds = pending.flatMap((n) => (n.user_id === null ? [] : [n.user_id]));
    const languages = new Map(
      accountIds.length
        ? (await trx.selectFrom('users').select(['id', 'language']).where('id', 'in', accountIds).where('language', 'is not', null).execute()).map((u) => [u.id, chooseLanguage(u.language)] as const)
        : [],
    );
    for (const n of pending) {
      const language = (n.user_id === null ? undefined : languages.get(n.user_id)) ?? n.language;
      const draft = noticeDraft(
        b,
        labs[language],
        deps.publicUrl,
        {
          name: n.name,
          kinds: JSON.parse(n.kinds_json) as string[],
        },
        language,
      );
      const message: MailMessage = {
        to: n.email,
        subject: draft.subject,
        text: draft.text,
      };
      await insertJob(trx, {
        kind: 'breach-notice',
        appointmentId: null,
        uniqueKey: noticeKey(n.id),
        recipient: n.email,
        subject: draft.subject,
        messageJson: JSON.stringify(message),
        runAt: at,
        at,
      });
    }
    for (const ids of chunks(pending.map((n) => n.id))) await trx.updateTable('breach_notices').set({ queued_at: at }).where('id', 'in', ids).where('queued_at', 'is', null).execute();
    await recordAudit(trx, {
      actorUserId: actor,
      entity: 'breach',
      entityId: id,
      action: 'notices_sent',
      before: null,
      after: nowhere.size > 0 ? { notices: pending.length, no_address: nowhere.size } : { notices: pending.length },
    });
  });
  return breachDetail(deps, id);
}

/** the report to the Board goes through the Board's own portal: staff mark here when they sent it */
export async function markBoardReportSent(deps: BreachDeps, actor: number, id: number): Promise<Breach> {
  const { db } = deps;
  await db.transaction().execute(async (trx) => {
    const b = await trx.selectFrom('breaches').select(['id', 'board_report_sent_at']).where('id', '=', id).executeTakeFirst();
    if (!b) throw notFound('No such breach.');
    if (b.board_report_sent_at) throw conflict('The report to the Board is already marked sent.');
    const at = deps.now().toISOString();
    await trx
      .updateTable('breaches')
      .set({ board_report_sent_at: at, board_report_sent_by: actor })
      .where('id', '=', id)
      .where('board_report_sent_at', 'is', null)
      .execute();
    await recordAudit(trx, {
      actorUserId: actor,
      entity: 'breach',
      entityId: id,
      action: 'board_report_sent',
      before: { board_report_sent_at: null },
      after: { board_report_sent_at: at },
    });
  });
  return breachDetail(deps, id);
}
