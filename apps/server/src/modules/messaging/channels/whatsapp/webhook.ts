// What the Cloud API's webhooks say, read into our receipts and inbound messages. Meta signs each POST
// with the app secret: `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw body>`, so the check runs
// on the bytes as they came (before any JSON parsing). The subscription handshake is a GET with
// hub.mode=subscribe, hub.verify_token (ours) and hub.challenge (echoed back).
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { DeliveryReceipt, InboundMessage } from '../channel.ts';
import { whatsappFailure } from './adapter.ts';

/** whether `header` is the app secret's signature of `rawBody` */
export function verifyWhatsAppSignature(rawBody: Buffer, header: string | undefined, appSecret: string): boolean {
  if (typeof header !== 'string' || !header.startsWith('sha256=')) return false;
  const given = Buffer.from(header.slice('sha256='.length), 'hex');
  const expected = createHmac('sha256', appSecret).update(rawBody).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** the challenge to echo when the handshake names our verify token, else null (answered 403) */
export function whatsappHandshake(query: Record<string, unknown>, verifyToken: string | undefined): string | null {
  if (!verifyToken || query['hub.mode'] !== 'subscribe' || typeof query['hub.challenge'] !== 'string') return null;
  const given = Buffer.from(String(query['hub.verify_token'] ?? ''));
  const expected = Buffer.from(verifyToken);
  return given.length === expected.length && timingSafeEqual(given, expected) ? query['hub.challenge'] : null;
}

interface StatusEvent {
  id?: unknown;
  status?: unknown;
  timestamp?: unknown;
  errors?: Array<{ code?: unknown; title?: unknown; message?: unknown }>;
}

interface MessageEvent {
  id?: unknown;
  from?: unknown;
  timestamp?: unknown;
  type?: unknown;
  text?: { body?: unknown };
  button?: { text?: unknown; payload?: unknown };
  interactive?: { button_reply?: { title?: unknown } };
}

interface PreferenceEvent {
  wa_id?: unknown;
  value?: unknown;
  category?: unknown;
  timestamp?: unknown;
}

const STATUSES = new Set(['sent', 'delivered', 'read', 'failed']);

const str = (v: unknown): string | undefined => (typeof v === 'string' && v.length > 0 && v.length <= 512 && !v.includes('\u0000') ? v : undefined);

/** a Unix time in seconds as the webhooks send it (a string), or `fallback` */
function timeOf(v: unknown, fallback: Date): Date {
  const s = typeof v === 'string' || typeof v === 'number' ? Number(v) : NaN;
  return Number.isFinite(s) && s > 0 && s < 1e11 ? new Date(s * 1000) : fallback;
}

/** a WhatsApp id (digits with the country code) as E.164 */
const e164 = (waId: string) => (/^\d{8,15}$/.test(waId) ? `+${waId}` : undefined);

/**
 * The receipts and inbound messages of one webhook body (a batch of entries and changes). Anything we
 * do not read (other fields, message types without text) is left out; a body that is not the Cloud
 * API's shape gives nothing. `now` stands for a missing timestamp.
 */
export function parseWhatsAppWebhook(body: unknown, now: Date): { receipts: DeliveryReceipt[]; inbound: InboundMessage[] } {
  const receipts: DeliveryReceipt[] = [];
  const inbound: InboundMessage[] = [];
  const entries = (body as { entry?: unknown })?.entry;
  if (!Array.isArray(entries)) return { receipts, inbound };
  for (const entry of entries) {
    const changes = (entry as { changes?: unknown })?.changes;
    if (!Array.isArray(changes)) continue;
    for (const change of changes) {
      const value = (change as { value?: Record<string, unknown> })?.value;
      if (!value || typeof value !== 'object') continue;
      for (const s of Array.isArray(value.statuses) ? (value.statuses as StatusEvent[]) : []) {
        const id = str(s?.id);
        const status = str(s?.status);
        if (!id || !status || !STATUSES.has(status)) continue;
        const receipt: DeliveryReceipt = {
          channel: 'whatsapp',
          // a status webhook has no id of its own: the message and its status name the event
          eventId: `${id}:${status}`,
          providerMessageId: id,
          status: status as DeliveryReceipt['status'],
          at: timeOf(s.timestamp, now),
        };
        if (status === 'failed') {
          const error = s.errors?.[0];
          const code = typeof error?.code === 'number' ? error.code : undefined;
          receipt.reason = whatsappFailure(code, str(error?.title) ?? str(error?.message) ?? 'failed').reason;
        }
        receipts.push(receipt);
      }
      for (const msg of Array.isArray(value.messages) ? (value.messages as MessageEvent[]) : []) {
        const id = str(msg?.id);
        const from = e164(str(msg?.from) ?? '');
        // a typed reply, a template's quick-reply button ("Stop promotions"), an interactive button
        const text = str(msg?.text?.body) ?? str(msg?.button?.text) ?? str(msg?.interactive?.button_reply?.title);
        if (!id || !from || text === undefined) continue;
        inbound.push({ channel: 'whatsapp', eventId: id, from, text, at: timeOf(msg.timestamp, now) });
      }
      // the platform's own opt-out: a person who stopped the business's messages in WhatsApp
      for (const p of Array.isArray(value.user_preferences) ? (value.user_preferences as PreferenceEvent[]) : []) {
        const from = e164(str(p?.wa_id) ?? '');
        if (!from || str(p?.value) !== 'stop') continue;
        const at = timeOf(p.timestamp, now);
        inbound.push({ channel: 'whatsapp', eventId: `preference:${from}:${at.getTime()}`, from, text: 'stop', at, optOut: true });
      }
    }
  }
  return { receipts, inbound };
}
