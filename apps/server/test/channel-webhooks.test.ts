// The providers' webhooks through the real app, with the real adapters pointed at local fakes of the
// Cloud API and Exotel (test/fakes/): a booking's WhatsApp and SMS messages are sent to the fakes, then
// the fakes' signed receipts and replies come back to /api/channels/…. A bad signature or token answers
// 401 and changes nothing; a replay changes nothing twice; an unknown message answers 200 and the log
// names neither its id nor a number; the handshake echoes only for our verify token; STOP stops the
// channel. SQLite and, with DATABASE_URL, PostgreSQL.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeSmsGateway, smsReplyForm } from './fakes/sms-gateway.ts';
import { type FakeWhatsApp, signWhatsApp, whatsappStatusEvent, whatsappTextEvent, type WebhookTarget } from './fakes/whatsapp-cloud.ts';
import { type ProviderFakes, SMS, startProviderFakes, WA } from './fakes/providers.ts';
import { bookOnPhones } from './channel-helpers.ts';
import { json, makeApp, spreadVisit, type TestApp } from './helpers.ts';

let fakes: ProviderFakes;
let fakeWa: FakeWhatsApp;
let fakeSms: FakeSmsGateway;
let t: TestApp;
let bare: TestApp;
const logLines: string[] = [];
let testIds: number[];

/** posts a webhook into the app as the provider would (the fake signs or forms the body) */
const into =
  (app: TestApp): WebhookTarget =>
  async (payload, headers) => {
    const url = headers['x-target-url'] ? new URL(headers['x-target-url']).pathname : '/api/channels/whatsapp/webhook';
    const { 'x-target-url': _omit, ...rest } = headers;
    const res = await app.app.inject({ method: 'POST', url, payload, headers: rest });
    return { statusCode: res.statusCode, body: res.body };
  };

beforeAll(async () => {
  fakes = await startProviderFakes();
  fakeWa = fakes.whatsapp;
  fakeSms = fakes.sms;
  t = await makeApp(
    {
      RATE_LIMITS: 'off',
      PUBLIC_URL: 'https://lab.example.in',
      CHANNEL_OUTBOX_DIR: mkdtempSync(path.join(tmpdir(), 'lab-channel-outbox-')),
      ...fakes.env,
    },
    { logger: { level: 'info', stream: { write: (line: string) => void logLines.push(line) } } },
  );
  bare = await makeApp({ RATE_LIMITS: 'off' }, { shareDatabaseOf: t });
  testIds = json<{ id: number }[]>(await t.app.inject({ method: 'GET', url: '/api/tests/' })).map((x) => x.id);
});
afterAll(async () => {
  await bare?.close();
  await t?.close();
  await fakes?.close();
});

/** books with WhatsApp and SMS beside e-mail; the answer's jobs are sent to the fakes before it returns */
async function book(phone: string) {
  const { id, confirmations } = await bookOnPhones(t, { phone, testId: testIds[0]!, visit: spreadVisit(9, 5) });
  const { whatsapp, sms } = await confirmations();
  expect(whatsapp.provider_message_id).toMatch(/^wamid\./);
  expect(sms.provider_message_id).toMatch(/^[0-9a-f]{32}$/);
  return { id, whatsapp, sms };
}

