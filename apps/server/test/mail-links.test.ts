// Every link the product mails lands on a real page (decision 051), on the web build `npm test` has
// made, on SQLite and, with DATABASE_URL, PostgreSQL: each e-mail of mail/ and mail/words, in English
// and Hindi (with its calendar file, and the report's QR code address), is rendered with the links
// the product makes, and each of its links is requested from the running app. A page of ours answers
// 200 with the page itself (never the not-found page), and the capability behind a bill, a cancel
// link or a verification answers too. No message names a made-up address, its sender included; no
// public page does either.
import { paymentLinkMail } from '../src/modules/payments/payment-link.ts';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Locale, paths, VERIFICATION_CODE_ALPHABET, VERIFICATION_CODE_LENGTH } from '@lab/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUserById } from '../src/modules/auth/queries.ts';
import { proofLink, resetLink } from '../src/modules/auth/service.ts';
import { makeClaimToken } from '../src/modules/claims/claim-token.ts';
import { labDetails, labDetailsIn } from '../src/modules/lab/service.ts';
import { composeReminder } from '../src/modules/messaging/reminder-job.ts';
import { reminderDue } from '../src/modules/messaging/queue.ts';
import { noticeDraft } from '../src/modules/privacy/breach.ts';
import { accountClosedMail, grievanceAnsweredMail } from '../src/modules/privacy/rights-mail.ts';
import { claimBookingsMail } from '../src/modules/messaging/claim-bookings.ts';
import { createDirectMailer, withCalendar } from '../src/modules/messaging/mailer.ts';
import type { MailMessage } from '../src/modules/messaging/message.ts';
import { reportReadyMail } from '../src/modules/messaging/report-ready.ts';
import { emailProofMail, passwordResetMail } from '../src/modules/messaging/templates.ts';
import { mailWords } from '../src/modules/messaging/words/index.ts';
import { moveStatus } from '../src/modules/appointments/service.ts';
import { addDoctor, sendSignInLink } from '../src/modules/people/doctors.ts';
import { collect, reject } from '../src/modules/samples/service.ts';
import { lateReportMail } from '../src/modules/samples/late-notice.ts';
import { createUser, makeApp, type TestApp } from './helpers.ts';
import { book } from './staff-helpers.ts';

const webDist = path.resolve(import.meta.dirname, '../../web/build/client');
const PUBLIC_URL = 'http://lab.test';
const MADE_UP = /@labcentre\.example/i;

let t: TestApp;
beforeAll(async () => {
  if (!existsSync(path.join(webDist, '../server/index.js'))) throw new Error(`no web build at ${webDist}: run npm run build first`);
  t = await makeApp({}, { webDist });
});
afterAll(() => t.close());

