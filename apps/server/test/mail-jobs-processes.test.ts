// Two server processes on one PostgreSQL database, both running their e-mail jobs: every booking gets
// exactly one reminder (FOR UPDATE SKIP LOCKED and the lease keep a job to one process). PostgreSQL
// only: SQLite serves one process.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { isPostgres, makeApp, spreadVisit, TestClock, type TestApp, weekdayIst } from './helpers.ts';

const BOOKINGS = 40;

const dayBefore = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

describe.skipIf(!isPostgres)('reminders with two server processes on one PostgreSQL', () => {
  let t: TestApp | undefined;
  const children: ChildProcess[] = [];
  afterAll(async () => {
    await Promise.all(children.map((c) => new Promise<void>((resolve) => (c.exitCode !== null ? resolve() : (c.once('exit', () => resolve()), c.kill('SIGTERM'))))));
    await t?.close();
  });

  function startProcess(schema: string, nowMs: number, outboxDir: string): Promise<void> {
    const child = spawn(process.execPath, ['--import', 'tsx', path.resolve(import.meta.dirname, 'mail-process.ts')], {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: { ...process.env, PG_SCHEMA: schema, NOW_MS: String(nowMs), MAIL_OUTBOX_DIR: outboxDir, JWT_SECRET: 'test-secret-test-secret-test-secret-0123', SEED: 'off', PUBLIC_URL: 'http://lab.test' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(child);
    return new Promise((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`server process exited with ${code}`)));
      createInterface({ input: child.stdout! }).on('line', (line) => line === 'ready' && resolve());
    });
  }

  it('sends exactly one reminder per booking', { timeout: 120_000 }, async () => {
    const day = weekdayIst(5);
    const clock = new TestClock(Date.parse(`${dayBefore(dayBefore(day))}T12:00:00+05:30`));
    t = await makeApp({ RATE_LIMITS: 'off' }, { clock, mailJobs: 'manual' });
    const app = t.app;
    const testId = (await app.inject({ method: 'GET', url: '/api/tests/' })).json()[0].id as number;
    const references: string[] = [];
    for (let i = 0; i < BOOKINGS; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/appointments/',
        // one slot each (slots have seats): spreadVisit's time, on this test's day
        payload: { date: day, time: spreadVisit(i).time, user_name: 'Ravi Kumar', user_email: `ravi${i}@example.in`, user_phone: '9876543210', tests: [testId], home_sample: false },
      });
      expect(res.statusCode).toBe(201);
      references.push(res.json().reference);
    }
    // The confirmations go out here; the reminders wait for the evening before.
    await app.mailJobs.runDue();

    const dir = mkdtempSync(path.join(tmpdir(), 'lab-two-'));
    const outboxes = [path.join(dir, 'a'), path.join(dir, 'b')];
    const evening = Date.parse(`${dayBefore(day)}T18:00:00+05:30`);
    await Promise.all(outboxes.map((o) => startProcess(t!.database.schema!, evening, o)));

    const reminders = () => app.deps.db.selectFrom('mail_jobs').select('state').where('kind', '=', 'reminder').execute();
    await vi.waitFor(async () => expect((await reminders()).every((r) => r.state === 'sent')).toBe(true), { timeout: 60_000, interval: 100 });

    const sent = outboxes.flatMap((o) => {
      try {
        return readdirSync(o).map((f) => readFileSync(path.join(o, f), 'utf8'));
      } catch {
        return [];
      }
    });
    const subjects = sent.map((eml) => /^Subject: (.*)$/m.exec(eml)?.[1] ?? '');
    for (const ref of references) expect(subjects.filter((s) => s.includes(ref)), ref).toHaveLength(1);
    expect(subjects).toHaveLength(BOOKINGS);
    expect((await reminders()).length).toBe(BOOKINGS);
  });
});
