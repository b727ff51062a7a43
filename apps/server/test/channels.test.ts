// WhatsApp and SMS beside e-mail (docs/messaging.md), with no provider configured: every message kind in
// English and Hindi goes to the outbox (one JSON file each) from where the product queues it — a booking,
// its reminder the evening before, "on the way" from the run sheet, the sample at the lab, the report's
// release and amendment — beside the e-mails, which still go. A provider's refusal is retried with backoff
// and ends failed; receipts move the job (delivered, read, failed) once per event; STOP and रुकें stop the
// channel for that number, shown in the profile, where a channel is turned back on. Numbers are read as
// E.164. SQLite and, with DATABASE_URL, PostgreSQL.
import { randomInt } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { messagesEn, messagesHi, whatsappNotice } from '@lab/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChannelAdapter, ChannelError, type ChannelMessage } from '../src/modules/messaging/channels/channel.ts';
import type { OutboxFile } from '../src/modules/messaging/channels/outbox.ts';
import { queuePhoneMessages, queueSignInCode } from '../src/modules/messaging/channels/phone-queue.ts';
import { applyInbound, applyReceipt, isStopWord } from '../src/modules/messaging/channels/receipts.ts';
import { messageText } from '../src/modules/messaging/channels/templates.ts';
import { reminderDue } from '../src/modules/messaging/queue.ts';
import { type Account, bearer, createUser, json, makeApp, openDate, type TestApp } from './helpers.ts';
import { createStaff, type StaffAccount } from './staff-helpers.ts';

const outboxDir = mkdtempSync(path.join(tmpdir(), 'lab-channels-test-'));
let nowMs = Date.now();
const clock = () => new Date(nowMs);
let t: TestApp;
let desk: StaffAccount;
let technician: StaffAccount;
let kavita: StaffAccount;
let anil: StaffAccount;
let ravi: StaffAccount;
let fbs: number;

/** a fresh Indian mobile's ten digits */
const mobile = () => `9${String(randomInt(100_000_000, 999_999_999))}`;

async function outbox(to: string): Promise<OutboxFile[]> {
  const names = await readdir(outboxDir).catch(() => [] as string[]);
  const files = await Promise.all(names.map(async (n) => JSON.parse(await readFile(path.join(outboxDir, n), 'utf8')) as OutboxFile));
  return files.filter((f) => f.to === to).sort((a, b) => a.at.localeCompare(b.at) || a.kind.localeCompare(b.kind) || a.channel.localeCompare(b.channel));
}

const jobsOf = (appointmentId: string) =>
  t.app.deps.db.selectFrom('mail_jobs').selectAll().where('appointment_id', '=', appointmentId).orderBy('id').execute();