const jobOf = (id: number) => t.app.deps.db.selectFrom('mail_jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const auditCount = async () => Number((await t.app.deps.db.selectFrom('audit_log').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe('WhatsApp webhook', () => {
  it('applies a signed "delivered" then "read", and a replay changes nothing twice', async () => {
    const { whatsapp } = await book('9829012345');
    const delivered = whatsappStatusEvent(whatsapp.provider_message_id!, 'delivered', { at: new Date(Date.now() - 60_000) });
    const res = await fakeWa.postWebhook(into(t), delivered);
    expect(res).toEqual({ statusCode: 200, body: JSON.stringify({ received: true }) });
    const after = await jobOf(whatsapp.id);
    expect(after.delivery).toBe('delivered');
    expect(after.delivered_at).not.toBeNull();

    const audits = await auditCount();
    expect((await fakeWa.postWebhook(into(t), delivered)).statusCode).toBe(200);
    expect(await jobOf(whatsapp.id)).toEqual(after);
    expect(await auditCount()).toBe(audits);

    expect((await fakeWa.postWebhook(into(t), whatsappStatusEvent(whatsapp.provider_message_id!, 'read'))).statusCode).toBe(200);
    const read = await jobOf(whatsapp.id);
    expect(read.delivery).toBe('read');
    expect(read.read_at).not.toBeNull();
  });

  it('keeps the reason of a failed receipt', async () => {
    const { whatsapp } = await book('9829012346');
    await fakeWa.postWebhook(into(t), whatsappStatusEvent(whatsapp.provider_message_id!, 'failed', { error: { code: 131026, title: 'Message undeliverable.' } }));
    const job = await jobOf(whatsapp.id);
    expect(job.delivery).toBe('failed');
    expect(job.last_error).toBe('131026 number not on WhatsApp');
  });

  it('answers 401 to a bad or missing signature and changes nothing', async () => {
    const { whatsapp } = await book('9829012347');
    const before = await jobOf(whatsapp.id);
    const audits = await auditCount();
    const event = whatsappStatusEvent(whatsapp.provider_message_id!, 'delivered');
    const forged = await fakeWa.postWebhook(into(t), event, 'not-the-app-secret-0123');
    expect(forged.statusCode).toBe(401);
    expect(JSON.parse(forged.body!)).toEqual({ error: "The webhook's signature is missing or does not match." });
    const unsigned = await t.app.inject({ method: 'POST', url: '/api/channels/whatsapp/webhook?lang=hi', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(event) });
    expect(unsigned.statusCode).toBe(401);
    expect(unsigned.json().error).toMatch(/[\u0900-\u097f]/);
    expect(await jobOf(whatsapp.id)).toEqual(before);
    expect(await auditCount()).toBe(audits);
    // a replay of the event, properly signed, is then applied for the first time
    expect((await fakeWa.postWebhook(into(t), event)).statusCode).toBe(200);
    expect((await jobOf(whatsapp.id)).delivery).toBe('delivered');
  });

  it('answers 200 to a receipt for a message we do not know, logging neither its id nor a number', async () => {
    logLines.length = 0;
    const res = await fakeWa.postWebhook(into(t), whatsappStatusEvent('wamid.UNKNOWN-7f3a9c', 'delivered', { recipient: '919811122233' }));
    expect(res.statusCode).toBe(200);
    const log = logLines.join('\n');
    expect(log).toContain('a receipt for a message not known (yet)');
    expect(log).not.toContain('UNKNOWN-7f3a9c');
    expect(log).not.toContain('9811122233');
  });

  it('refuses a signed body that is not JSON with 400, and odd values without a 500', async () => {
    const target = into(t);
    const bad = await t.app.inject({ method: 'POST', url: '/api/channels/whatsapp/webhook', headers: { 'content-type': 'application/json', 'x-hub-signature-256': signWhatsApp(WA.appSecret, '{"entry": [') }, payload: '{"entry": [' });
    expect(bad.statusCode).toBe(400);
    // a NUL byte and a number past 32 bits in the values: nothing applied, no error from either database
    const odd = { entry: [{ changes: [{ field: 'messages', value: { statuses: [{ id: 'wamid.\u0000x', status: 'delivered', timestamp: '99999999999999' }, { id: 'wamid.big', status: 'read', timestamp: 2 ** 40 }] } }] }] };
    expect((await fakeWa.postWebhook(target, odd)).statusCode).toBe(200);
  });

  it('stops WhatsApp for a number that replies STOP (रुकें), once', async () => {
    await book('9829012348');
    const reply = whatsappTextEvent('919829012348', ' रुकें ', 'wamid.REPLY-1');
    expect((await fakeWa.postWebhook(into(t), reply)).statusCode).toBe(200);
    const rows = await t.app.deps.db.selectFrom('channel_opt_outs').selectAll().where('phone', '=', '+919829012348').execute();
    expect(rows).toMatchObject([{ channel: 'whatsapp', source: 'reply' }]);
    expect((await fakeWa.postWebhook(into(t), reply)).statusCode).toBe(200);
    expect(await t.app.deps.db.selectFrom('channel_opt_outs').selectAll().where('phone', '=', '+919829012348').execute()).toHaveLength(1);
  });

  it('echoes the handshake only for our verify token', async () => {
    const ok = await t.app.inject({ method: 'GET', url: `/api/channels/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=${WA.verifyToken}&hub.challenge=1158201444` });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('1158201444');
    expect(ok.headers['content-type']).toMatch(/^text\/plain/);
    const wrong = await t.app.inject({ method: 'GET', url: '/api/channels/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1158201444' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.body).not.toContain('1158201444');
    expect(wrong.json()).toEqual({ error: 'The verify token does not match.' });
  });
});

describe('SMS webhooks', () => {
  it("applies the gateway's delivery report at the callback URL the message named, once", async () => {
    const { sms } = await book('9829012349');
    const sent = fakeSms.sent.find((s) => s.sid === sms.provider_message_id)!;
    expect(sent.form.StatusCallback).toBe(`https://lab.example.in/api/channels/sms/status/${SMS.webhookToken}`);
    expect((await fakeSms.deliveryReport(into(t), sms.provider_message_id!)).statusCode).toBe(200);
    const after = await jobOf(sms.id);
    expect(after.delivery).toBe('delivered');
    const audits = await auditCount();
    expect((await fakeSms.deliveryReport(into(t), sms.provider_message_id!)).statusCode).toBe(200);
    expect(await jobOf(sms.id)).toEqual(after);
    expect(await auditCount()).toBe(audits);
  });

  it('answers 401 to a wrong token and changes nothing; the token never reaches the log', async () => {
    const { sms } = await book('9829012350');
    const before = await jobOf(sms.id);
    logLines.length = 0;
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/channels/sms/status/sms-webhook-token-0123456789abcdef0124',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ SmsSid: sms.provider_message_id!, Status: 'sent', DetailedStatusCode: '20005' }).toString(),
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: "The token in the webhook's address does not match." });
    expect(await jobOf(sms.id)).toEqual(before);
    await fakeSms.deliveryReport(into(t), sms.provider_message_id!);
    expect(logLines.join('\n')).not.toContain(SMS.webhookToken);
    expect(logLines.join('\n')).not.toContain('0123456789abcdef0124');
  });

  it('stops SMS for a number that replies STOP', async () => {
    await book('9829012351');
    const res = await t.app.inject({ method: 'POST', url: `/api/channels/sms/inbound/${SMS.webhookToken}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: smsReplyForm('09829012351', 'stop').toString() });
    expect(res.statusCode).toBe(200);
    expect(await t.app.deps.db.selectFrom('channel_opt_outs').selectAll().where('phone', '=', '+919829012351').execute()).toMatchObject([{ channel: 'sms', source: 'reply' }]);
  });
});

describe('without webhook secrets', () => {
  it('answers 404: nothing is configured to verify', async () => {
    const wa = await fakeWa.postWebhook(into(bare), whatsappStatusEvent('wamid.X', 'delivered'));
    expect(wa.statusCode).toBe(404);
    const sms = await bare.app.inject({ method: 'POST', url: `/api/channels/sms/status/${SMS.webhookToken}`, payload: 'SmsSid=x&Status=sent', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(sms.statusCode).toBe(404);
  });
});
