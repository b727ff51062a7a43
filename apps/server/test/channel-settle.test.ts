// A runner's pass settles its sent jobs together (queries.ts settleAll, decisions 036 and 063): the
// phone messages' provider ids are written by the same statement as the e-mails' outcomes, each id on
// its own job, and a job whose lease another runner took is left as that runner has it. SQLite and,
// with DATABASE_URL, PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimDue, insertJob, type NewMailJob, settleAll, type Settlement } from '../src/modules/messaging/queries.ts';
import { makeApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp({ RATE_LIMITS: 'off' }, { mailJobs: 'manual' });
});
afterAll(() => t?.close());

const at = '2026-11-20T10:00:00.000Z';
const job = (recipient: string, channel: NewMailJob['channel']): NewMailJob => ({
  kind: 'booking-confirmation',
  appointmentId: null,
  uniqueKey: null,
  recipient,
  subject: 'Your booking is confirmed',
  messageJson: '{"kind":"booking-confirmation"}',
  runAt: at,
  at,
  channel,
});

describe('settling a pass', () => {
  it('writes each sent phone message its own provider id in the one statement of its claim, and leaves a job claimed again by another runner', async () => {
    const db = t.app.deps.db;
    await insertJob(db, job('a@example.com', 'email'));
    await insertJob(db, job('+919829011001', 'whatsapp'));
    await insertJob(db, job('+919829011001', 'sms'));
    await insertJob(db, job('+919829011002', 'whatsapp'));
    const mine = await claimDue(db, t.app.deps.dialect, { now: at, leaseUntil: '2026-11-20T10:05:00.000Z', token: 'runner-a', limit: 10 });
    expect(mine).toHaveLength(4);
    // the last whatsapp job's lease ran out and another runner holds it now
    const lost = mine.find((j) => j.recipient === '+919829011002')!;
    await db.updateTable('mail_jobs').set({ lock_token: 'runner-b' }).where('id', '=', lost.id).execute();

    const sentAt = '2026-11-20T10:00:01.000Z';
    const providerIds = new Map([
      ['whatsapp:+919829011001', 'wamid.HBgMOTE5ODI5MDExMDAxFQIAERgSQTE'],
      ['sms:+919829011001', 'c1a5e0f4b3d24d5f9e7a0b1c2d3e4f50'],
      ['whatsapp:+919829011002', 'wamid.HBgMOTE5ODI5MDExMDAyFQIAERgSQTI'],
    ]);
    const settlements: Settlement[] = mine.map((j) => ({
      job: j,
      change: { state: 'sent', sentAt, lastError: null, clearMessage: true, at: sentAt, providerMessageId: providerIds.get(`${j.channel}:${j.recipient}`) },
    }));
    await db.transaction().execute((trx) => settleAll(trx, settlements));

    const rows = await db.selectFrom('mail_jobs').select(['id', 'channel', 'recipient', 'state', 'provider_message_id', 'message_json', 'lock_token', 'sent_at']).orderBy('id').execute();
    expect(rows.map(({ id: _id, ...r }) => r)).toEqual([
      { channel: 'email', recipient: 'a@example.com', state: 'sent', provider_message_id: null, message_json: null, lock_token: null, sent_at: sentAt },
      { channel: 'whatsapp', recipient: '+919829011001', state: 'sent', provider_message_id: 'wamid.HBgMOTE5ODI5MDExMDAxFQIAERgSQTE', message_json: null, lock_token: null, sent_at: sentAt },
      { channel: 'sms', recipient: '+919829011001', state: 'sent', provider_message_id: 'c1a5e0f4b3d24d5f9e7a0b1c2d3e4f50', message_json: null, lock_token: null, sent_at: sentAt },
      // not this runner's any more: neither sent nor given the id by it
      { channel: 'whatsapp', recipient: '+919829011002', state: 'sending', provider_message_id: null, message_json: '{"kind":"booking-confirmation"}', lock_token: 'runner-b', sent_at: null },
    ]);
  });
});