const staff = (who: Account, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/staff${url}`, headers: bearer(who), ...(payload ? { payload } : {}) });

let visit = 0;
function booking(overrides: Record<string, unknown> = {}) {
  return {
    date: openDate(3 + (visit % 20)),
    time: ['09:00', '09:30', '10:00', '10:30', '11:00'][Math.floor(visit++ / 20) % 5],
    user_name: 'Kavya Menon',
    user_email: 'kavya@example.com',
    user_phone: '9876501234',
    tests: [fbs],
    patient_age_years: 50,
    patient_sex: 'female',
    home_sample: true,
    home_address: { house: '12', street: 'Main Road', locality: 'Near the park', city: 'Jaipur', pin: '302017' },
    ...overrides,
  };
}

async function book(overrides: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'POST', url: '/api/appointments/', payload: booking(overrides), headers });
  return res;
}

beforeAll(async () => {
  t = await makeApp({ RATE_LIMITS: 'off', CHANNEL_OUTBOX_DIR: outboxDir }, { now: clock, mailJobs: 'manual' });
  [desk, technician, kavita, anil, ravi] = await Promise.all([
    createStaff(t.app, 'reception'),
    createStaff(t.app, 'technician', { first_name: 'Tara', last_name: 'Singh' }),
    createStaff(t.app, 'pathologist', { first_name: 'Kavita', last_name: 'Menon' }),
    createStaff(t.app, 'pathologist', { first_name: 'Anil', last_name: 'Sharma' }),
    createStaff(t.app, 'phlebotomist', { first_name: 'Ravi', last_name: 'Yadav' }),
  ]);
  const list = (await t.app.inject({ method: 'GET', url: '/api/tests/' })).json() as Array<{ id: number; name: string }>;
  fbs = list.find((x) => x.name === 'Fasting Blood Sugar')!.id;
});
afterAll(() => t.close());

describe('every message kind, in English and Hindi, through the outbox', () => {
  for (const language of ['en', 'hi'] as const) {
    it(`sends the booking, reminder, on the way, sample, report and amendment on WhatsApp and SMS in ${language}, beside the e-mails`, async () => {
      nowMs = Date.now();
      const digits = mobile();
      const e164 = `+91${digits}`;
      // An older way of writing the number (0 and ten digits) is read as E.164.
      const res = await book({ language, user_phone: `0${digits.slice(0, 5)} ${digits.slice(5)}`, channels: ['email', 'whatsapp', 'sms'], whatsapp_opt_in: { notice_version: whatsappNotice.version } });
      expect(res.statusCode, res.body).toBe(201);
      const { id, reference } = res.json() as { id: string; reference: string };
      const date = await t.app.deps.db.selectFrom('appointments').select(['date', 'time', 'channels']).where('id', '=', id).executeTakeFirstOrThrow();
      expect(date.channels).toBe('email,sms,whatsapp');
      // The booking answered before anything was sent: the jobs wait for the runner.
      expect((await jobsOf(id)).map((j) => [j.channel, j.kind, j.state])).toEqual([
        ['email', 'booking-confirmation', 'queued'],
        ['email', 'reminder', 'queued'],
        ['whatsapp', 'booking-confirmation', 'queued'],
        ['sms', 'booking-confirmation', 'queued'],
        ['whatsapp', 'reminder', 'queued'],
        ['sms', 'reminder', 'queued'],
      ]);
      // The opt-in is a consent record with the notice version.
      const consent = await t.app.deps.db.selectFrom('consents').select(['notice_version', 'source', 'captured']).where('appointment_id', '=', id).where('purpose', '=', 'whatsapp').execute();
      expect(consent).toEqual([{ notice_version: whatsappNotice.version, source: 'booking', captured: 1 }]);

      t.mail.length = 0;
      await t.app.mailJobs.runDue();
      expect(t.mail.map((m) => m.to)).toEqual(['kavya@example.com']);
      const confirmations = await outbox(e164);
      expect(confirmations.map((f) => [f.channel, f.kind, f.language])).toEqual([
        ['sms', 'booking-confirmation', language],
        ['whatsapp', 'booking-confirmation', language],
      ]);
      const words = language === 'hi' ? messagesHi : messagesEn;
      const dateWords = language === 'hi' ? /\d{4}/ : /\d{1,2} \w{3} \d{4}/;
      for (const f of confirmations) {
        expect(f.variables[0]).toBe(reference);
        expect(f.variables[1]).toMatch(dateWords);
        expect(f.variables[2]).toBe(date.time);
        expect(f.buttonUrlSuffix).toBe(id);
        expect(f.text).toBe(messageText(f as ChannelMessage, 'http://lab.test'));
        expect(f.text).toContain(words['channel.booking_confirmation'].split('{')[0]!.trim() || reference);
        expect(f.text).toContain(`http://lab.test/bill/${id}`);
      }
      // Sent: the provider's id kept for receipts, the message (its link a capability) dropped.
      const sent = (await jobsOf(id)).filter((j) => j.channel !== 'email' && j.kind === 'booking-confirmation');
      expect(sent.map((j) => [j.state, j.recipient, j.message_json])).toEqual([
        ['sent', e164, null],
        ['sent', e164, null],
      ]);
      expect(sent.map((j) => j.provider_message_id).sort()).toEqual(confirmations.map((f) => f.providerMessageId).sort());

      // "On the way" from the run sheet: refused without a collector, then once only.
      const noCollector = await staff(desk, 'POST', `/home-visits/${id}/on-the-way`);
      expect(noCollector.statusCode).toBe(400);
      expect(noCollector.json()).toHaveProperty('phlebotomist');
      expect((await staff(desk, 'PUT', `/home-visits/${id}/phlebotomist`, { phlebotomist_id: ravi.id })).statusCode).toBe(200);
      const pressed = await staff(ravi, 'POST', `/home-visits/${id}/on-the-way`);
      expect(pressed.statusCode, pressed.body).toBe(200);
      expect(pressed.json().on_the_way_at).toBe(clock().toISOString());
      expect((await staff(desk, 'POST', `/home-visits/${id}/on-the-way`)).statusCode).toBe(409);
      await t.app.mailJobs.runDue();
      const onTheWay = (await outbox(e164)).filter((f) => f.kind === 'collector-on-the-way');
      expect(onTheWay.map((f) => [f.channel, f.variables])).toEqual([
        ['sms', ['Ravi Yadav', reference]],
        ['whatsapp', ['Ravi Yadav', reference]],
      ]);
      expect(onTheWay[0]!.text).toContain('Ravi Yadav');

      // The reminder the evening before, with the cancel link signed for this visit.
      nowMs = reminderDue(date.date).getTime() + 60_000;
      await t.app.mailJobs.runDue();
      const reminders = (await outbox(e164)).filter((f) => f.kind === 'reminder');
      expect(reminders.map((f) => f.channel)).toEqual(['sms', 'whatsapp']);
      for (const f of reminders) {
        expect(f.buttonUrlSuffix).toMatch(new RegExp(`^${id}\\.`));
        expect(f.text).toContain(`http://lab.test/cancel/${f.buttonUrlSuffix}`);
        expect((await t.app.inject({ method: 'GET', url: `/api/cancel-links/${f.buttonUrlSuffix}/` })).statusCode).toBe(200);
      }

      // The sample at the lab, then the report's release and its amendment.
      for (const status of ['approved', 'sample_collected']) expect((await staff(desk, 'POST', `/appointments/${id}/status`, { status })).statusCode).toBe(200);
      const glucose = ((await staff(technician, 'GET', `/results/${id}`)).json() as { rows: Array<{ parameter_id: number }> }).rows[0]!.parameter_id;
      const entered = await staff(technician, 'PUT', `/results/${id}`, { results: [{ parameter_id: glucose, value: '126' }], final: true });
      expect(entered.statusCode, entered.body).toBe(200);
      expect((await staff(kavita, 'POST', `/results/${id}/release`)).statusCode).toBe(200);
      expect((await staff(anil, 'POST', `/results/${id}/amend`, { reason: 'Transcription error', results: [{ parameter_id: glucose, value: '162' }] })).statusCode).toBe(200);
      expect((await staff(kavita, 'POST', `/results/${id}/amendment/release`)).statusCode).toBe(200);
      t.mail.length = 0;
      await t.app.mailJobs.runDue();
      expect(t.mail.map((m) => m.to)).toEqual(['kavya@example.com', 'kavya@example.com']);
      const later = (await outbox(e164)).filter((f) => ['sample-received', 'report-ready', 'report-amended'].includes(f.kind));
      expect(later.map((f) => `${f.channel}:${f.kind}`).sort()).toEqual(['sms:report-amended', 'sms:report-ready', 'sms:sample-received', 'whatsapp:report-amended', 'whatsapp:report-ready', 'whatsapp:sample-received']);
      for (const f of later) {
        expect(f.language).toBe(language);
        expect(f.variables).toEqual([reference]);
        // A link to the report, never a result.
        expect(f.text).not.toMatch(/126|162/);
        if (f.kind !== 'sample-received') expect(f.text).toContain(`http://lab.test/report/${id}`);
      }
      const hindi = later.find((f) => f.kind === 'report-ready')!.text;
      if (language === 'hi') expect(hindi).toMatch(/रिपोर्ट तैयार है/);
      else expect(hindi).toMatch(/report for booking .* is ready/);

      // The staff's delivery log shows the phone messages beside the e-mails.
      const log = (await staff(desk, 'GET', `/appointments/${id}/mail`)).json() as { items: Array<{ channel: string; kind: string; state: string; to: string; delivery: string | null }> };
      expect(log.items.filter((i) => i.channel === 'whatsapp').map((i) => i.kind).sort()).toEqual(['booking-confirmation', 'collector-on-the-way', 'reminder', 'report-amended', 'report-ready', 'sample-received']);
      expect(log.items.filter((i) => i.channel !== 'email').every((i) => i.state === 'sent' && i.to === e164 && i.delivery === null)).toBe(true);
    });
  }

  it('queues a sign-in code for a phone, on SMS, in Hindi and English, and keeps neither the code in the log nor the message once sent', async () => {
    nowMs = Date.now();
    const digits = mobile();
    await queueSignInCode(t.app.deps.db, clock(), { to: digits, language: 'hi', code: '482913' });
    const job = await t.app.deps.db.selectFrom('mail_jobs').selectAll().where('recipient', '=', `+91${digits}`).executeTakeFirstOrThrow();
    expect(job).toMatchObject({ kind: 'sign-in-code', channel: 'sms', subject: 'Sign-in code', state: 'queued' });
    await t.app.mailJobs.runDue();
    const [file] = await outbox(`+91${digits}`);
    expect(file).toMatchObject({ channel: 'sms', kind: 'sign-in-code', language: 'hi', variables: ['482913'] });
    expect(file!.text).toBe(messagesHi['channel.sign_in_code'].replace('{code}', '482913'));
    expect(await t.app.deps.db.selectFrom('mail_jobs').select(['state', 'message_json']).where('id', '=', job.id).executeTakeFirst()).toEqual({ state: 'sent', message_json: null });
    // and in English
    const english = mobile();
    await queueSignInCode(t.app.deps.db, clock(), { to: english, language: 'en', code: '730518' });
    await t.app.mailJobs.runDue();
    const [inEnglish] = await outbox(`+91${english}`);
    expect(inEnglish).toMatchObject({ channel: 'sms', kind: 'sign-in-code', language: 'en', variables: ['730518'] });
    expect(inEnglish!.text).toBe(messagesEn['channel.sign_in_code'].replace('{code}', '730518'));
    await expect(queueSignInCode(t.app.deps.db, clock(), { to: '0141 2345678', language: 'en', code: '482913' })).rejects.toMatchObject({ statusCode: 400 });
  });
});