/** every address a message carries: in its text, its HTML's links, and its attachments (an .ics file folds long lines) */
function linksOf(m: Omit<MailMessage, 'calendar' | 'booking'>): string[] {
  const html = [...(m.html ?? '').matchAll(/href="([^"]+)"/g)].map((x) => x[1]!.replace(/&amp;/g, '&'));
  const files = (m.attachments ?? []).map((a) => a.content.replace(/\r?\n[ \t]/g, '').replace(/\\([,;])/g, '$1'));
  const text = [m.text, ...files].flatMap((s) => [...s.matchAll(/(?:https?:\/\/|mailto:)[^\s<>"')\\]+/g)].map((x) => x[0].replace(/[.,;:]+$/, '')));
  return [...new Set([...html, ...text])];
}

/** the API answer that says a page's capability is real: the bill, the cancel link, the verification */
const capabilityOf = (page: string): string | null => {
  const [, kind, value] = /^\/(bill|pay|cancel|verify|recollect)\/([^/?#]+)$/.exec(page) ?? [];
  // the payment page reads the bill by the same capability
  if (kind === 'bill' || kind === 'pay') return `/api/billing/${value}/`;
  if (kind === 'recollect') return `/api/recollections/${value}/`;
  if (kind === 'cancel') return `/api/cancel-links/${value}/`;
  if (kind === 'verify') return `/api/verify/${value}`;
  return null;
};

/** every message in both languages, made the way the product makes it, with real links */
async function everyMessage(): Promise<Array<{ name: string; message: Omit<MailMessage, 'calendar' | 'booking'> }>> {
  const { db, config } = t.app.deps;
  const lab = await labDetails(db);
  const user = await createUser(t.app, { first_name: 'Asha', last_name: 'Rao' });
  const account = (await findUserById(db, user.id))!;
  const out: Array<{ name: string; message: Omit<MailMessage, 'calendar' | 'booking'> }> = [];
  let n = 0;
  for (const language of ['en', 'hi'] as Locale[]) {
    // The booking confirmation with its calendar file, as the booking queued it and the runner sent it.
    const email = `mail.links.${language}.${++n}@example.com`;
    const id = await book(t.app, { user_email: email, language });
    const confirmation = t.mail.find((m) => m.to === email);
    expect(confirmation, `the ${language} confirmation`).toBeDefined();
    out.push({ name: `booking confirmation (${language})`, message: confirmation! });

    // The reminder, composed as its job is on the evening before.
    const job = await db.selectFrom('mail_jobs').selectAll().where('appointment_id', '=', id).where('kind', '=', 'reminder').executeTakeFirstOrThrow();
    const visit = await db.selectFrom('appointments').select('date').where('id', '=', id).executeTakeFirstOrThrow();
    const composed = await composeReminder({ db, config, now: () => reminderDue(visit.date) }, job);
    if (!('message' in composed)) throw new Error(`no reminder: ${JSON.stringify(composed)}`);
    out.push({ name: `reminder (${language})`, message: withCalendar(composed.message) });

    // The report, released: its e-mail (first and amended) and the address its PDF and QR code print.
    const code = Array.from(randomBytes(VERIFICATION_CODE_LENGTH), (b) => VERIFICATION_CODE_ALPHABET[b % VERIFICATION_CODE_ALPHABET.length]).join('');
    const snapshot = JSON.stringify({ lab: { name: lab.name }, patient: { name: 'Asha Rao' }, tests: [{ name: 'Lipid Profile' }] });
    await db
      .insertInto('reports')
      .values({ appointment_id: id, version: 1, status: 'released', released_by: null, released_at: new Date().toISOString(), amendment_reason: null, snapshot_json: snapshot, verification_code: code, superseded_at: null })
      .execute();
    for (const amended of [false, true]) {
      out.push({ name: `report ready${amended ? ', amended' : ''} (${language})`, message: reportReadyMail({ to: email, name: 'Asha Rao', appointmentId: id, publicUrl: PUBLIC_URL, amended, lab, language }) });
    }
    const verifyUrl = `${PUBLIC_URL}${paths.verify(code)}`;
    out.push({ name: `report PDF's verification line and QR code (${language})`, message: { to: '', subject: '', text: mailWords[language].report.legend(verifyUrl, code) } });

    // The account's e-mails: the password reset, the proof of the address, the claim of guest bookings.
    out.push({ name: `password reset (${language})`, message: passwordResetMail({ to: user.email, account: { firstName: 'Asha', username: user.username }, link: resetLink(t.app.deps, account), validMinutes: 60, lab, language }) });
    out.push({ name: `address proof (${language})`, message: emailProofMail({ to: user.email, link: proofLink(t.app.deps, account), validDays: 7, lab, language }) });
    const claim = `${PUBLIC_URL}${paths.claimBookings(makeClaimToken(config.jwtSecret, user.id, account.email_key))}`;
    out.push({ name: `claim bookings (${language})`, message: claimBookingsMail({ to: user.email, name: 'Asha', link: claim, validDays: 7, lab, language }) });

    // The patient's rights: a grievance answered (its dashboard link as grievances.ts makes it), the account closed.
    out.push({ name: `grievance answered (${language})`, message: grievanceAnsweredMail({ to: user.email, firstName: 'Asha', subject: 'Late report', answer: 'Sorry.', dashboardLink: `${PUBLIC_URL}${paths.dashboard}`, lab, language }) });
    out.push({ name: `account closed (${language})`, message: accountClosedMail({ to: user.email, firstName: 'Asha', kept: [{ kind: 'bill', count: 1, kept_until: '2034-11-28' }], lab, language }) });

    // A container rejected at the bench: the patient's e-mail with the link to a free recollection, as the rejection queued it.
    const lipid = ((await t.app.inject({ method: 'GET', url: '/api/tests/' })).json() as Array<{ id: number; name: string }>).find((x) => x.name === 'Lipid Profile')!;
    const drawnFor = await book(t.app, { user_email: `mail.rejected.${language}@example.com`, language, tests: [lipid.id] });
    await db.transaction().execute((trx) => moveStatus(trx, user.id, drawnFor, 'approved', new Date()));
    const drawn = await collect(db, user.id, drawnFor, {}, new Date());
    await reject(t.app.deps, user.id, drawn.samples[0]!.accession, 'haemolysed');
    const rejected = await db.selectFrom('mail_jobs').select('message_json').where('appointment_id', '=', drawnFor).where('kind', '=', 'sample-rejected').where('channel', '=', 'email').executeTakeFirstOrThrow();
    out.push({ name: `sample rejected (${language})`, message: JSON.parse(rejected.message_json!) });

    // A late report's notice (decision 071), with the link to the booking's bill that shows the new time.
    out.push({ name: `report late (${language})`, message: lateReportMail({ to: email, name: 'Asha', reference: 'ABC-1234', expectedAt: new Date().toISOString(), link: `${PUBLIC_URL}${paths.billLink(id)}`, lab, language }) });

    // The payment link, as the console's "Send payment link" (or a home collection's booking) queues it.
    const { reference } = await db.selectFrom('appointments').select('reference').where('id', '=', id).executeTakeFirstOrThrow();
    out.push({ name: `payment link (${language})`, message: paymentLinkMail({ to: email, name: 'Asha', reference, amountPaise: 125_000, link: `${PUBLIC_URL}${paths.payLink(id)}`, lab: await labDetailsIn(db, language), language }) });

    // The breach notice.
    const breach = { summary: 'A laptop was stolen.', data_concerned: 'Names.', measures_taken: 'Signed out.', occurred_at: new Date().toISOString(), found_at: new Date().toISOString() };
    const notice = noticeDraft(breach, lab, PUBLIC_URL, { name: 'Asha', kinds: ['appointment'] }, language);
    out.push({ name: `breach notice (${language})`, message: { to: user.email, ...notice } });
  }
  // A referring doctor's sign-in link (doctors are written to in English), as the link asked for queues it.
  const doctorEmail = 'dr.mail.links@example.com';
  await addDoctor(db, user.id, { name: 'Meena Kapoor', qualification: 'MD', registration_no: 'RMC-12345', council: 'Rajasthan Medical Council', clinic: 'Kapoor Clinic', email: doctorEmail }, new Date());
  await sendSignInLink(db, doctorEmail, PUBLIC_URL, new Date());
  const doctorMail = await db.selectFrom('mail_jobs').select('message_json').where('recipient', '=', doctorEmail).where('kind', '=', 'doctor-link').executeTakeFirstOrThrow();
  out.push({ name: 'doctor sign-in link (en)', message: JSON.parse(doctorMail.message_json!) });
  return out;
}

describe('links in e-mails', () => {
  it('renders every e-mail in both languages and every link in it opens a real page, its capability answering too', async () => {
    const messages = await everyMessage();
    // Every kind of e-mail the words describe is among them: a new one without a crawl fails here.
    const sections = Object.entries(mailWords.en)
      .filter(([, v]) => typeof v === 'object' && v !== null && !Array.isArray(v))
      .map(([k]) => k);
    const crawled: Record<string, RegExp> = {
      reset: /^password reset/,
      booking: /^booking confirmation/,
      reminder: /^reminder/,
      reportReady: /^report ready/,
      claim: /^claim bookings/,
      calendar: /^(booking confirmation|reminder)/,
      report: /^report PDF/,
      rights: /^(grievance answered|account closed)/,
      proof: /^address proof/,
      sampleRejected: /^sample rejected/,
      reportLate: /^report late/,
      doctor: /^doctor sign-in link/,
      paymentLink: /^payment link/,
      // the receipt PDF carries no link
      receipt: /^$/,
    };
    expect(sections.filter((s) => !(s in crawled))).toEqual([]);

    const lab = await labDetails(t.app.deps.db);
    const requested = new Set<string>();
    for (const { name, message } of messages) {
      expect(JSON.stringify(message), name).not.toMatch(MADE_UP);
      const links = linksOf(message);
      if (!/^account closed/.test(name)) expect(links.filter((l) => l.startsWith(PUBLIC_URL)).length, `${name} has a link to us`).toBeGreaterThan(0);
      for (const link of links) {
        if (link.startsWith('mailto:')) {
          expect(link, name).toBe(`mailto:${lab.email}`);
          continue;
        }
        if (!link.startsWith(PUBLIC_URL)) continue;
        // (a #fragment stays in the browser: the doctor's one-time token never reaches a server log)
        const page = link.slice(PUBLIC_URL.length).split('#')[0]!;
        if (requested.has(page)) continue;
        requested.add(page);
        const res = await t.app.inject({ method: 'GET', url: page, headers: { 'accept-encoding': 'identity' } });
        expect(res.statusCode, `${name}: ${page}`).toBe(200);
        expect(res.headers['content-type'], `${name}: ${page}`).toMatch(/^text\/html/);
        expect(res.body, `${name}: ${page}`).not.toContain('Page not found');
        const api = capabilityOf(page.split('?')[0]!);
        if (api) expect((await t.app.inject({ method: 'GET', url: api, remoteAddress: '10.66.0.1' })).statusCode, `${name}: ${api}`).toBe(200);
      }
    }
    // the crawl reached each kind of page the e-mails lead to
    for (const kind of ['/bill/', '/pay/', '/cancel/', '/report/', '/verify/', '/reset-password/', '/verify-email/', '/claim-bookings/', '/recollect/', paths.doctor, paths.dashboard, paths.login])
      expect([...requested].some((p) => p.startsWith(kind)), kind).toBe(true);
  });

  it('sends every e-mail from the lab’s own address, as its details say now', async () => {
    const lab = await labDetails(t.app.deps.db);
    await book(t.app, { user_email: 'sender.check@example.com' });
    const sent = t.mail.filter((m) => m.to === 'sender.check@example.com');
    expect(sent.length).toBeGreaterThan(0);
    for (const m of sent) {
      expect(m.from).toEqual({ name: lab.name, address: lab.email });
      expect(JSON.stringify(m)).not.toMatch(MADE_UP);
    }
  });

  it('writes the sender into the message itself, the lab’s details as shipped when a message names none', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mail-from-'));
    const mailer = createDirectMailer({ outboxDir: dir });
    await mailer.send({ to: 'a@example.com', subject: 'One', text: 'x', from: { name: 'Sharma Path Lab', address: 'desk@sharmalab.in' } });
    await mailer.send({ to: 'b@example.com', subject: 'Two', text: 'x' });
    const headers = readdirSync(dir).map((f) => /^From: (.*)$/m.exec(readFileSync(path.join(dir, f), 'utf8'))?.[1]);
    expect(headers.toSorted()).toEqual(['Lab Centre Diagnostics <info@labcentrediagnostics.in>', 'Sharma Path Lab <desk@sharmalab.in>']);
  });

  it('shows no made-up address on any public page or in the careers the API gives', async () => {
    for (const page of ['/', '/About', '/Contact', '/Career', '/Services', '/offers', '/Blogs', '/privacy', '/hi', '/hi/Career', '/hi/Contact', paths.findBooking, paths.login]) {
      const res = await t.app.inject({ method: 'GET', url: page, headers: { 'accept-encoding': 'identity' } });
      expect(res.statusCode, page).toBe(200);
      expect(res.body, page).not.toMatch(MADE_UP);
    }
    const careers = await t.app.inject({ method: 'GET', url: '/api/careers/' });
    expect(careers.body).not.toMatch(MADE_UP);
    expect(careers.body).toContain((await labDetails(t.app.deps.db)).email);
  });
});
