// What Exotel posts back: the delivery report of a message (to the StatusCallback URL the adapter gave,
// form-encoded: SmsSid, Status, DetailedStatus, DetailedStatusCode, DateSent …) and the replies people
// send to our number (configured in Exotel's dashboard: SmsSid, From, Body). Exotel documents no
// signature for either, so each URL carries a secret token of ours (SMS_WEBHOOK_TOKEN) in its path,
// compared in constant time; the request log masks route parameters, so the token is never logged.
import { timingSafeEqual } from 'node:crypto';
import { toIndianE164 } from '@lab/contract';
import type { DeliveryReceipt, InboundMessage } from '../channel.ts';
import { providerText } from '../provider-text.ts';

export function smsTokenMatches(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Exotel's detailed codes that mean the handset has the message */
const DELIVERED_CODES = new Set(['20000', '20005']);
const FAILED = new Set(['failed', 'failed_dnd', 'failed-dnd', 'undelivered', 'expired', 'rejected']);

const field = (form: URLSearchParams, name: string): string | undefined => {
  const v = form.get(name);
  return v && v.length <= 512 && !v.includes('\u0000') ? v : undefined;
};

/** "YYYY-MM-DD HH:mm:ss" in India's time, as Exotel writes it, or `fallback` */
function timeOf(v: string | undefined, fallback: Date): Date {
  const m = v ? /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})$/.exec(v) : null;
  const d = m ? new Date(`${m[1]}T${m[2]}+05:30`) : null;
  return d && !Number.isNaN(d.getTime()) ? d : fallback;
}

/** the receipt of one delivery report, or null when it names no message or no state we keep */
export function parseSmsStatus(form: URLSearchParams, now: Date): DeliveryReceipt | null {
  const sid = field(form, 'SmsSid');
  const raw = field(form, 'Status')?.toLowerCase();
  if (!sid || !raw) return null;
  const code = field(form, 'DetailedStatusCode');
  const status: DeliveryReceipt['status'] | null =
    raw === 'delivered' || (code !== undefined && DELIVERED_CODES.has(code)) ? 'delivered' : FAILED.has(raw) ? 'failed' : raw === 'sent' || raw === 'submitted' ? 'sent' : null;
  if (!status) return null;
  const receipt: DeliveryReceipt = { channel: 'sms', eventId: `${sid}:${status}`, providerMessageId: sid, status, at: timeOf(field(form, 'DateSent') ?? field(form, 'DateUpdated'), now) };
  if (status === 'failed') receipt.reason = providerText([code, field(form, 'DetailedStatus') ?? raw].filter(Boolean).join(' '));
  return receipt;
}

/** a reply to our number, or null */
export function parseSmsInbound(form: URLSearchParams, now: Date): InboundMessage | null {
  const sid = field(form, 'SmsSid');
  const from = toIndianE164(field(form, 'From') ?? '');
  const text = field(form, 'Body');
  if (!sid || !from || text === undefined) return null;
  return { channel: 'sms', eventId: sid, from, text, at: timeOf(field(form, 'DateSent'), now) };
}
