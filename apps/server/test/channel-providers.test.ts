// The WhatsApp (Cloud API) and SMS (Exotel) adapters against local fakes of the providers' HTTP APIs
// (test/fakes/): the request each sends (path, auth header, template or DLT fields) for every message
// kind in English and Hindi, and how each provider refusal is understood (retry or final, with the
// reason kept on the job); the webhook readers (signatures, the handshake, statuses, replies); and the
// configuration's checks at start. No database is involved, and nothing leaves the machine.
import { m, sayIn } from '@lab/contract';
import { ConfigError, loadConfig } from '../src/config.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChannelAdapter, ChannelError, type ChannelKind, type ChannelMessage } from '../src/modules/messaging/channels/channel.ts';
import { adaptersFor, channelAdapters, DEFAULT_GRAPH_VERSION, parseChannelSettings, webhookSecrets } from '../src/modules/messaging/channels/provider-config.ts';
import { parseSmsInbound, parseSmsStatus, smsTokenMatches } from '../src/modules/messaging/channels/sms/webhook.ts';
import { CHANNEL_KINDS, CHANNEL_TEMPLATES, smsBody, smsTemplateKey } from '../src/modules/messaging/channels/templates.ts';
import { createWhatsAppAdapter } from '../src/modules/messaging/channels/whatsapp/adapter.ts';
import { parseWhatsAppWebhook, verifyWhatsAppSignature, whatsappHandshake } from '../src/modules/messaging/channels/whatsapp/webhook.ts';
import { dltIds, SMS, startProviderFakes, WA } from './fakes/providers.ts';
import { type FakeSmsGateway, smsReplyForm } from './fakes/sms-gateway.ts';
import { type FakeWhatsApp, signWhatsApp, whatsappStatusEvent, whatsappTextEvent } from './fakes/whatsapp-cloud.ts';

const PUBLIC_URL = 'https://lab.example.in';
let fakeEnv: Record<string, string>;
/** the environment of adapters that talk to the fakes */
const env = (): NodeJS.ProcessEnv => ({ ...fakeEnv, PUBLIC_URL });

/** a message of `kind` with made-up values for its variables (and its link's suffix where it has one) */
function messageOf(kind: ChannelKind, language: 'en' | 'hi', to = '+919829012345'): ChannelMessage {
  const values: Record<string, string> = { reference: 'LAB-7K2Q9', date: '29 Nov 2026', time: '08:30', collector: 'Ravi Kumar', amount: 'Rs 1250.00', code: '482913', hours: '72', expected: 'Sat, 28 Nov 2026 at 14:00' };
  const t = CHANNEL_TEMPLATES[kind];
  return {
    kind,
    to,
    language,
    variables: t.variables.map((v) => values[v]!),
    ...(t.whatsapp.button ? { buttonUrlSuffix: kind === 'sign-in-code' ? '482913' : 'b3f1c2d4-5e6f-4a1b-9c8d-7e6f5a4b3c2d' } : {}),
  };
}

let fakeWa: FakeWhatsApp;
let fakeSms: FakeSmsGateway;
let whatsapp: ChannelAdapter;
let sms: ChannelAdapter;

beforeAll(async () => {
  const fakes = await startProviderFakes();
  fakeWa = fakes.whatsapp;
  fakeSms = fakes.sms;
  fakeEnv = fakes.env;
  const adapters = channelAdapters(env());
  whatsapp = adapters.whatsapp!;
  sms = adapters.sms!;
});
afterAll(async () => {
  await fakeWa.close();
  await fakeSms.close();
});

/** the ChannelError a send was refused with */
async function refusal(send: Promise<unknown>): Promise<ChannelError> {
  const err = await send.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ChannelError);
  return err as ChannelError;
}

