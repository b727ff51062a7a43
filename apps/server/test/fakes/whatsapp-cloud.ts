// A local stand-in for Meta's WhatsApp Cloud API, on loopback, for the adapter's tests: the messages
// endpoint with its bearer check, template checks and the error answers the real one gives (template not
// approved or paused, number not on WhatsApp, rate limits, a server down), every request recorded; and
// the webhooks the real one posts back, signed with the app secret as Meta signs them. Nothing leaves
// the machine.
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: any;
}

export interface FakeWhatsAppOptions {
  accessToken: string;
  phoneNumberId: string;
  appSecret: string;
  /** the approved templates' names (others answer 132001) */
  approved: string[];
}

/** where a webhook goes: a function that posts it (an app's inject) or a URL */
export type WebhookTarget = string | ((payload: string, headers: Record<string, string>) => Promise<{ statusCode: number; body?: string }>);

export interface FakeWhatsApp {
  /** the base URL, in place of https://graph.facebook.com */
  url: string;
  requests: RecordedRequest[];
  /** numbers (digits, as the API takes them) that have no WhatsApp account */
  notOnWhatsApp: Set<string>;
  /** approved templates that Meta has since paused */
  paused: Set<string>;
  /** the next `count` sends answer this failure */
  failNext(count: number, failure: 'rate-limit' | 'pair-rate-limit' | 'down'): void;
  /** posts a webhook body to `target`, signed with the app secret (or with `secret` instead, to test a bad one) */
  postWebhook(target: WebhookTarget, body: unknown, secret?: string): Promise<{ statusCode: number; body?: string }>;
  close(): Promise<void>;
}

/** `X-Hub-Signature-256` of a raw body */
export const signWhatsApp = (secret: string, raw: string | Buffer): string => `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;

const envelope = (value: Record<string, unknown>) => ({
  object: 'whatsapp_business_account',
  entry: [{ id: '102290129340398', changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', metadata: { display_phone_number: '15550783881', phone_number_id: '106540352242922' }, ...value } }] }],
});

/** a status webhook (sent, delivered, read, failed) of one message */
export function whatsappStatusEvent(id: string, status: 'sent' | 'delivered' | 'read' | 'failed', options: { at?: Date; recipient?: string; error?: { code: number; title: string } } = {}) {
  return envelope({
    statuses: [
      {
        id,
        status,
        timestamp: String(Math.floor((options.at ?? new Date()).getTime() / 1000)),
        recipient_id: options.recipient ?? '919829012345',
        ...(options.error ? { errors: [{ code: options.error.code, title: options.error.title, message: options.error.title, error_data: { details: options.error.title } }] } : {}),
      },
    ],
  });
}

/** a person's text message to the business number */
export function whatsappTextEvent(from: string, text: string, id = `wamid.${randomBytes(12).toString('base64url')}`, at = new Date()) {
  return envelope({
    contacts: [{ profile: { name: 'Patient' }, wa_id: from }],
    messages: [{ from, id, timestamp: String(Math.floor(at.getTime() / 1000)), type: 'text', text: { body: text } }],
  });
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

function answer(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

const graphError = (code: number, message: string, type = 'OAuthException') => ({ error: { message, type, code, error_data: { messaging_product: 'whatsapp', details: message }, fbtrace_id: 'A1b2C3' } });

export async function startFakeWhatsApp(options: FakeWhatsAppOptions): Promise<FakeWhatsApp> {
  const requests: RecordedRequest[] = [];
  const notOnWhatsApp = new Set<string>();
  const paused = new Set<string>();
  const failures: Array<'rate-limit' | 'pair-rate-limit' | 'down'> = [];

  const server = createServer((req, res) => {
    void (async () => {
      const raw = await readBody(req);
      let body: any = raw;
      try {
        body = JSON.parse(raw);
      } catch {
        /* kept as text */
      }
      const path = req.url ?? '/';
      requests.push({ method: req.method ?? '', path, headers: req.headers, body });
      const m = /^\/(v\d+\.\d+)\/([^/]+)\/messages$/.exec(path);
      if (req.method !== 'POST' || !m) return answer(res, 400, graphError(2500, 'Unknown path components', 'OAuthException'));
      if (req.headers.authorization !== `Bearer ${options.accessToken}`) return answer(res, 401, graphError(190, 'Invalid OAuth access token - Cannot parse access token'));
      if (m[2] !== options.phoneNumberId) return answer(res, 400, graphError(100, `Unsupported post request. Object with ID '${m[2]}' does not exist`, 'GraphMethodException'));
      const failure = failures.shift();
      if (failure === 'down') {
        res.writeHead(503, { 'content-type': 'text/html' });
        return res.end('<html>Service Unavailable</html>');
      }
      // Meta answers its rate limits with HTTP 400 and the code: the adapter must read the code
      if (failure === 'rate-limit') return answer(res, 400, graphError(130429, 'Rate limit hit'));
      if (failure === 'pair-rate-limit') return answer(res, 400, graphError(131056, '(Business Account, Consumer Account) pair rate limit hit'));
      const template = body?.template;
      if (body?.messaging_product !== 'whatsapp' || body?.type !== 'template' || typeof body?.to !== 'string' || !/^\d{8,15}$/.test(body.to) || typeof template?.name !== 'string' || typeof template?.language?.code !== 'string') {
        return answer(res, 400, graphError(100, 'Invalid parameter'));
      }
      if (!options.approved.includes(template.name)) return answer(res, 400, graphError(132001, 'Template name does not exist in the translation'));
      if (paused.has(template.name)) return answer(res, 400, graphError(132015, 'Template is Paused'));
      if (notOnWhatsApp.has(body.to)) return answer(res, 400, graphError(131026, 'Message undeliverable'));
      return answer(res, 200, { messaging_product: 'whatsapp', contacts: [{ input: body.to, wa_id: body.to }], messages: [{ id: `wamid.${randomBytes(18).toString('base64url')}`, message_status: 'accepted' }] });
    })().catch((err: unknown) => answer(res, 500, { error: { message: String(err) } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    notOnWhatsApp,
    paused,
    failNext(count, failure) {
      for (let i = 0; i < count; i++) failures.push(failure);
    },
    async postWebhook(target, body, secret = options.appSecret) {
      const payload = JSON.stringify(body);
      const headers = { 'content-type': 'application/json', 'x-hub-signature-256': signWhatsApp(secret, payload) };
      if (typeof target === 'function') return target(payload, headers);
      const res = await fetch(target, { method: 'POST', headers, body: payload });
      return { statusCode: res.status, body: await res.text() };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}
