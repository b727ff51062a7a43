// The server process (main.ts) on SIGTERM: the request in flight is answered, the process exits with
// 0, and SQLite's log is checkpointed into the database file, so what was acknowledged is on disk.
// Runs the real process on an SQLite file of its own, whatever DATABASE_URL says.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import SQLite from 'better-sqlite3';
import { expect, it } from 'vitest';
import { openDate } from './helpers.ts';

it('finishes the request in flight on SIGTERM, then exits with 0 and its data on disk', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'lab-shutdown-'));
  const file = path.join(dir, 'lab.db');
  const child = spawn(process.execPath, ['--import', 'tsx', path.resolve(import.meta.dirname, '../src/main.ts')], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: `file:${file}`,
      MAIL_OUTBOX_DIR: path.join(dir, 'outbox'),
      JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  // pino writes one JSON line per event: wait for the ones we act on instead of for time to pass.
  const waiting: Array<{ test: (line: any) => boolean; resolve: (line: any) => void }> = [];
  const seen: any[] = [];
  createInterface({ input: child.stdout! }).on('line', (text) => {
    let line: any;
    try {
      line = JSON.parse(text);
    } catch {
      return;
    }
    seen.push(line);
    for (const w of waiting.filter((x) => x.test(line))) {
      waiting.splice(waiting.indexOf(w), 1);
      w.resolve(line);
    }
  });
  const logged = (test: (line: any) => boolean) => new Promise<any>((resolve) => waiting.push({ test, resolve }));

  const listening = await logged((l) => /Server listening at http:\/\/127\.0\.0\.1:\d+/.test(l.msg ?? ''));
  const base = /http:\/\/127\.0\.0\.1:\d+/.exec(listening.msg)![0];
  const tests = (await (await fetch(`${base}/api/tests/`)).json()) as { id: number }[];

  const booking = logged((l) => l.msg === 'incoming request' && l.req?.url === '/api/appointments/');
  const answer = fetch(`${base}/api/appointments/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ date: openDate(3), time: '11:00', user_name: 'Late Arrival', user_email: 'late@example.com', user_phone: '9876543210', tests: [tests[0]!.id] }),
  });
  await booking;
  child.kill('SIGTERM');

  const res = await answer;
  expect(res.status).toBe(201);
  const { id } = (await res.json()) as { id: string };
  expect(await exited).toBe(0);
  expect(seen.some((l) => l.msg === 'shutting down: finishing requests in flight' && l.signal === 'SIGTERM')).toBe(true);

  // The final checkpoint emptied the write-ahead log into the database file.
  expect(!existsSync(`${file}-wal`) || statSync(`${file}-wal`).size === 0).toBe(true);
  const db = new SQLite(file, { readonly: true });
  try {
    expect(db.prepare('select user_name from appointments where id = ?').get(id)).toEqual({ user_name: 'Late Arrival' });
  } finally {
    db.close();
  }
});