describe('WhatsApp Cloud API adapter', () => {
  it('sends a template message with the bearer token, its variables in order and the URL button', async () => {
    const before = fakeWa.requests.length;
    const { providerMessageId } = await whatsapp.send(messageOf('booking-confirmation', 'en'));
    const req = fakeWa.requests[before]!;
    expect(req.path).toBe(`/${DEFAULT_GRAPH_VERSION}/${WA.phoneNumberId}/messages`);
    expect(req.headers.authorization).toBe(`Bearer ${WA.accessToken}`);
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '919829012345',
      type: 'template',
      template: {
        name: 'lab_booking_confirmation',
        language: { code: 'en' },
        components: [
          { type: 'body', parameters: [{ type: 'text', text: 'LAB-7K2Q9' }, { type: 'text', text: '29 Nov 2026' }, { type: 'text', text: '08:30' }] },
          { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: 'b3f1c2d4-5e6f-4a1b-9c8d-7e6f5a4b3c2d' }] },
        ],
      },
    });
    expect(providerMessageId).toMatch(/^wamid\./);
  });

  it('sends every kind in English and Hindi under its registered template name and language', async () => {
    for (const kind of CHANNEL_KINDS) {
      for (const language of ['en', 'hi'] as const) {
        const before = fakeWa.requests.length;
        const result = await whatsapp.send(messageOf(kind, language));
        const body = fakeWa.requests[before]!.body;
        expect(body.template.name, kind).toBe(CHANNEL_TEMPLATES[kind].whatsapp.name);
        expect(body.template.language.code, kind).toBe(language);
        const params = body.template.components.find((c: { type: string }) => c.type === 'body').parameters.map((p: { text: string }) => p.text);
        expect(params, kind).toEqual(messageOf(kind, language).variables);
        expect(body.template.components.some((c: { type: string }) => c.type === 'button'), kind).toBe(CHANNEL_TEMPLATES[kind].whatsapp.button !== undefined);
        expect(result.providerMessageId).toMatch(/^wamid\./);
      }
    }
  });

  it('reads a template not approved or paused and a number not on WhatsApp as final, with the reason', async () => {
    // a template the business never had approved (the fake approves those templates.ts lists)
    const unregistered = createWhatsAppAdapter({ apiUrl: fakeWa.url, graphVersion: 'v26.0', phoneNumberId: WA.phoneNumberId, accessToken: WA.accessToken, template: () => ({ name: 'lab_not_registered', languageCode: 'hi' }) });
    const unapproved = await refusal(unregistered.send(messageOf('report-ready', 'hi')));
    expect(unapproved.retryable).toBe(false);
    expect(unapproved.reason).toBe('132001 template not approved');

    fakeWa.paused.add('lab_sample_received');
    const paused = await refusal(whatsapp.send(messageOf('sample-received', 'en')));
    fakeWa.paused.clear();
    expect(paused.retryable).toBe(false);
    expect(paused.reason).toBe('132015 template paused');

    fakeWa.notOnWhatsApp.add('919000000001');
    const notOn = await refusal(whatsapp.send(messageOf('reminder', 'en', '+919000000001')));
    expect(notOn.retryable).toBe(false);
    expect(notOn.reason).toBe('131026 number not on WhatsApp');
  });

  it('reads rate limits (by their code, under HTTP 400) and a provider down or unreachable as worth retrying', async () => {
    fakeWa.failNext(1, 'rate-limit');
    const limited = await refusal(whatsapp.send(messageOf('reminder', 'en')));
    expect([limited.retryable, limited.reason]).toEqual([true, '130429 throughput rate limit reached']);

    fakeWa.failNext(1, 'pair-rate-limit');
    const pair = await refusal(whatsapp.send(messageOf('reminder', 'en')));
    expect([pair.retryable, pair.reason]).toEqual([true, '131056 too many messages to this number']);

    fakeWa.failNext(1, 'down');
    const down = await refusal(whatsapp.send(messageOf('reminder', 'en')));
    expect(down.retryable).toBe(true);
    expect(down.reason).toBe('HTTP 503');

    // the next send goes through again
    await expect(whatsapp.send(messageOf('reminder', 'en'))).resolves.toHaveProperty('providerMessageId');

    const closedPort = adaptersFor({ whatsapp: { apiUrl: 'http://127.0.0.1:9', graphVersion: 'v26.0', phoneNumberId: WA.phoneNumberId, accessToken: WA.accessToken } }).whatsapp!;
    const unreachable = await refusal(closedPort.send(messageOf('reminder', 'en')));
    expect([unreachable.retryable, unreachable.reason]).toEqual([true, 'provider unreachable']);
  });

  it('reads a refused access token as final', async () => {
    const wrong = adaptersFor({ whatsapp: { apiUrl: fakeWa.url, graphVersion: 'v26.0', phoneNumberId: WA.phoneNumberId, accessToken: 'EAAG-someone-elses-token' } }).whatsapp!;
    const err = await refusal(wrong.send(messageOf('reminder', 'en')));
    expect([err.retryable, err.reason]).toEqual([false, '190 access token invalid or expired']);
  });
});