describe('bad input at booking is named by its field, in the language asked', () => {
  it('needs an Indian mobile for SMS or WhatsApp, and the explicit opt-in for WhatsApp', async () => {
    nowMs = Date.now();
    const landline = await book({ user_phone: '0141 2345678', channels: ['email', 'sms'] });
    expect(landline.statusCode).toBe(400);
    expect(landline.json()).toEqual({ user_phone: [messagesEn['channels.mobile_required']] });
    const noOptIn = await book({ user_phone: mobile(), channels: ['email', 'whatsapp'] }, { cookie: 'lang=hi' });
    expect(noOptIn.statusCode).toBe(400);
    expect(noOptIn.json()).toEqual({ whatsapp_opt_in: [messagesHi['channels.whatsapp_opt_in_required']] });
    const oldNotice = await book({ user_phone: mobile(), channels: ['whatsapp'], whatsapp_opt_in: { notice_version: '2020-01' } });
    expect(oldNotice.statusCode).toBe(400);
    expect(Object.keys(oldNotice.json())).toEqual(['whatsapp_opt_in.notice_version']);
    for (const channels of [['fax'], [], ['sms', 'sms'], 'sms', ['sms\u0000']]) {
      const res = await book({ user_phone: mobile(), channels });
      expect(res.statusCode, JSON.stringify(channels)).toBe(400);
      expect(Object.keys(res.json())[0]).toMatch(/^channels/);
    }
    // A landline with e-mail only books as before, and no phone message is queued.
    const emailOnly = await book({ user_phone: '0141 2345678' });
    expect(emailOnly.statusCode).toBe(201);
    expect((await jobsOf(emailOnly.json().id)).map((j) => j.channel)).toEqual(['email', 'email']);
  });
});

