// Real server processes (main.ts) for the tests of several processes on one PostgreSQL
// (test/*-processes.test.ts): each started on a free port of loopback with its own e-mail outbox, its
// base URL answered once it listens; stopped, and the tests' other cleanups (the database of
// fresh-database.ts, fakes) run, in reverse order, after the file's tests.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll } from 'vitest';

export function serverProcesses() {
  const children: ChildProcess[] = [];
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const child of children) child.kill('SIGTERM');
    for (const clean of cleanups.reverse()) await clean();
  }, 60_000);

  /** starts main.ts on `databaseUrl` (with `env` besides the tests' settings) and answers its base URL once it listens */
  function startServer(databaseUrl: string, env: Record<string, string> = {}): Promise<string> {
    const child = spawn(process.execPath, ['--import', 'tsx', path.resolve(import.meta.dirname, '../src/main.ts')], {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl,
        RATE_LIMITS: 'off',
        MAIL_OUTBOX_DIR: mkdtempSync(path.join(tmpdir(), 'lab-outbox-')),
        JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
        LOG_LEVEL: 'info',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(child);
    return new Promise((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
      createInterface({ input: child.stdout! }).on('line', (text) => {
        const found = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(text);
        if (found) resolve(found[1]!);
      });
    });
  }

  return { startServer, cleanups };
}
