// What other modules call to send WhatsApp and SMS messages: like queue.ts for e-mail, each call writes
// job rows (`mail_jobs` with their `channel`) in the transaction it is given, one per phone channel the
// patient chose, and the runner (runner.ts) hands them to the channel's adapter. The choice is the
// booking's (appointments.channels; a member's profile, users.channels, is the default of their next
// booking and, when changed, of their upcoming ones); none chosen, or no Indian mobile on the booking: no
// phone message (e-mail goes as before). Nothing here waits on a provider.
import { type Locale, type MessageChannel, CHANNEL_NAMES, m, toIndianE164 } from '@lab/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { fieldError } from '../../../lib/errors.ts';
import { insertJob, type NewMailJob, upsertJob } from '../queries.ts';
import { reminderDue } from '../queue.ts';
import { mailWords } from '../words/index.ts';
import { reminderHeld } from '../reminder-job.ts';
import type { MailJob } from '../queries.ts';
import type { Deps } from '../../../lib/context.ts';
import { makeCancelToken } from '../../cancel-links/token.ts';
import type { ChannelKind, ChannelMessage, ChannelName } from './channel.ts';
import { mobileOf } from './phone.ts';
import { CHANNEL_TEMPLATES, messageText } from './templates.ts';

type Db = Kysely<Database> | Transaction<Database>;

export const PHONE_CHANNELS: readonly ChannelName[] = ['whatsapp', 'sms'];

/** a stored choice ('email,whatsapp') as a list; null or nothing readable: e-mail only, as before channels */
export function parseChannels(raw: string | null | undefined): MessageChannel[] {
  const chosen = (raw ?? '').split(',').filter((c): c is MessageChannel => (CHANNEL_NAMES as readonly string[]).includes(c));
  return chosen.length > 0 ? chosen : ['email'];
}

/** a member's chosen channels (the profile's; e-mail only until chosen), WhatsApp only while its consent is in force */
export async function accountChannels(db: Db, userId: number): Promise<MessageChannel[]> {
  const row = await db.selectFrom('users').select('channels').where('id', '=', userId).executeTakeFirst();
  return withConsent(db, userId, parseChannels(row?.channels));
}

/** a member's booking for themselves keeps its channels as the profile's choice */
export async function rememberChannels(db: Db, userId: number, channels: readonly MessageChannel[]): Promise<void> {
  await db.updateTable('users').set({ channels: channelsText(channels.includes('email') ? channels : ['email', ...channels]) }).where('id', '=', userId).execute();
}

/** WhatsApp needs the opt-in in force: withdrawn in the dashboard's consents, it stops there too */
async function withConsent(db: Db, userId: number, channels: MessageChannel[]): Promise<MessageChannel[]> {
  if (!channels.includes('whatsapp')) return channels;
  const consent = await db
    .selectFrom('consents')
    .select('id')
    .where('user_id', '=', userId)
    .where('purpose', '=', 'whatsapp')
    .where('captured', '=', 1)
    .where('withdrawn_at', 'is', null)
    .limit(1)
    .executeTakeFirst();
  return consent ? channels : channels.filter((c) => c !== 'whatsapp');
}

/** a choice as stored, in one order whatever order it was sent in */
export const channelsText = (channels: readonly MessageChannel[]): string => CHANNEL_NAMES.filter((c) => channels.includes(c)).join(',');

/** the facts of an appointment its phone messages are written from */
export interface PhoneFacts {
  appointmentId: string;
  reference: string;
  date: string;
  time: string;
  /** as the booking holds it (older rows: as typed); normalised to E.164 here */
  phone: string;
  language: Locale;
  channels: readonly MessageChannel[];
}

/** the variables a message has beyond the appointment's facts: the collector's name, the amount due ("Rs 350.00") */
export interface PhoneExtra {
  collector?: string;
  amount?: string;
  /** a late report's new expected time, as the letters write a date and time */
  expected?: string;
}

/** the template's variables, in its order (templates.ts) */
function variablesOf(kind: ChannelKind, f: PhoneFacts, extra: PhoneExtra): string[] {
  const values: Record<string, string> = {
    reference: f.reference,
    date: mailWords[f.language].dayDate(f.date),
    time: f.time,
    collector: extra.collector ?? '',
    amount: extra.amount ?? '',
    expected: extra.expected ?? '',
  };
  return CHANNEL_TEMPLATES[kind].variables.map((v) => values[v] ?? '');
}

/** the URL button's dynamic part: the appointment id of a link to the bill, its payment or the report (a capability, dropped once sent) */
function suffixOf(kind: ChannelKind, f: PhoneFacts): string | undefined {
  return kind === 'booking-confirmation' || kind === 'report-late' || kind === 'report-ready' || kind === 'report-amended' || kind === 'payment-request' ? encodeURIComponent(f.appointmentId) : undefined;
}

const reminderKey = (appointmentId: string, channel: ChannelName) => `reminder:${appointmentId}:${channel}`;

/**
 * the job rows of one message kind for an appointment, one per phone channel chosen; a reminder is due the
 * evening before and is composed when it runs (with its cancel link, runner.ts), so it carries no message yet
 */
export function phoneJobs(now: Date, kind: ChannelKind, f: PhoneFacts, extra: PhoneExtra = {}): NewMailJob[] {
  const to = mobileOf(f.phone);
  if (!to) return [];
  const at = now.toISOString();
  return PHONE_CHANNELS.filter((c) => f.channels.includes(c)).map((channel) => {
    const message: ChannelMessage = { kind, to, language: f.language, variables: variablesOf(kind, f, extra), buttonUrlSuffix: suffixOf(kind, f) };
    const subject = messageText({ ...message, buttonUrlSuffix: undefined }, '');
    if (kind === 'reminder') {
      return { kind, channel, appointmentId: f.appointmentId, uniqueKey: reminderKey(f.appointmentId, channel), recipient: to, subject, messageJson: null, runAt: reminderDue(f.date).toISOString(), at };
    }
    return { kind, channel, appointmentId: f.appointmentId, uniqueKey: null, recipient: to, subject, messageJson: JSON.stringify(message), runAt: at, at };
  });
}

