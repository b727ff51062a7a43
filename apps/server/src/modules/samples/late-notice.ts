// The late-report notice (docs/samples.md, decision 071): a visit whose received container passed its
// expected time with no report released is told so once, by e-mail and on the phone channels chosen at
// booking, in the booking's language, with a new expected time (the longest turnaround of the late
// containers' tests run again from now within the lab's hours; turnaround.ts renewedExpectation), which the
// patient's card and bill then show. A periodic task finds the late containers through the partial index of
// exactly those (migration 058); each visit is marked, its jobs written and the change audited in one
// transaction, the mark guarded so that of two runners (or processes) at once only one sends.
import { inIndia, type Locale, paths } from '@lab/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../../lib/context.ts';
import { recordAudit } from '../audit/record.ts';
import { labDetailsIn } from '../lab/service.ts';
import { queuePhoneMessages } from '../messaging/channels/phone-queue.ts';
import type { MailLab, MailMessage } from '../messaging/message.ts';
import { enqueueMail } from '../messaging/queue.ts';
import { escapeHtml, labFooterHtml, labFooterText } from '../messaging/templates.ts';
import { mailWords } from '../messaging/words/index.ts';
import { openingHoursFrom } from '../slots/service.ts';
import * as q from './queries.ts';
import { renewedExpectation, turnaroundOf } from './turnaround.ts';

type LateDeps = Pick<Deps, 'db' | 'dialect' | 'config'>;

export interface LateReportMail {
  to: string;
  name: string;
  reference: string;
  /** the new expected time (ISO) */
  expectedAt: string;
  /** the booking's bill, which shows the new time (its id is the capability; it opens signed out) */
  link: string;
  lab: MailLab;
  language: Locale;
}

/** a moment as the letters write it, in India time: "Wed, 25 Nov 2026 at 09:30" */
export function letterTime(iso: string, language: Locale): string {
  const at = inIndia(Date.parse(iso));
  return mailWords[language].when(at.date, at.time);
}

export function lateReportMail(r: LateReportMail): MailMessage {
  const w = mailWords[r.language];
  const lead = w.reportLate.lead(r.reference, letterTime(r.expectedAt, r.language));
  const text = [w.dear(r.name), '', lead, '', w.reportLate.tell, r.link, '', labFooterText(r.lab, w)].join('\n');
  const html = `<p>${escapeHtml(w.dear(r.name))}</p>\n<p>${escapeHtml(lead)}</p>\n<p>${escapeHtml(w.reportLate.tell)} <a href="${escapeHtml(r.link)}">${escapeHtml(r.link)}</a></p>\n${labFooterHtml(r.lab, w)}`;
  return { to: r.to, subject: w.reportLate.subject(r.reference), text, html };
}

/**
 * One visit's late containers: marked told with the renewed time and, unless the visit was told before
 * (a second container late later moves the time silently) or was cancelled, the patient's e-mail and phone
 * jobs, with the audit entry, in one transaction. Answers whether a notice was queued.
 */
async function noticeVisit(deps: LateDeps, appointmentId: string, now: Date): Promise<boolean> {
  const at = now.toISOString();
  return deps.db.transaction().execute(async (trx) => {
    const waiting = await q.waitingOf(trx, appointmentId);
    const late = waiting.filter((w) => w.late_notice_at === null && w.expected_at !== null && w.expected_at < at);
    if (late.length === 0) return false;
    const open = await openingHoursFrom(trx, inIndia(now).date);
    const renewed = renewedExpectation(now, late.map(turnaroundOf), open).toISOString();
    const toldBefore = waiting.some((w) => w.late_notice_at !== null);
    // the guard: of two runners, the second finds nothing left to mark and sends nothing
    if ((await q.markLateNoticed(trx, appointmentId, at, renewed)) === 0) return false;
    const who = await q.contactOf(trx, appointmentId);
    const send = who !== undefined && !toldBefore && who.status !== 'cancelled';
    if (send) {
      if (who.user_email) {
        const link = `${deps.config.publicUrl}${paths.billLink(appointmentId)}`;
        const mail = lateReportMail({ to: who.user_email, name: who.user_name, reference: who.reference, expectedAt: renewed, link, lab: await labDetailsIn(trx, who.language), language: who.language });
        await enqueueMail(trx, now, { kind: 'report-late', message: mail, appointmentId });
      }
      await queuePhoneMessages(trx, now, appointmentId, 'report-late', { expected: letterTime(renewed, who.language) });
    }
    const missed = late.reduce((a, w) => (w.expected_at! > a ? w.expected_at! : a), late[0]!.expected_at!);
    await recordAudit(trx, {
      actorUserId: null,
      entity: 'appointment',
      entityId: appointmentId,
      action: 'report_late',
      before: { expected_at: missed },
      after: { expected_at: renewed, patient_told: send },
    });
    return send;
  });
}

/** containers read a pass; a pass reads on while batches come back full (up to a bound, then the next pass) */
const BATCH = 50;
const MAX_BATCHES = 20;

/** tells the patients of the visits late as of `now`; answers how many were told */
export async function sendLateNotices(deps: LateDeps, now: Date): Promise<number> {
  let told = 0;
  for (let i = 0; i < MAX_BATCHES; i++) {
    const { containers, visits } = await q.lateVisits(deps.db, deps.dialect, now.toISOString(), BATCH);
    for (const id of visits) if (await noticeVisit(deps, id, now)) told++;
    if (containers < BATCH) break;
  }
  return told;
}

/** every five minutes: a report is late by minutes before its patient hears, never by hours */
const POLL_MS = 5 * 60_000;

/** this process's runner of the late-report task; several processes may run it at once (the mark is the guard) */
export class LateNoticeRunner {
  private timer: NodeJS.Timeout | undefined;
  private pass: Promise<number> | null = null;

  constructor(private readonly deps: LateDeps & Pick<Deps, 'now'> & { log: FastifyBaseLogger }) {}

  start(): void {
    const tick = () => void this.runDue().catch((err: unknown) => this.deps.log.error({ err }, 'late reports: a pass failed'));
    this.timer ??= setInterval(tick, POLL_MS);
    this.timer.unref();
    setTimeout(tick, 10_000).unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.pass?.catch(() => {});
  }

  /** tells the patients of the reports late now; answers how many (tests call it at their clock) */
  runDue(): Promise<number> {
    this.pass ??= sendLateNotices(this.deps, this.deps.now()).finally(() => {
      this.pass = null;
    });
    return this.pass;
  }
}
