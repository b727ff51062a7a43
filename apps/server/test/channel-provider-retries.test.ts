// How the job runner settles a phone message by what the real adapters make of each provider answer
// (the fakes of test/fakes/ give them): a rate limit or a provider down is retried with the mail jobs'
// backoff and then goes; a paused template or a number not on WhatsApp fails the job at once with the
// provider's reason; the booking's e-mail goes whatever the phone providers say. The clock is moved by
// hand; nothing waits. SQLite and, with DATABASE_URL, PostgreSQL.
import { privacyNotice, whatsappNotice } from '@lab/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeSmsGateway } from './fakes/sms-gateway.ts';
import { type FakeWhatsApp } from './fakes/whatsapp-cloud.ts';
import { type ProviderFakes, startProviderFakes } from './fakes/providers.ts';
import { json, makeApp, spreadVisit, TestClock, type TestApp } from './helpers.ts';

const BACKOFF = 60_000;
let fakes: ProviderFakes;
let fakeWa: FakeWhatsApp;
let fakeSms: FakeSmsGateway;
let t: TestApp;
let testIds: number[];
const clock = new TestClock();

beforeAll(async () => {
  fakes = await startProviderFakes();
  fakeWa = fakes.whatsapp;
  fakeSms = fakes.sms;
  t = await makeApp(
    {
      RATE_LIMITS: 'off',
      PUBLIC_URL: 'https://lab.example.in',
      ...fakes.env,
    },
    { clock, mailJobs: 'manual', mailRunner: { backoffMs: BACKOFF, maxAttempts: 3 } },
  );
  testIds = json<{ id: number }[]>(await t.app.inject({ method: 'GET', url: '/api/tests/' })).map((x) => x.id);
});
afterAll(async () => {
  await t?.close();
  await fakes?.close();
});

/** books with WhatsApp and SMS beside e-mail; nothing is sent until the test runs the jobs */
async function book(phone: string, language: 'en' | 'hi' = 'en') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/appointments/',
    payload: {
      ...spreadVisit(11, 4),
      user_name: 'Asha Verma',
      user_email: 'asha@example.com',
      user_phone: phone,
      tests: [testIds[0]],
      booking_for: 'self',
      consent: { notice_version: privacyNotice.version, purposes: ['service'] },
      channels: ['email', 'whatsapp', 'sms'],
      whatsapp_opt_in: { notice_version: whatsappNotice.version },
      language,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const { id } = res.json() as { id: string };
  const jobs = async () => {
    const rows = await t.app.deps.db.selectFrom('mail_jobs').selectAll().where('appointment_id', '=', id).where('kind', '=', 'booking-confirmation').execute();
    return { email: rows.find((j) => j.channel === 'email')!, whatsapp: rows.find((j) => j.channel === 'whatsapp')!, sms: rows.find((j) => j.channel === 'sms')! };
  };
  return { id, jobs };
}

describe('phone messages against providers that refuse', () => {
  it('retries a rate-limited WhatsApp send and a gateway down with backoff, then sends; the e-mail goes at once', async () => {
    const { jobs } = await book('9829013001');
    fakeWa.failNext(1, 'rate-limit');
    fakeSms.failNext(1, 'down');
    await t.app.mailJobs.runDue();
    let now = await jobs();
    expect(now.email.state).toBe('sent');
    expect(now.whatsapp).toMatchObject({ state: 'retrying', attempts: 1, run_at: new Date(clock.ms + BACKOFF).toISOString() });
    expect(now.whatsapp.last_error).toMatch(/^130429 throughput rate limit reached/);
    expect(now.sms).toMatchObject({ state: 'retrying', attempts: 1 });
    expect(now.sms.last_error).toMatch(/^503 provider unavailable/);

    clock.advance(BACKOFF);
    await t.app.mailJobs.runDue();
    now = await jobs();
    expect(now.whatsapp.state).toBe('sent');
    expect(now.whatsapp.provider_message_id).toMatch(/^wamid\./);
    expect(now.sms.state).toBe('sent');
    expect(fakeSms.sent.some((s) => s.sid === now.sms.provider_message_id && s.form.To === '+919829013001')).toBe(true);
  });

  it('fails at once, with the reason, a paused template and a number not on WhatsApp', async () => {
    fakeWa.paused.add('lab_booking_confirmation');
    const paused = await book('9829013002', 'hi');
    await t.app.mailJobs.runDue();
    fakeWa.paused.clear();
    const p = await paused.jobs();
    expect(p.whatsapp).toMatchObject({ state: 'failed', attempts: 1 });
    expect(p.whatsapp.last_error).toMatch(/^132015 template paused/);
    expect(p.email.state).toBe('sent');
    expect(p.sms.state).toBe('sent');

    fakeWa.notOnWhatsApp.add('919829013003');
    const notOn = await book('9829013003');
    await t.app.mailJobs.runDue();
    const n = await notOn.jobs();
    expect(n.whatsapp).toMatchObject({ state: 'failed', attempts: 1 });
    expect(n.whatsapp.last_error).toMatch(/^131026 number not on WhatsApp/);
    // a later pass does not try it again
    const before = fakeWa.requests.length;
    clock.advance(10 * BACKOFF);
    await t.app.mailJobs.runDue();
    expect(fakeWa.requests.filter((r, i) => i >= before && r.body?.to === '919829013003')).toEqual([]);
  });

  it('sends the Hindi template to a Hindi booking', async () => {
    const before = fakeWa.requests.length;
    await book('9829013004', 'hi');
    await t.app.mailJobs.runDue();
    const sent = fakeWa.requests.slice(before).find((r) => r.body?.to === '919829013004');
    expect(sent?.body.template).toMatchObject({ name: 'lab_booking_confirmation', language: { code: 'hi' } });
  });
});
