// npm run backup / npm run restore: an encrypted copy taken while bookings keep arriving, restored into a
// fresh folder with every booking acknowledged before the copy began; a wrong key or a changed byte is
// refused. SQLite only (PostgreSQL is backed up with pg_dump, docs/operations.md, "Backups").
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPostgres, makeApp, spreadVisit, type TestApp } from './helpers.ts';

const KEY = 'a1'.repeat(32);
const serverDir = path.resolve(import.meta.dirname, '..');

function cli(script: 'backup' | 'restore', args: string[], env: Record<string, string>): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `src/cli/${script}.ts`, ...args], { cwd: serverDir, env: { ...process.env, ...env } });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (code) => resolve({ code: code ?? -1, out }));
  });
}

describe.skipIf(isPostgres)('encrypted backups', () => {
  let t: TestApp;
  let dir: string;
  let backupFile: string;
  const acknowledged: { id: string; beforeBackup: boolean }[] = [];
  const env = () => ({ DATABASE_URL: t.database.url, BACKUP_KEY: KEY, LOG_LEVEL: 'silent' });

  beforeAll(async () => {
    t = await makeApp({ RATE_LIMITS: 'off' }, { sqliteFile: true });
    dir = mkdtempSync(path.join(tmpdir(), 'lab-backup-'));
    backupFile = path.join(dir, 'lab.db.enc');
  });
  afterAll(() => t.close());

  it('copies the database while bookings keep arriving, and restores every booking acknowledged before', async () => {
    const tests = (await t.app.inject({ method: 'GET', url: '/api/tests/' })).json() as { id: number }[];
    const seeded = new Set((await t.app.deps.db.selectFrom('appointments').select('id').execute()).map((r) => r.id));
    let backupStarted = false;
    let backupDone = false;
    let booked = 0;
    const book = async () => {
      const i = booked++;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/appointments/',
        payload: { ...spreadVisit(i, 1, { morningOnly: true }), user_name: 'Backup Patient', user_email: 'b@example.com', user_phone: '9876543210', tests: [tests[i % tests.length]!.id] },
      });
      expect(res.statusCode).toBe(201);
      // Acknowledged before the backup process was even started: it must be in the copy.
      acknowledged.push({ id: res.json().id, beforeBackup: !backupStarted });
    };
    for (let i = 0; i < 100; i++) await book();
    // Bookings keep arriving, five at a time, for as long as the backup runs.
    const load = (async () => {
      for (let i = 0; !backupDone || i < 20; i += 5) await Promise.all([0, 1, 2, 3, 4].map(() => book()));
    })();
    backupStarted = true;
    const backup = await cli('backup', ['--out', backupFile], env());
    backupDone = true;
    await load;
    expect(backup.out).toContain('Backup written');
    expect(backup.code).toBe(0);

    // Encrypted: none of the patients' data is readable in the file.
    expect(readFileSync(backupFile).includes('Backup Patient')).toBe(false);

    const restored = path.join(dir, 'fresh', 'lab.db');
    const restore = await cli('restore', ['--from', backupFile, '--to', restored], env());
    expect(restore.out).toContain('integrity checked');
    expect(restore.code).toBe(0);
    const db = new SQLite(restored, { readonly: true });
    const ids = new Set((db.prepare('SELECT id FROM appointments').all() as { id: string }[]).map((r) => r.id));
    db.close();
    for (const a of acknowledged.filter((a) => a.beforeBackup)) expect(ids.has(a.id)).toBe(true);
    // and nothing that was never acknowledged
    const known = new Set(acknowledged.map((a) => a.id));
    expect([...ids].filter((id) => !known.has(id) && !seeded.has(id))).toEqual([]);
    expect(acknowledged.filter((a) => !a.beforeBackup).length).toBeGreaterThan(0);
  });

  it('refuses a wrong key, a changed byte, an existing target and a missing key, with a message', async () => {
    const wrong = await cli('restore', ['--from', backupFile, '--to', path.join(dir, 'w', 'lab.db')], { ...env(), BACKUP_KEY: 'b2'.repeat(32) });
    expect(wrong.code).toBe(2);
    expect(wrong.out).toContain('could not be decrypted');

    const bytes = readFileSync(backupFile);
    bytes[Math.floor(bytes.length / 2)]! ^= 0xff;
    const tampered = path.join(dir, 'tampered.db.enc');
    writeFileSync(tampered, bytes);
    const changed = await cli('restore', ['--from', tampered, '--to', path.join(dir, 't', 'lab.db')], env());
    expect(changed.code).toBe(2);
    expect(changed.out).toContain('could not be decrypted');

    const over = await cli('restore', ['--from', backupFile, '--to', t.database.url.replace(/^file:/, '')], env());
    expect(over.code).toBe(2);
    expect(over.out).toContain('exists already');

    const noKey = await cli('backup', ['--out', path.join(dir, 'x.enc')], { ...env(), BACKUP_KEY: '' });
    expect(noKey.code).toBe(2);
    expect(noKey.out).toContain('BACKUP_KEY is not set');
  });
});