describe('Exotel SMS adapter', () => {
  it('sends the registered text with the DLT entity id, template id and sender header, by HTTP Basic', async () => {
    const before = fakeSms.requests.length;
    const message = messageOf('booking-confirmation', 'en');
    const { providerMessageId } = await sms.send(message);
    const req = fakeSms.requests[before]!;
    expect(req.path).toBe(`/v1/Accounts/${SMS.accountSid}/Sms/send.json`);
    expect(req.headers.authorization).toBe(`Basic ${Buffer.from(`${SMS.apiKey}:${SMS.apiToken}`).toString('base64')}`);
    expect(req.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(req.body).toEqual({
      From: 'LABCEN',
      To: '+919829012345',
      Body: smsBody(message, PUBLIC_URL),
      DltEntityId: SMS.entityId,
      DltTemplateId: dltIds.SMS_DLT_TEMPLATE_BOOKING_CONFIRMATION_EN,
      SmsType: 'transactional',
      StatusCallback: `${PUBLIC_URL}/api/channels/sms/status/${SMS.webhookToken}`,
    });
    expect(req.body.Body).toContain('LAB-7K2Q9');
    expect(req.body.Body).toContain(`${PUBLIC_URL}/bill/b3f1c2d4-5e6f-4a1b-9c8d-7e6f5a4b3c2d`);
    expect(fakeSms.sent.find((s) => s.sid === providerMessageId)?.dltOk).toBe(true);
  });

  it('sends every kind in English and Hindi as its registered DLT text (Hindi as Unicode)', async () => {
    for (const kind of CHANNEL_KINDS) {
      for (const language of ['en', 'hi'] as const) {
        const { providerMessageId } = await sms.send(messageOf(kind, language));
        const sent = fakeSms.sent.find((s) => s.sid === providerMessageId)!;
        expect(sent.form.DltTemplateId, `${kind} ${language}`).toBe(dltIds[smsTemplateKey(kind, language)]);
        expect(sent.dltOk, `${kind} ${language}: ${sent.form.Body}`).toBe(true);
        expect(sent.form.EncodingType, kind).toBe(language === 'hi' ? 'unicode' : undefined);
      }
    }
    const hindi = fakeSms.sent.at(-1)!.form.Body!;
    expect(hindi).toMatch(/[\u0900-\u097f]/);
  });

  it('refuses, without calling the gateway, a kind whose DLT template id is not configured', async () => {
    const { SMS_DLT_TEMPLATE_PAYMENT_REQUEST_EN: _en, SMS_DLT_TEMPLATE_PAYMENT_REQUEST_HI: _hi, ...rest } = env();
    const adapter = channelAdapters(rest).sms!;
    const before = fakeSms.requests.length;
    const err = await refusal(adapter.send(messageOf('payment-request', 'en')));
    expect([err.retryable, err.reason]).toEqual([false, 'no DLT template registered']);
    expect(fakeSms.requests.length).toBe(before);
  });

  it('reads rate limits and a gateway down as worth retrying, refused credentials and a bad number as final', async () => {
    fakeSms.failNext(1, 'rate-limit');
    const limited = await refusal(sms.send(messageOf('reminder', 'en')));
    expect([limited.retryable, limited.reason]).toEqual([true, '429 rate limited: Too many requests']);

    fakeSms.failNext(1, 'down');
    const down = await refusal(sms.send(messageOf('reminder', 'en')));
    expect([down.retryable, down.reason]).toEqual([true, '503 provider unavailable']);

    const badNumber = await refusal(sms.send(messageOf('reminder', 'en', '+911234567890')));
    // the gateway quotes the number back: the reason (kept on the job, written to the log) leaves it out
    expect([badNumber.retryable, badNumber.reason]).toEqual([false, '400 request refused: To … is not a valid phone number']);
    expect(badNumber.message).not.toContain('1234567890');

    const wrong = channelAdapters({ ...env(), EXOTEL_API_TOKEN: 'someone-elses-token' }).sms!;
    const refused = await refusal(wrong.send(messageOf('reminder', 'en')));
    expect(refused.retryable).toBe(false);
    expect(refused.reason).toMatch(/^401 API key or token refused/);

    await expect(sms.send(messageOf('reminder', 'en'))).resolves.toHaveProperty('providerMessageId');
  });

  it("reads the gateway's delivery reports: delivered, a DLT mismatch and DND as failed with the reason", async () => {
    const { providerMessageId } = await sms.send(messageOf('sample-received', 'hi'));
    const reports: URLSearchParams[] = [];
    const capture = async (payload: string) => {
      reports.push(new URLSearchParams(payload));
      return { statusCode: 200 };
    };
    await fakeSms.deliveryReport(capture, providerMessageId);
    await fakeSms.deliveryReport(capture, providerMessageId, 'failed-dnd');
    const now = new Date();
    const delivered = parseSmsStatus(reports[0]!, now)!;
    expect(delivered).toMatchObject({ channel: 'sms', providerMessageId, status: 'delivered', eventId: `${providerMessageId}:delivered` });
    expect(Math.abs(delivered.at.getTime() - now.getTime())).toBeLessThan(24 * 3600_000);
    expect(parseSmsStatus(reports[1]!, now)).toMatchObject({ status: 'failed', reason: '23005 FAILED_DND' });

    // a text that is not the registered one: the operators' DLT scrubbing drops it
    const { providerMessageId: id2 } = await sms.send({ ...messageOf('sample-received', 'en'), variables: ['a reference that is far longer than thirty characters'] });
    await fakeSms.deliveryReport(capture, id2);
    expect(parseSmsStatus(reports[2]!, now)).toMatchObject({ status: 'failed', reason: '23082 FAILED_DLT_TEMPLATE' });
  });
});

describe('webhook readers', () => {
  it('accepts only the app secret\'s signature of the exact bytes', () => {
    const raw = Buffer.from(JSON.stringify(whatsappStatusEvent('wamid.X', 'delivered')));
    expect(verifyWhatsAppSignature(raw, signWhatsApp(WA.appSecret, raw), WA.appSecret)).toBe(true);
    expect(verifyWhatsAppSignature(raw, signWhatsApp('another-secret-0123456789', raw), WA.appSecret)).toBe(false);
    expect(verifyWhatsAppSignature(Buffer.concat([raw, Buffer.from(' ')]), signWhatsApp(WA.appSecret, raw), WA.appSecret)).toBe(false);
    expect(verifyWhatsAppSignature(raw, undefined, WA.appSecret)).toBe(false);
    expect(verifyWhatsAppSignature(raw, 'sha256=zz', WA.appSecret)).toBe(false);
  });

  it('answers the subscription handshake only for our verify token', () => {
    expect(whatsappHandshake({ 'hub.mode': 'subscribe', 'hub.verify_token': WA.verifyToken, 'hub.challenge': '1158201444' }, WA.verifyToken)).toBe('1158201444');
    expect(whatsappHandshake({ 'hub.mode': 'subscribe', 'hub.verify_token': 'guess', 'hub.challenge': '1158201444' }, WA.verifyToken)).toBeNull();
    expect(whatsappHandshake({ 'hub.mode': 'unsubscribe', 'hub.verify_token': WA.verifyToken, 'hub.challenge': '1' }, WA.verifyToken)).toBeNull();
    expect(whatsappHandshake({ 'hub.mode': 'subscribe', 'hub.verify_token': WA.verifyToken, 'hub.challenge': '1' }, undefined)).toBeNull();
  });

  it('reads statuses (with a failure\'s reason), replies and the platform\'s stop preference', () => {
    const now = new Date('2026-11-28T10:00:00Z');
    const at = new Date('2026-11-28T09:59:00Z');
    expect(parseWhatsAppWebhook(whatsappStatusEvent('wamid.A', 'read', { at }), now).receipts).toEqual([
      { channel: 'whatsapp', eventId: 'wamid.A:read', providerMessageId: 'wamid.A', status: 'read', at },
    ]);
    const failed = parseWhatsAppWebhook(whatsappStatusEvent('wamid.B', 'failed', { error: { code: 131026, title: 'Message undeliverable.' } }), now).receipts[0]!;
    expect([failed.status, failed.reason]).toEqual(['failed', '131026 number not on WhatsApp']);
    const other = parseWhatsAppWebhook(whatsappStatusEvent('wamid.C', 'failed', { error: { code: 131053, title: 'Media upload error' } }), now).receipts[0]!;
    expect(other.reason).toBe('131053 Media upload error');

    expect(parseWhatsAppWebhook(whatsappTextEvent('919829012345', 'रुकें', 'wamid.IN', at), now).inbound).toEqual([
      { channel: 'whatsapp', eventId: 'wamid.IN', from: '+919829012345', text: 'रुकें', at },
    ]);
    const preference = { entry: [{ changes: [{ field: 'user_preferences', value: { user_preferences: [{ wa_id: '919829012345', category: 'marketing_messages', value: 'stop', timestamp: 1764324000 }] } }] }] };
    expect(parseWhatsAppWebhook(preference, now).inbound).toEqual([{ channel: 'whatsapp', eventId: 'preference:+919829012345:1764324000000', from: '+919829012345', text: 'stop', at: new Date(1764324000000), optOut: true }]);

    // not the Cloud API's shape, or values we refuse to keep: nothing
    for (const body of [null, 'x', { entry: 'x' }, { entry: [{ changes: [{ value: { statuses: [{ id: 'w\u0000', status: 'delivered' }, { id: 'w', status: 'deleted' }] } }] }] }]) {
      expect(parseWhatsAppWebhook(body, now)).toEqual({ receipts: [], inbound: [] });
    }
  });

  it('reads an SMS reply with the number in E.164, and compares the token in full', () => {
    const now = new Date();
    expect(parseSmsInbound(smsReplyForm('09829012345', 'STOP', 'sid-1'), now)).toMatchObject({ channel: 'sms', eventId: 'sid-1', from: '+919829012345', text: 'STOP' });
    expect(parseSmsInbound(smsReplyForm('12345', 'STOP'), now)).toBeNull();
    expect(smsTokenMatches(SMS.webhookToken, SMS.webhookToken)).toBe(true);
    expect(smsTokenMatches(SMS.webhookToken.slice(0, -1), SMS.webhookToken)).toBe(false);
  });
});

describe('configuration', () => {
  const issuesOf = (e: NodeJS.ProcessEnv) => {
    try {
      parseChannelSettings(e);
    } catch (err) {
      return (err as Error).message;
    }
    return null;
  };

  it('with nothing set has no adapter (every phone message goes to the outbox)', () => {
    expect(parseChannelSettings({})).toEqual({});
    expect(channelAdapters({})).toEqual({});
  });

  it('names each variable a partial WhatsApp setting lacks', () => {
    const msg = issuesOf({ WHATSAPP_ACCESS_TOKEN: WA.accessToken })!;
    expect(msg).toMatch(/^Invalid configuration:/);
    expect(msg).toContain('WHATSAPP_PHONE_NUMBER_ID: required');
    expect(msg).toContain('WHATSAPP_APP_SECRET: required');
    expect(msg).toContain('WHATSAPP_VERIFY_TOKEN: required');
    expect(issuesOf({ WHATSAPP_VERIFY_TOKEN: WA.verifyToken })).toContain('WHATSAPP_APP_SECRET: required when WHATSAPP_VERIFY_TOKEN is set');
    expect(issuesOf({ WHATSAPP_ACCESS_TOKEN: WA.accessToken, WHATSAPP_PHONE_NUMBER_ID: WA.phoneNumberId, WHATSAPP_APP_SECRET: WA.appSecret, WHATSAPP_VERIFY_TOKEN: WA.verifyToken, WHATSAPP_GRAPH_VERSION: '26' })).toBe(
      'Invalid configuration:\n  WHATSAPP_GRAPH_VERSION: must be a Graph API version such as v26.0',
    );
  });

  it('takes the WhatsApp app secret alone: webhooks verified, nothing sent', () => {
    const settings = parseChannelSettings({ WHATSAPP_APP_SECRET: WA.appSecret });
    expect(adaptersFor(settings)).toEqual({});
    expect(webhookSecrets(settings)).toEqual({ whatsapp: { appSecret: WA.appSecret } });
  });

  it('names the SMS variables that are wrong or missing', () => {
    const full = env();
    expect(issuesOf({ SMS_PROVIDER: 'msg91' })).toContain('SMS_PROVIDER: must be exotel');
    expect(issuesOf({ EXOTEL_API_KEY: SMS.apiKey })).toBe('Invalid configuration:\n  SMS_PROVIDER: must be set (exotel) when EXOTEL_API_KEY is set');
    expect(issuesOf({ ...full, SMS_SENDER_HEADER: 'LAB' })).toBe('Invalid configuration:\n  SMS_SENDER_HEADER: must be the six-letter sender header registered on the DLT portal (capitals, e.g. LABCEN)');
    const { SMS_DLT_TEMPLATE_REPORT_READY_HI: _dropped, ...lacking } = full;
    expect(issuesOf(lacking)).toBe('Invalid configuration:\n  SMS_DLT_TEMPLATE_REPORT_READY_HI: required (the DLT content template id (digits) of this message)');
    expect(issuesOf({ ...full, SMS_WEBHOOK_TOKEN: 'short' })).toContain('SMS_WEBHOOK_TOKEN: must be at least 32');
    expect(issuesOf({ ...full, SMS_DLT_ENTITY_ID: '12ab' })).toContain('SMS_DLT_ENTITY_ID: the DLT principal entity id (digits)');
  });

  it('stops the start through the app\'s configuration, naming the variable', () => {
    const start = () => loadConfig({ DATABASE_URL: ':memory:', JWT_SECRET: 'test-secret-test-secret-test-secret-0123', SMS_PROVIDER: 'exotel' });
    expect(start).toThrow(ConfigError);
    expect(start).toThrow(/EXOTEL_ACCOUNT_SID: required/);
    expect(loadConfig({ DATABASE_URL: ':memory:', JWT_SECRET: 'test-secret-test-secret-test-secret-0123' }).channels).toEqual({});
  });

  it('builds both adapters from a full configuration', () => {
    const adapters = channelAdapters(env());
    expect(adapters.whatsapp?.channel).toBe('whatsapp');
    expect(adapters.sms?.channel).toBe('sms');
    expect(webhookSecrets(parseChannelSettings(env()))).toEqual({ whatsapp: { appSecret: WA.appSecret, verifyToken: WA.verifyToken }, sms: { token: SMS.webhookToken } });
  });

  it('words its webhook refusals in English and Hindi', () => {
    expect(sayIn('en', m('channel_webhook.signature_invalid'))).toBe("The webhook's signature is missing or does not match.");
    expect(sayIn('hi', m('channel_webhook.signature_invalid'))).toMatch(/[\u0900-\u097f]/);
  });
});