/**
 * the appointment's facts with its channel choice: the one made at booking (a member's profile change
 * applies to their upcoming bookings too: settings.ts), WhatsApp only while a member's opt-in is in force
 */
export async function phoneFactsOf(db: Db, appointmentId: string): Promise<PhoneFacts | null> {
  const a = await db
    .selectFrom('appointments as a')
    .select(['a.id', 'a.reference', 'a.date', 'a.time', 'a.user_phone', 'a.language', 'a.channels', 'a.user_id'])
    .where('a.id', '=', appointmentId)
    .executeTakeFirst();
  if (!a) return null;
  const chosen = parseChannels(a.channels);
  const channels = a.user_id !== null ? await withConsent(db, a.user_id, chosen) : chosen;
  return { appointmentId: a.id, reference: a.reference, date: a.date, time: a.time, phone: a.user_phone, language: a.language, channels };
}

/** queues an appointment's message of `kind` on its phone channels, in the transaction given; answers how many */
export async function queuePhoneMessages(db: Db, now: Date, appointmentId: string, kind: ChannelKind, extra: PhoneExtra = {}): Promise<number> {
  const facts = await phoneFactsOf(db, appointmentId);
  if (!facts) return 0;
  const jobs = phoneJobs(now, kind, facts, extra);
  for (const job of jobs) await insertJob(db, job);
  return jobs.length;
}

/** a moved appointment's phone reminders move with its e-mail's (queue.ts scheduleReminder) */
export async function schedulePhoneReminders(db: Db, now: Date, appointmentId: string): Promise<void> {
  const facts = await phoneFactsOf(db, appointmentId);
  if (!facts) return;
  for (const job of phoneJobs(now, 'reminder', facts)) await upsertJob(db, { ...job, uniqueKey: job.uniqueKey! });
}

/**
 * A one-time sign-in code to a phone (the mobile sign-in to come calls it): a job due at once, on SMS
 * unless another channel is asked for. The code is dropped from the row once sent, like every message.
 */
export async function queueSignInCode(db: Db, now: Date, input: { to: string; language: Locale; code: string; channel?: ChannelName }): Promise<void> {
  const to = toIndianE164(input.to);
  if (!to) throw fieldError('phone', m('channels.mobile_required'));
  if (!/^\d{4,8}$/.test(input.code)) throw new Error('a sign-in code is 4 to 8 digits');
  const message: ChannelMessage = { kind: 'sign-in-code', to, language: input.language, variables: [input.code], buttonUrlSuffix: input.code };
  const at = now.toISOString();
  // The subject is what the delivery log shows: never the code.
  await insertJob(db, { kind: 'sign-in-code', channel: input.channel ?? 'sms', appointmentId: null, uniqueKey: null, recipient: to, subject: 'Sign-in code', messageJson: JSON.stringify(message), runAt: at, at });
}

/**
 * A referring doctor's one-time link (people/doctors.ts), in the transaction given: by SMS to the registered
 * phone, and by WhatsApp too when the doctor agreed to it. Each message carries its own token (`tokenFor`
 * makes one per channel), dropped from the row once sent; the delivery log's subject never holds it.
 */
export async function queueDoctorLink(
  db: Db,
  now: Date,
  input: { kind: 'doctor-link' | 'doctor-report'; phone: string; whatsapp: boolean; hours: number; language: Locale; tokenFor: () => Promise<string> },
): Promise<number> {
  const to = mobileOf(input.phone);
  if (!to) return 0;
  const at = now.toISOString();
  const channels: ChannelName[] = input.whatsapp ? ['whatsapp', 'sms'] : ['sms'];
  for (const channel of channels) {
    const message: ChannelMessage = { kind: input.kind, to, language: input.language, variables: [String(input.hours)], buttonUrlSuffix: encodeURIComponent(await input.tokenFor()) };
    const subject = messageText({ ...message, buttonUrlSuffix: undefined }, '');
    await insertJob(db, { kind: input.kind, channel, appointmentId: null, uniqueKey: null, recipient: to, subject, messageJson: JSON.stringify(message), runAt: at, at });
  }
  return channels.length;
}

/**
 * A phone reminder, composed when it runs from the appointment as it is then (the e-mail's rule,
 * reminder-job.ts): skipped for a cancelled, collected or past visit, later for a moved one; its button
 * carries the cancel link signed for this date and slot.
 */
export async function composePhoneReminder(deps: Pick<Deps, 'db' | 'config' | 'now'>, job: MailJob): Promise<{ message: ChannelMessage } | { skip: string } | { later: Date }> {
  const a = job.appointment_id
    ? await deps.db.selectFrom('appointments').select(['id', 'reference', 'date', 'time', 'status', 'language', 'user_phone']).where('id', '=', job.appointment_id).executeTakeFirst()
    : undefined;
  const held = reminderHeld(a, deps.now());
  if (held || !a) return held ?? { skip: 'Not sent: the appointment no longer exists.' };
  const facts: PhoneFacts = { appointmentId: a.id, reference: a.reference, date: a.date, time: a.time, phone: a.user_phone, language: a.language, channels: [] };
  const token = makeCancelToken(deps.config.jwtSecret, a);
  return { message: { kind: 'reminder', to: job.recipient, language: a.language, variables: variablesOf('reminder', facts, {}), buttonUrlSuffix: encodeURIComponent(token) } };
}
