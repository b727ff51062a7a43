// Durable e-mail jobs (decision 022) on SQLite and, with DATABASE_URL, PostgreSQL: jobs are written in
// the transaction of their change, retried with backoff, taken again after a killed process's lease,
// and a booking's reminder goes out at 18:00 India time the evening before, once, and never for a
// cancelled booking. The clock is moved by hand; nothing waits.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { withCalendar } from '../src/modules/messaging/mailer.ts';
import { claimDue, settle } from '../src/modules/messaging/queries.ts';
import { enqueueMail } from '../src/modules/messaging/queue.ts';
import { MailRunner } from '../src/modules/messaging/runner.ts';
import { bearer, createUser, makeApp, TestClock, type TestApp, weekdayIst } from './helpers.ts';

const MINUTE = 60_000;
const BACKOFF = 10 * MINUTE;
const LEASE = 5 * MINUTE;


const dayBefore = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
/** a wall-clock moment in India, written with its offset (the test's own oracle, independent of the code's) */
const india = (date: string, time: string) => Date.parse(`${date}T${time}:00+05:30`);

describe('e-mail jobs', () => {
  let t: TestApp;
  const clock = new TestClock();
  let testIds: number[];
  /** a weekday five days or more ahead, and the evening before it */
  const day = weekdayIst(5);
  const eve = dayBefore(day);

  beforeAll(async () => {
    t = await makeApp({ RATE_LIMITS: 'off', METRICS_TOKEN: 'metrics-token-of-the-mail-jobs-test' }, { clock, mailJobs: 'manual', mailRunner: { backoffMs: BACKOFF, leaseMs: LEASE, maxAttempts: 3 } });
    testIds = (await t.app.inject({ method: 'GET', url: '/api/tests/' })).json().map((x: { id: number }) => x.id);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    // Each test starts at noon India time, three days before the appointment day, with an empty outbox.
    clock.ms = india(dayBefore(dayBefore(eve)), '12:00');
    t.mail.length = 0;
    await t.app.mailJobs.runDue();
    t.mail.length = 0;
    t.app.deps.mailer.send = async (m) => void t.mail.push(withCalendar(m));
  });

  const book = async (over: Record<string, unknown> = {}, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/appointments/',
      headers,
      payload: { date: day, time: '10:30', user_name: 'Asha Verma', user_email: `asha_${randomUUID().slice(0, 8)}@example.in`, user_phone: '9876543210', tests: [testIds[0]], home_sample: false, ...over },
    });
    expect(res.statusCode).toBe(201);
    return res.json() as { id: string; reference: string };
  };
  const jobsOf = (id: string) => t.app.deps.db.selectFrom('mail_jobs').selectAll().where('appointment_id', '=', id).orderBy('id').execute();
  const reminderOf = async (id: string) => (await jobsOf(id)).find((j) => j.kind === 'reminder');

  it('writes a job in the transaction of its change: a rollback leaves none', async () => {
    const subject = `rolled back ${randomUUID()}`;
    await expect(
      t.app.deps.db.transaction().execute(async (trx) => {
        await enqueueMail(trx, t.app.deps.now(), { kind: 'password-reset', message: { to: 'x@example.in', subject, text: 'x' } });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await t.app.deps.db.selectFrom('mail_jobs').select('id').where('subject', '=', subject).execute()).toEqual([]);

    await t.app.deps.db.transaction().execute((trx) => enqueueMail(trx, t.app.deps.now(), { kind: 'password-reset', message: { to: 'x@example.in', subject, text: 'x' } }));
    expect(t.mail).toHaveLength(0);
    expect(await t.app.mailJobs.runDue()).toBe(1);
    expect(t.mail.map((m) => m.subject)).toEqual([subject]);
  });

  it('queues the confirmation (with its calendar event in India time) and the reminder with the booking', async () => {
    const { id, reference } = await book();
    const jobs = await jobsOf(id);
    expect(jobs.map((j) => [j.kind, j.state])).toEqual([
      ['booking-confirmation', 'queued'],
      ['reminder', 'queued'],
    ]);
    await t.app.mailJobs.runDue();
    expect(t.mail).toHaveLength(1);
    const ics = t.mail[0]!.attachments?.[0];
    expect(ics?.filename).toBe('appointment.ics');
    // 10:30 in India is 05:00 UTC; the centre's address from the lab's details
    expect(ics?.content).toContain(`DTSTART:${day.replaceAll('-', '')}T050000Z`);
    expect(ics?.content).toContain(`appointment ${reference}`);
    expect(ics?.content.replace(/\r\n /g, '')).toContain('MI Road');
    const after = await jobsOf(id);
    expect(after[0]).toMatchObject({ state: 'sent', attempts: 1, message_json: null });
    expect(after[1]).toMatchObject({ state: 'queued', run_at: new Date(india(eve, '18:00')).toISOString() });
  });

  it('retries a failed delivery with exponential backoff, then marks it failed after the last attempt', async () => {
    const { id } = await book();
    let tries = 0;
    t.app.deps.mailer.send = async () => {
      tries++;
      throw new Error('421 mail server busy');
    };
    const confirmation = async () => (await jobsOf(id))[0]!;

    await t.app.mailJobs.runDue();
    expect(await confirmation()).toMatchObject({ state: 'retrying', attempts: 1, last_error: '421 mail server busy', run_at: new Date(clock.ms + BACKOFF).toISOString() });
    clock.advance(BACKOFF - 1);
    expect(await t.app.mailJobs.runDue()).toBe(0);
    clock.advance(1);
    await t.app.mailJobs.runDue();
    // the second wait is twice the first
    expect(await confirmation()).toMatchObject({ state: 'retrying', attempts: 2, run_at: new Date(clock.ms + 2 * BACKOFF).toISOString() });
    clock.advance(2 * BACKOFF);
    await t.app.mailJobs.runDue();
    expect(await confirmation()).toMatchObject({ state: 'failed', attempts: 3, last_error: '421 mail server busy' });
    clock.advance(60 * BACKOFF);
    t.app.deps.mailer.send = async (m) => void t.mail.push(withCalendar(m));
    await t.app.mailJobs.runDue();
    expect(tries).toBe(3);
    expect(t.mail.filter((m) => m.subject.includes('booked'))).toHaveLength(0);
  });

  it('delivers once the mail server is back', async () => {
    const { reference, id } = await book();
    t.app.deps.mailer.send = async () => {
      throw new Error('connect ECONNREFUSED');
    };
    await t.app.mailJobs.runDue();
    t.app.deps.mailer.send = async (m) => void t.mail.push(withCalendar(m));
    clock.advance(BACKOFF);
    await t.app.mailJobs.runDue();
    expect(t.mail.map((m) => m.subject)).toEqual([expect.stringContaining(reference)]);
    expect((await jobsOf(id))[0]).toMatchObject({ state: 'sent', attempts: 2, last_error: null });
  });

  it('runs a job again once the lease of a process killed while sending has run out, and the dead process cannot settle it', async () => {
    const { id, reference } = await book();
    // "Process A" claims the due jobs and dies before sending.
    const claimed = await claimDue(t.app.deps.db, t.app.deps.dialect, { now: new Date(clock.ms).toISOString(), leaseUntil: new Date(clock.ms + LEASE).toISOString(), token: 'killed', limit: 50 });
    expect(claimed.map((j) => j.appointment_id)).toContain(id);
    expect(await t.app.mailJobs.runDue()).toBe(0);
    clock.advance(LEASE - 1);
    expect(await t.app.mailJobs.runDue()).toBe(0);
    clock.advance(1);
    await t.app.mailJobs.runDue();
    expect(t.mail.filter((m) => m.subject.includes(reference))).toHaveLength(1);
    expect((await jobsOf(id))[0]).toMatchObject({ state: 'sent', attempts: 2 });
    const dead = claimed.find((j) => j.appointment_id === id)!;
    expect(await settle(t.app.deps.db, dead, { state: 'failed', lastError: 'late', at: new Date(clock.ms).toISOString() })).toBe(false);
    expect((await jobsOf(id))[0]).toMatchObject({ state: 'sent' });
  });

  it('sends the reminder at 18:00 India time the evening before, with the slot, the centre, the preparation, the bill and the cancel link', async () => {
    const lipid = ((await t.app.inject({ method: 'GET', url: '/api/tests/' })).json() as { id: number; name: string }[]).find((x) => x.name === 'Lipid Profile')!;
    const { id, reference } = await book({ time: '09:00', tests: [lipid.id] });
    await t.app.mailJobs.runDue();
    t.mail.length = 0;
    const mine = () => t.mail.filter((m) => m.subject.includes(reference));
    clock.ms = india(eve, '17:59');
    await t.app.mailJobs.runDue();
    expect(t.mail).toHaveLength(0);
    clock.ms = india(eve, '18:00');
    await t.app.mailJobs.runDue();
    expect(mine()).toHaveLength(1);
    const m = mine()[0]!;
    expect(m.subject).toBe(`Reminder: appointment ${reference} tomorrow at 09:00`);
    expect(m.text).toContain('2nd Floor, Shanti Complex, MI Road');
    // a lipid profile is taken fasting: the reminder says so the evening before
    expect(m.text).toMatch(/How to prepare:\n\s+- .*fast/i);
    expect(m.text).toContain(`http://lab.test/bill/${id}`);
    // signed for the visit's date and slot (decision 051)
    expect(m.text).toMatch(new RegExp(`http://lab\\.test/cancel/${id}\\.\\d{12}\\.[0-9a-f]{40}`));
    expect(m.attachments?.[0]?.content).toContain(`DTSTART:${day.replaceAll('-', '')}T033000Z`);
    expect(await reminderOf(id)).toMatchObject({ state: 'sent' });
    // once: a later pass sends nothing more
    clock.advance(LEASE * 3);
    await t.app.mailJobs.runDue();
    expect(mine()).toHaveLength(1);
  });

  it('sends no reminder for a cancelled booking, and says why in the log', async () => {
    const user = await createUser(t.app);
    const { id, reference } = await book({}, bearer(user));
    const cancel = await t.app.inject({ method: 'PATCH', url: `/api/appointments/${id}/cancel/`, headers: bearer(user) });
    expect(cancel.statusCode).toBe(200);
    await t.app.mailJobs.runDue();
    t.mail.length = 0;
    clock.ms = india(eve, '18:00');
    await t.app.mailJobs.runDue();
    expect(t.mail.filter((m) => m.subject.includes(reference))).toHaveLength(0);
    expect(await reminderOf(id)).toMatchObject({ state: 'skipped', last_error: 'Not sent: the appointment was cancelled.' });
  });

  it('moves the reminder with a reschedule', async () => {
    const user = await createUser(t.app);
    const { id, reference } = await book({}, bearer(user));
    const later = weekdayIst(8);
    const res = await t.app.inject({ method: 'POST', url: `/api/appointments/${id}/reschedule/`, headers: bearer(user), payload: { new_date: later, new_time: '11:00' } });
    expect(res.statusCode).toBe(200);
    expect(await reminderOf(id)).toMatchObject({ state: 'queued', run_at: new Date(india(dayBefore(later), '18:00')).toISOString() });
    await t.app.mailJobs.runDue();
    t.mail.length = 0;
    const mine = () => t.mail.filter((m) => m.subject.includes(reference)).map((m) => m.subject);
    clock.ms = india(eve, '18:00');
    await t.app.mailJobs.runDue();
    expect(mine()).toEqual([]);
    clock.ms = india(dayBefore(later), '18:00');
    await t.app.mailJobs.runDue();
    expect(mine()).toEqual([`Reminder: appointment ${reference} tomorrow at 11:00`]);
  });

  it('reports the jobs waiting to operators (jobs_waiting)', async () => {
    const waiting = async () => {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer metrics-token-of-the-mail-jobs-test' } });
      return Number(/^jobs_waiting (\d+)$/m.exec(res.body)?.[1]);
    };
    const before = await waiting();
    await book();
    // the confirmation and the reminder
    expect(await waiting()).toBe(before + 2);
    await t.app.mailJobs.runDue();
    expect(await waiting()).toBe(before + 1);
  });

  it('gives no reminder to a booking made after its evening: the confirmation says it all', async () => {
    clock.ms = india(eve, '19:00');
    const { id } = await book();
    expect((await jobsOf(id)).map((j) => j.kind)).toEqual(['booking-confirmation']);
  });

  it('sends a pass several at a time and settles every one, however the writes of the outcomes fall between the sends', async () => {
    const subject = `batch ${randomUUID()}`;
    for (let i = 0; i < 23; i++) {
      await t.app.deps.db.transaction().execute((trx) => enqueueMail(trx, t.app.deps.now(), { kind: 'password-reset', message: { to: `p${i}@example.in`, subject, text: 'x' } }));
    }
    const sent: string[] = [];
    let inFlight = 0;
    let most = 0;
    // Each send ends on a later turn of the event loop, so the outcomes' writes (settleWithinMs 0: after
    // every outcome) run while other sends are under way.
    const mailer = {
      send: async (m: { to: string }) => {
        most = Math.max(most, ++inFlight);
        await new Promise((r) => setImmediate(r));
        inFlight--;
        sent.push(m.to);
      },
    };
    const runner = new MailRunner({ ...t.app.deps, mailer, log: t.app.log }, { concurrency: 4, settleWithinMs: 0, batch: 10 });
    expect(await runner.runDue()).toBe(23);
    expect(most).toBe(4);
    expect(sent.toSorted()).toEqual(Array.from({ length: 23 }, (_, i) => `p${i}@example.in`).toSorted());
    const jobs = await t.app.deps.db.selectFrom('mail_jobs').select(['state', 'lock_token', 'message_json']).where('subject', '=', subject).execute();
    expect(jobs).toHaveLength(23);
    expect(jobs.every((j) => j.state === 'sent' && j.lock_token === null && j.message_json === null)).toBe(true);
    expect(await runner.runDue()).toBe(0);
  });

  it('writes the outcomes of a pass that failed on one job: what was sent is not sent again', async () => {
    const subject = `broken ${randomUUID()}`;
    for (let i = 0; i < 5; i++) {
      await t.app.deps.db.transaction().execute((trx) => enqueueMail(trx, t.app.deps.now(), { kind: 'password-reset', message: { to: `b${i}@example.in`, subject, text: 'x' } }));
    }
    const ids = (await t.app.deps.db.selectFrom('mail_jobs').select('id').where('subject', '=', subject).orderBy('id').execute()).map((j) => j.id);
    // One job's stored message cannot be read: the pass stops there.
    await t.app.deps.db.updateTable('mail_jobs').set({ message_json: '{' }).where('id', '=', ids[2]!).execute();
    const sent: string[] = [];
    const mailer = { send: async (m: { to: string }) => void sent.push(m.to) };
    // Nothing is written before the pass ends (settleWithinMs far off): only the end of the pass writes the outcomes.
    const runner = new MailRunner({ ...t.app.deps, mailer, log: t.app.log }, { concurrency: 2, settleWithinMs: 3_600_000 });
    await expect(runner.runDue()).rejects.toThrow();
    expect(sent.toSorted()).toEqual(['b0@example.in', 'b1@example.in', 'b3@example.in', 'b4@example.in']);
    const states = await t.app.deps.db.selectFrom('mail_jobs').select(['id', 'state']).where('id', 'in', ids).orderBy('id').execute();
    expect(states.map((j) => j.state)).toEqual(['sent', 'sent', 'sending', 'sent', 'sent']);
  });
});