describe('a provider that refuses, or answers faster than the runner', () => {
  let flaky: TestApp;
  const refusals: Array<Error | null> = [];
  const sent: ChannelMessage[] = [];
  /** what the provider does between accepting a message and the runner writing its outcome */
  let meanwhile: ((providerMessageId: string) => Promise<void>) | null = null;
  const adapter: ChannelAdapter = {
    channel: 'whatsapp',
    async send(message) {
      const refusal = refusals.shift();
      if (refusal) throw refusal;
      sent.push(message);
      const providerMessageId = `wamid.${sent.length}`;
      await meanwhile?.(providerMessageId);
      return { providerMessageId };
    },
  };
  beforeAll(async () => {
    flaky = await makeApp(
      { RATE_LIMITS: 'off', CHANNEL_OUTBOX_DIR: outboxDir },
      { now: clock, mailJobs: 'manual', mailRunner: { backoffMs: 60_000, maxAttempts: 3 } },
    );
    (flaky.app.deps.channels as Record<string, ChannelAdapter>).whatsapp = adapter;
  });
  afterAll(() => flaky.close());

  async function bookOn(app: TestApp) {
    const list = (await app.app.inject({ method: 'GET', url: '/api/tests/' })).json() as Array<{ id: number; name: string }>;
    const res = await app.app.inject({
      method: 'POST',
      url: '/api/appointments/',
      payload: booking({ tests: [list.find((x) => x.name === 'Fasting Blood Sugar')!.id], home_sample: false, home_address: undefined, date: openDate(1), user_phone: mobile(), channels: ['email', 'whatsapp'], whatsapp_opt_in: { notice_version: whatsappNotice.version } }),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  }
  const confirmationOf = (id: string) =>
    flaky.app.deps.db.selectFrom('mail_jobs').selectAll().where('appointment_id', '=', id).where('channel', '=', 'whatsapp').where('kind', '=', 'booking-confirmation').executeTakeFirstOrThrow();

  it('retries a rate limit and a provider that is down with backoff, the e-mail going meanwhile, then sends', async () => {
    nowMs = Date.now();
    const id = await bookOn(flaky);
    refusals.push(new ChannelError('Rate limit hit', true, '130429'), new Error('connect ECONNREFUSED'));
    flaky.mail.length = 0;
    await flaky.app.mailJobs.runDue();
    expect(flaky.mail.map((m) => m.to)).toEqual(['kavya@example.com']);
    let job = await confirmationOf(id);
    expect(job).toMatchObject({ state: 'retrying', attempts: 1, run_at: new Date(nowMs + 60_000).toISOString() });
    expect(job.last_error).toContain('130429');
    // Not due yet: nothing happens.
    await flaky.app.mailJobs.runDue();
    expect((await confirmationOf(id)).attempts).toBe(1);
    nowMs += 60_000;
    await flaky.app.mailJobs.runDue();
    job = await confirmationOf(id);
    expect(job).toMatchObject({ state: 'retrying', attempts: 2, run_at: new Date(nowMs + 120_000).toISOString(), last_error: 'connect ECONNREFUSED' });
    nowMs += 120_000;
    await flaky.app.mailJobs.runDue();
    expect(await confirmationOf(id)).toMatchObject({ state: 'sent', attempts: 3, provider_message_id: `wamid.${sent.length}`, last_error: null, message_json: null });
  });

  it('fails for good after the last attempt, and at once on a refusal that cannot pass (template not approved, not on WhatsApp)', async () => {
    nowMs = Date.now();
    const tired = await bookOn(flaky);
    refusals.push(...[1, 2, 3].map(() => new ChannelError('Service unavailable', true, 'http-503')));
    await flaky.app.mailJobs.runDue();
    nowMs += 60_000;
    await flaky.app.mailJobs.runDue();
    nowMs += 120_000;
    await flaky.app.mailJobs.runDue();
    expect(await confirmationOf(tired)).toMatchObject({ state: 'failed', attempts: 3, message_json: null });
    expect(refusals).toEqual([]);

    const notOnWhatsapp = await bookOn(flaky);
    refusals.push(new ChannelError('Message undeliverable', false, '131026'));
    await flaky.app.mailJobs.runDue();
    const job = await confirmationOf(notOnWhatsapp);
    expect(job).toMatchObject({ state: 'failed', attempts: 1 });
    expect(job.last_error).toBe('131026: Message undeliverable');
    const log = (await flaky.app.inject({ method: 'GET', url: `/api/staff/appointments/${notOnWhatsapp}/mail`, headers: bearer(await createStaff(flaky.app, 'reception')) })).json();
    expect(log.items.find((i: { channel: string; kind: string }) => i.channel === 'whatsapp' && i.kind === 'booking-confirmation')).toMatchObject({ state: 'failed', error: '131026: Message undeliverable' });
  });

  it('keeps a receipt that comes before its job is marked sent, and applies it when the outcome is written', async () => {
    nowMs = Date.now();
    const id = await bookOn(flaky);
    const early: string[] = [];
    meanwhile = async (providerMessageId) => {
      const receipt = { channel: 'whatsapp' as const, providerMessageId, at: clock() };
      early.push(await applyReceipt(flaky.app.deps.db, { ...receipt, eventId: `${providerMessageId}.delivered`, status: 'delivered' }, clock()));
      // the provider sends it again (its webhook retried): still one event
      early.push(await applyReceipt(flaky.app.deps.db, { ...receipt, eventId: `${providerMessageId}.delivered`, status: 'delivered' }, clock()));
    };
    try {
      await flaky.app.mailJobs.runDue();
    } finally {
      meanwhile = null;
    }
    expect(early).toEqual(['unknown', 'unknown']);
    const job = await confirmationOf(id);
    expect(job).toMatchObject({ state: 'sent', delivery: 'delivered', delivered_at: clock().toISOString() });
    expect(await flaky.app.deps.db.selectFrom('channel_early_receipts').select('id').execute()).toEqual([]);
    // Applied once: a later replay of that event changes nothing.
    expect(await applyReceipt(flaky.app.deps.db, { channel: 'whatsapp', providerMessageId: job.provider_message_id!, eventId: `${job.provider_message_id}.delivered`, status: 'delivered', at: clock() }, clock())).toBe('replayed');
  });
});

describe('delivery receipts', () => {
  it('moves the job forward once per event: delivered, read; a late "sent" or a replay changes nothing; an unknown message is told apart', async () => {
    nowMs = Date.now();
    const digits = mobile();
    const res = await book({ home_sample: false, home_address: undefined, user_phone: digits, channels: ['email', 'whatsapp', 'sms'], whatsapp_opt_in: { notice_version: whatsappNotice.version } });
    const id = res.json().id as string;
    await t.app.mailJobs.runDue();
    const wa = (await outbox(`+91${digits}`)).find((f) => f.channel === 'whatsapp')!;
    const sms = (await outbox(`+91${digits}`)).find((f) => f.channel === 'sms')!;
    const receipt = (eventId: string, status: 'sent' | 'delivered' | 'read' | 'failed', at: number, reason?: string, r = wa) =>
      applyReceipt(t.app.deps.db, { channel: r.channel, eventId, providerMessageId: r.providerMessageId, status, at: new Date(at), ...(reason ? { reason } : {}) }, clock());
    const audits = async () => (await t.app.deps.db.selectFrom('audit_log').select('entity_id').where('entity', '=', 'mail_job').where('action', '=', 'delivery_receipt').execute()).length;
    const before = await audits();

    expect(await receipt('ev-1', 'delivered', nowMs + 1000)).toBe('applied');
    expect(await receipt('ev-1', 'delivered', nowMs + 1000)).toBe('replayed');
    expect(await receipt('ev-2', 'read', nowMs + 5000)).toBe('applied');
    expect(await receipt('ev-3', 'sent', nowMs + 500)).toBe('applied');
    expect(await receipt('ev-4', 'delivered', nowMs, undefined, { ...wa, providerMessageId: 'wamid.nobody' })).toBe('unknown');
    expect(await t.app.deps.db.selectFrom('channel_events').select('event_id').where('event_id', '=', 'ev-4').execute()).toEqual([]);
    // A NUL byte from a provider (PostgreSQL refuses it in text) is dropped, never a 500.
    expect(await receipt('ev-\u00005', 'failed', nowMs, 'bad\u0000reason', { ...wa, providerMessageId: 'wamid.\u0000nobody' })).toBe('unknown');
    expect(await applyInbound(t.app.deps.db, { channel: 'sms', eventId: 'in-\u0000', from: '+91\u00009876500000', text: 'STOP\u0000', at: clock() }, clock())).toBe('opted-out');
    expect(await audits()).toBe(before + 3);
    expect(await receipt('sms-1', 'failed', nowMs + 2000, 'DLT template mismatch', sms)).toBe('applied');

    const log = (await staff(desk, 'GET', `/appointments/${id}/mail`)).json() as { items: Array<Record<string, unknown>> };
    const ofChannel = (c: string) => log.items.find((i) => i.channel === c && i.kind === 'booking-confirmation')!;
    expect(ofChannel('whatsapp')).toMatchObject({ state: 'sent', delivery: 'read', delivered_at: new Date(nowMs + 1000).toISOString(), read_at: new Date(nowMs + 5000).toISOString() });
    expect(ofChannel('sms')).toMatchObject({ state: 'failed', delivery: 'failed', error: 'DLT template mismatch', delivered_at: null });
    expect(ofChannel('email')).toMatchObject({ state: 'sent', delivery: null });
  });
});

describe('a reschedule', () => {
  it("moves the phone reminders with the e-mail's, to the new evening", async () => {
    nowMs = Date.now();
    const member = await createUser(t.app);
    const res = await book({ home_sample: false, home_address: undefined, user_phone: mobile(), channels: ['email', 'sms', 'whatsapp'], whatsapp_opt_in: { notice_version: whatsappNotice.version } }, bearer(member));
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as string;
    const reminders = async () => (await jobsOf(id)).filter((j) => j.kind === 'reminder').map((j) => [j.channel, j.run_at, j.state]);
    const first = await t.app.deps.db.selectFrom('appointments').select('date').where('id', '=', id).executeTakeFirstOrThrow();
    const before = reminderDue(first.date).toISOString();
    expect(await reminders()).toEqual([
      ['email', before, 'queued'],
      ['whatsapp', before, 'queued'],
      ['sms', before, 'queued'],
    ]);
    const newDate = openDate(28);
    const moved = await t.app.inject({ method: 'POST', url: `/api/appointments/${id}/reschedule/`, headers: bearer(member), payload: { new_date: newDate, new_time: '10:30' } });
    expect(moved.statusCode, moved.body).toBe(200);
    const after = reminderDue(newDate).toISOString();
    expect(await reminders()).toEqual([
      ['email', after, 'queued'],
      ['whatsapp', after, 'queued'],
      ['sms', after, 'queued'],
    ]);
    // Withdrawn from the dashboard's consents, the WhatsApp opt-in stops WhatsApp at once; SMS goes on.
    const withdrawn = await t.app.inject({ method: 'POST', url: '/api/users/me/consents/whatsapp/withdraw/', headers: bearer(member) });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    await queuePhoneMessages(t.app.deps.db, clock(), id, 'sample-received');
    expect((await jobsOf(id)).filter((j) => j.kind === 'sample-received').map((j) => j.channel)).toEqual(['sms']);
  });
});

describe('opting out: STOP and रुकें', () => {
  let patient: Account;
  beforeAll(async () => {
    patient = await createUser(t.app);
  });

  it('reads the common ways of saying stop, in any case, trimmed', () => {
    for (const said of ['STOP', ' stop ', 'Stop.', 'stop all', 'UNSUBSCRIBE', 'रुकें', ' रुकें। ', 'बंद करें']) expect(isStopWord(said), said).toBe(true);
    for (const said of ['stop by at 10?', 'ok', 'please call me', '']) expect(isStopWord(said), said).toBe(false);
  });

  it('stops that channel for that number (audited, once), skips its messages, and shows it in the profile until turned back on', async () => {
    nowMs = Date.now();
    const digits = mobile();
    const e164 = `+91${digits}`;
    const reply = (eventId: string, text: string, channel: 'whatsapp' | 'sms' = 'whatsapp', optOut?: boolean) =>
      applyInbound(t.app.deps.db, { channel, eventId, from: `91${digits}`, text, at: clock(), ...(optOut ? { optOut } : {}) }, clock());
    expect(await reply('in-1', 'hello')).toBe('ignored');
    expect(await reply('in-2', 'STOP')).toBe('opted-out');
    expect(await reply('in-2', 'STOP')).toBe('replayed');
    expect(await reply('in-3', 'रुकें')).toBe('opted-out');
    const rows = await t.app.deps.db.selectFrom('channel_opt_outs').selectAll().where('phone', '=', e164).execute();
    expect(rows.map((r) => [r.channel, r.source, r.text])).toEqual([['whatsapp', 'reply', 'STOP']]);
    const audit = await t.app.deps.db.selectFrom('audit_log').select(['action', 'after_json']).where('entity', '=', 'channel_opt_out').where('entity_id', '=', String(rows[0]!.id)).execute();
    expect(audit.length).toBe(2);
    expect(audit.every((a) => !a.after_json?.includes(digits))).toBe(true);

    // The patient's next booking: WhatsApp is skipped for that number, SMS and e-mail still go.
    const res = await book({ home_sample: false, home_address: undefined, user_phone: digits, channels: ['email', 'whatsapp', 'sms'], whatsapp_opt_in: { notice_version: whatsappNotice.version } }, bearer(patient));
    expect(res.statusCode, res.body).toBe(201);
    await t.app.mailJobs.runDue();
    const jobs = (await jobsOf(res.json().id)).filter((j) => j.kind === 'booking-confirmation');
    expect(jobs.map((j) => [j.channel, j.state, j.last_error])).toEqual([
      ['email', 'sent', null],
      ['whatsapp', 'skipped', 'Not sent: the number opted out of this channel.'],
      ['sms', 'sent', null],
    ]);

    // The profile shows it, with when and how.
    const put = (payload: object, headers: Record<string, string> = {}) => t.app.inject({ method: 'PUT', url: '/api/users/me/channels/', headers: { ...bearer(patient), ...headers }, payload });
    expect((await put({ channels: ['email'], phone: digits })).statusCode).toBe(200);
    const settings = json(await t.app.inject({ method: 'GET', url: '/api/users/me/channels/', headers: bearer(patient) }));
    expect(settings).toEqual({ phone: e164, channels: ['email'], whatsapp_opt_in: null, opt_outs: [{ channel: 'whatsapp', phone: e164, source: 'reply', text: 'STOP', at: clock().toISOString() }] });

    // Turning WhatsApp back on takes a new opt-in; with it the opt-out is lifted.
    const refused = await put({ channels: ['email', 'whatsapp'] }, { cookie: 'lang=hi' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ whatsapp_opt_in: [messagesHi['channels.whatsapp_opt_in_required']] });
    const on = await put({ channels: ['whatsapp', 'email'], whatsapp_opt_in: { notice_version: whatsappNotice.version } });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ channels: ['email', 'whatsapp'], whatsapp_opt_in: { notice_version: whatsappNotice.version }, opt_outs: [] });
    // A provider's own opt-out event stops SMS the same way, shown as the provider's.
    expect(await reply('in-4', 'anything', 'sms', true)).toBe('opted-out');
    expect(json(await t.app.inject({ method: 'GET', url: '/api/users/me/channels/', headers: bearer(patient) })).opt_outs).toEqual([{ channel: 'sms', phone: e164, source: 'provider', text: null, at: clock().toISOString() }]);
    // A member's next booking without a choice uses the profile's: e-mail and WhatsApp.
    const next = await book({ home_sample: false, home_address: undefined, user_phone: digits }, bearer(patient));
    expect((await jobsOf(next.json().id)).filter((j) => j.kind === 'booking-confirmation').map((j) => j.channel)).toEqual(['email', 'whatsapp']);
    // Turning WhatsApp off withdraws its consent, and the member's upcoming visits follow the profile.
    const off = await put({ channels: ['email'] });
    expect(off.json()).toMatchObject({ channels: ['email'], whatsapp_opt_in: null });
    expect(await t.app.deps.db.selectFrom('appointments').select('channels').where('id', 'in', [res.json().id, next.json().id]).execute()).toEqual([{ channels: 'email' }, { channels: 'email' }]);
    expect(await queuePhoneMessages(t.app.deps.db, clock(), next.json().id, 'sample-received')).toBe(0);
    expect(json(await t.app.inject({ method: 'GET', url: '/api/users/me/consents/', headers: bearer(patient) })).in_force).toMatchObject({ whatsapp: false });
    // A number that is not an Indian mobile is named.
    const bad = await put({ channels: ['email', 'sms'], phone: '12345' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ phone: [messagesEn['channels.mobile_required']] });
  });
});
