// Two real server processes on one PostgreSQL (decision 021): 50 people, sent to either process
// at once, race for the last 3 seats of a slot. Exactly 3 are booked and 47 told the slot is full; the
// slot is not overbooked; each booking holds exactly one confirmation and one reminder job (that the
// two processes then send each reminder once is mail-jobs-processes.test.ts). PostgreSQL only: SQLite
// serves one process (slots.test.ts races 50 for 3 there).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { LAB_CLOSED, SLOT_FULL } from '@lab/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { isPostgres, makeApp, type TestApp } from './helpers.ts';

// Monday 17 June 2030, 10:10 in India; the race is for Thursday's 11:00 slot, set to 5 seats.
const NOW = new Date('2030-06-17T04:40:00Z');
const DATE = '2030-06-20';
const SEATS = 5;

describe.skipIf(!isPostgres)('seats with two server processes on one PostgreSQL', () => {
  let t: TestApp | undefined;
  const children: ChildProcess[] = [];
  afterAll(async () => {
    await Promise.all(children.map((c) => new Promise<void>((resolve) => (c.exitCode !== null ? resolve() : (c.once('exit', () => resolve()), c.kill('SIGTERM'))))));
    await t?.close();
  });

  /** a real server process (mail-process.ts) on the test's schema, its clock at NOW; answers its base URL */
  function startProcess(schema: string): Promise<string> {
    const child = spawn(process.execPath, ['--import', 'tsx', path.resolve(import.meta.dirname, 'mail-process.ts')], {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: {
        ...process.env,
        PG_SCHEMA: schema,
        NOW_MS: String(NOW.getTime()),
        MAIL_OUTBOX_DIR: mkdtempSync(path.join(tmpdir(), 'lab-race-')),
        JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
        SEED: 'off',
        RATE_LIMITS: 'off',
        PUBLIC_URL: 'http://lab.test',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(child);
    return new Promise((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`server process exited with ${code}`)));
      createInterface({ input: child.stdout! }).on('line', (line) => {
        const found = /^listening (http:\/\/\S+)$/.exec(line);
        if (found) resolve(found[1]!);
      });
    });
  }

  it('50 people at two processes racing for the last 3 seats: exactly 3 booked, 47 told the slot is full', { timeout: 120_000 }, async () => {
    t = await makeApp({ RATE_LIMITS: 'off' }, { now: () => NOW, mailJobs: 'manual' });
    const { db } = t.app.deps;
    await db.insertInto('slot_overrides').values({ date: DATE, closed: 0, opens: null, closes: null, centre_seats: SEATS, home_seats: null, note: 'race' }).execute();
    const testId = (await t.app.inject({ method: 'GET', url: '/api/tests/' })).json()[0].id as number;
    const visit = (i: number, time: string) => ({ date: DATE, time, user_name: 'Ravi Kumar', user_email: `race${i}@example.in`, user_phone: '9876543210', tests: [testId] });
    for (let i = 0; i < SEATS - 3; i++) expect((await t.app.inject({ method: 'POST', url: '/api/appointments/', payload: visit(100 + i, '11:00') })).statusCode).toBe(201);

    const servers = await Promise.all([startProcess(t.database.schema!), startProcess(t.database.schema!)]);
    const answers = await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        const res = await fetch(`${servers[i % 2]}/api/appointments/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(visit(i, '11:15')) });
        return { status: res.status, body: (await res.json()) as { id?: string; error?: string } };
      }),
    );
    const booked = answers.filter((a) => a.status === 201);
    const full = answers.filter((a) => a.status === 409);
    expect(booked).toHaveLength(3);
    expect(full).toHaveLength(47);
    for (const a of full) expect(a.body).toEqual({ error: SLOT_FULL });

    const held = await db.selectFrom('appointments').select(['id']).where('date', '=', DATE).where('status', '<>', 'cancelled').execute();
    expect(held).toHaveLength(SEATS);
    const seats = await db.selectFrom('slot_seats').select(['taken']).where('date', '=', DATE).where('slot', '=', '11:00').where('kind', '=', 'centre').executeTakeFirstOrThrow();
    expect(Number(seats.taken)).toBe(SEATS);
    expect(held.map((h) => h.id)).toEqual(expect.arrayContaining(booked.map((b) => b.body.id)));

    // Exactly one confirmation and one reminder per booking, none for those told "full".
    const jobs = await db.selectFrom('mail_jobs').select(['kind', 'appointment_id']).execute();
    for (const { id } of held) {
      expect(jobs.filter((j) => j.appointment_id === id).map((j) => j.kind).sort()).toEqual(['booking-confirmation', 'reminder']);
    }
    expect(jobs).toHaveLength(2 * SEATS);

    // Each process keeps the day's plan it booked from (migration 033): staff closing the date, here in
    // a third process, reaches both within a second (NOTIFY).
    await db.updateTable('slot_overrides').set({ closed: 1, note: 'closed after the race' }).where('date', '=', DATE).execute();
    for (const [i, server] of servers.entries()) {
      await expect
        .poll(async () => (await fetch(`${server}/api/appointments/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(visit(200 + i, '12:00')) })).json(), { timeout: 1_000 })
        .toEqual({ date: [LAB_CLOSED] });
    }
  });
});
