// A local stand-in for Exotel's SMS API (decision 056), on loopback, for the adapter's tests:
// `POST /v1/Accounts/{sid}/Sms/send.json` with its HTTP Basic check, the DLT checks an operator makes
// (the registered sender header and entity id; a text that does not match its registered template fails
// delivery with 23082, as DLT scrubbing does), the error answers (rate limited, down, a bad number),
// every request recorded; and the delivery reports and replies Exotel posts back, form-encoded.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RecordedRequest, WebhookTarget } from './whatsapp-cloud.ts';

export interface FakeSmsOptions {
  accountSid: string;
  apiKey: string;
  apiToken: string;
  senderHeader: string;
  entityId: string;
  /** DLT content template id → its registered text (`{#var#}`, `{#url#}`) */
  dltTemplates: Record<string, string>;
}

export interface SentSms {
  sid: string;
  form: Record<string, string>;
  /** whether the text matches its registered DLT template (else operators drop it) */
  dltOk: boolean;
}

export interface FakeSmsGateway {
  /** in place of https://api.in.exotel.com */
  url: string;
  requests: RecordedRequest[];
  sent: SentSms[];
  failNext(count: number, failure: 'rate-limit' | 'down'): void;
  /** posts the delivery report of a sent message to its StatusCallback (delivered, or failed as DLT scrubbing fails it) */
  deliveryReport(target: WebhookTarget | 'callback', sid: string, outcome?: 'delivered' | 'failed-dnd'): Promise<{ statusCode: number; body?: string }>;
  close(): Promise<void>;
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

const refusal = (status: number, message: string) => ({ RestException: { Status: status, Message: message } });

/** the registered text as a pattern: a `{#var#}` is up to 30 characters (DLT's rule), a `{#url#}` one link */
function dltPattern(text: string): RegExp {
  const parts = text.split(/(\{#\w+#\})/).map((p) => (p === '{#url#}' ? 'https?://\\S+' : /^\{#\w+#\}$/.test(p) ? '[^]{1,30}' : p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^${parts.join('')}$`, 'u');
}

/** Exotel's time format, India's time */
const exotelTime = (d: Date) => new Date(d.getTime() + 5.5 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

/** posts a form to a webhook target */
async function postForm(target: WebhookTarget, url: string, form: URLSearchParams): Promise<{ statusCode: number; body?: string }> {
  const headers = { 'content-type': 'application/x-www-form-urlencoded' };
  if (typeof target === 'function') return target(form.toString(), { ...headers, 'x-target-url': url });
  const res = await fetch(target, { method: 'POST', headers, body: form.toString() });
  return { statusCode: res.status, body: await res.text() };
}

/** a person's reply to our number, as Exotel posts it to the inbound URL */
export function smsReplyForm(from: string, body: string, sid = randomBytes(16).toString('hex')): URLSearchParams {
  return new URLSearchParams({ SmsSid: sid, From: from, To: '08047112345', Body: body, DateSent: exotelTime(new Date()) });
}

export async function startFakeSmsGateway(options: FakeSmsOptions): Promise<FakeSmsGateway> {
  const requests: RecordedRequest[] = [];
  const sent: SentSms[] = [];
  const failures: Array<'rate-limit' | 'down'> = [];
  const auth = `Basic ${Buffer.from(`${options.apiKey}:${options.apiToken}`).toString('base64')}`;

  const server = createServer((req, res) => {
    void (async () => {
      const raw = await readBody(req);
      const form = Object.fromEntries(new URLSearchParams(raw));
      const path = req.url ?? '/';
      requests.push({ method: req.method ?? '', path, headers: req.headers, body: form });
      const m = /^\/v1\/Accounts\/([^/]+)\/Sms\/send\.json$/.exec(path);
      if (req.method !== 'POST' || !m) return answer(res, 404, refusal(404, 'Not found'));
      if (req.headers.authorization !== auth) return answer(res, 401, refusal(401, 'Authentication failed. Invalid API Key or Token.'));
      if (m[1] !== options.accountSid) return answer(res, 403, refusal(403, 'Account SID does not match the credentials.'));
      const failure = failures.shift();
      if (failure === 'rate-limit') return answer(res, 429, refusal(429, 'Too many requests'));
      if (failure === 'down') {
        res.writeHead(503, { 'content-type': 'text/html' });
        return res.end('<html>Service Unavailable</html>');
      }
      if (!/^(\+91|0)?[6-9]\d{9}$/.test(form.To ?? '')) return answer(res, 400, refusal(400, `To ${form.To ?? ''} is not a valid phone number`));
      if (form.From !== options.senderHeader) return answer(res, 400, refusal(400, 'From is not a sender ID of this account'));
      if (form.DltEntityId !== options.entityId) return answer(res, 400, refusal(400, 'DltEntityId is not registered'));
      if (!form.Body || !form.DltTemplateId) return answer(res, 400, refusal(400, 'Body and DltTemplateId are required'));
      const registered = options.dltTemplates[form.DltTemplateId];
      const sid = randomBytes(16).toString('hex');
      sent.push({ sid, form, dltOk: registered !== undefined && dltPattern(registered).test(form.Body) });
      return answer(res, 200, { SMSMessage: { Sid: sid, AccountSid: options.accountSid, From: `${options.accountSid}/${form.From}`, To: form.To, Body: form.Body, Status: 'queued', DetailedStatus: 'PENDING_TO_OPERATOR', DetailedStatusCode: 21010, DateCreated: exotelTime(new Date()) } });
    })().catch((err: unknown) => answer(res, 500, refusal(500, String(err))));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    sent,
    failNext(count, failure) {
      for (let i = 0; i < count; i++) failures.push(failure);
    },
    async deliveryReport(target, sid, outcome = 'delivered') {
      const message = sent.find((s) => s.sid === sid);
      if (!message) throw new Error(`the fake sent no SMS ${sid}`);
      const callback = message.form.StatusCallback!;
      const form = new URLSearchParams({ SmsSid: sid, To: message.form.To!, SmsUnits: '1', DateSent: exotelTime(new Date()) });
      if (!message.dltOk) {
        form.set('Status', 'failed');
        form.set('DetailedStatus', 'FAILED_DLT_TEMPLATE');
        form.set('DetailedStatusCode', '23082');
      } else if (outcome === 'failed-dnd') {
        form.set('Status', 'failed_dnd');
        form.set('DetailedStatus', 'FAILED_DND');
        form.set('DetailedStatusCode', '23005');
      } else {
        form.set('Status', 'sent');
        form.set('DetailedStatus', 'DELIVERED_TO_HANDSET');
        form.set('DetailedStatusCode', '20005');
      }
      return postForm(target === 'callback' ? callback : target, callback, form);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}
