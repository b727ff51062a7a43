// How the job runner settles a phone message by what the real adapters make of each provider answer
// (the fakes of test/fakes/ give them): a rate limit or a provider down is retried with the mail jobs'
// backoff and then goes; a paused template or a number not on WhatsApp fails the job at once with the
// provider's reason; the booking's e-mail goes whatever the phone providers say, and a booking is
// answered while a provider holds its request unanswered. The clock is moved by
// hand; nothing waits. SQLite and, with DATABASE_URL, PostgreSQL.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeSmsGateway } from './fakes/sms-gateway.ts';
import { type FakeWhatsApp } from './fakes/whatsapp-cloud.ts';
import { type ProviderFakes, startProviderFakes } from './fakes/providers.ts';
import { bookOnPhones } from './channel-helpers.ts';
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
  const { id, confirmations } = await bookOnPhones(t, { phone, testId: testIds[0]!, visit: spreadVisit(11, 4), language });
  return { id, jobs: confirmations };
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

describe('providers that do not answer', () => {
  // Both providers' addresses lead to a server that takes each request and answers none until told.
  const held: ServerResponse[] = [];
  const hanging = createServer((req, res) => {
    req.resume();
    held.push(res);
  });
  let slow: TestApp;
  beforeAll(async () => {
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`;
    slow = await makeApp({ RATE_LIMITS: 'off', PUBLIC_URL: 'https://lab.example.in', ...fakes.env, WHATSAPP_API_URL: url, EXOTEL_API_URL: url }, { clock, mailJobs: 'manual', mailRunner: { backoffMs: BACKOFF, maxAttempts: 3 } });
  });
  afterAll(async () => {
    for (const res of held) res.destroy();
    await slow?.close();
    await new Promise((resolve) => hanging.close(resolve));
  });

  it('answers bookings and sends the e-mail while both providers hold their requests, then retries them', async () => {
    const first = await bookOnPhones(slow, { phone: '9829013011', testId: testIds[0]!, visit: spreadVisit(13, 4) });
    let passEnded = false;
    const pass = slow.app.mailJobs.runDue().finally(() => {
      passEnded = true;
    });
    // the pass has handed the WhatsApp and SMS confirmations to their providers, which have not answered
    await expect.poll(() => held.length).toBe(2);
    expect(slow.mail.map((m) => m.to)).toEqual(['asha@example.com']);

    // meanwhile a booking is answered, its messages queued for the runner
    const second = await bookOnPhones(slow, { phone: '9829013012', testId: testIds[0]!, visit: spreadVisit(14, 4) });
    expect(passEnded).toBe(false);
    expect(Object.values(await second.confirmations()).map((j) => [j.channel, j.state])).toEqual([
      ['email', 'queued'],
      ['whatsapp', 'queued'],
      ['sms', 'queued'],
    ]);

    // the providers answer at last that they are down: both messages wait for the backoff, the e-mail sent
    for (const res of held.splice(0)) res.writeHead(503, { 'content-type': 'application/json' }).end('{"error":{"message":"Service unavailable","code":2}}');
    await pass;
    const after = await first.confirmations();
    expect(after.email.state).toBe('sent');
    expect(after.whatsapp).toMatchObject({ state: 'retrying', run_at: new Date(clock.ms + BACKOFF).toISOString() });
    expect(after.sms).toMatchObject({ state: 'retrying', run_at: new Date(clock.ms + BACKOFF).toISOString() });
  });
});
