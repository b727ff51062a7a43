// Server start time and idle memory: the production build (`node dist/main.js`, what `npm start` runs)
// against the TypeScript source through tsx (how it ran before). Each is started RUNS times on the
// same, already migrated and seeded SQLite database; "start" is from spawn to the first 200 of
// /api/health, "idle memory" the resident set 3 s later.
// Run alone: npm run build && node --import tsx bench/server-start.ts
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isMain } from './lib/load.ts';
import { freePort, serverCommand, type ServerEntry } from './lib/server.ts';
import { markStart } from './lib/judge.ts';

const RUNS = 5;
const root = path.resolve(import.meta.dirname, '..');

interface StartFigures {
  medianStartMs: number;
  idleRssMb: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  return line ? Math.round(Number(line[1]) / 1024) : Number.NaN;
}

async function startOnce(entry: ServerEntry, dataDir: string): Promise<{ ms: number; rss: number }> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, serverCommand(entry), {
    cwd: path.join(root, 'apps/server'),
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: `file:${path.join(dataDir, 'lab.db')}`,
      MAIL_OUTBOX_DIR: path.join(dataDir, 'outbox'),
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-00',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      const up = await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok, () => false);
      if (up) break;
      await new Promise((r) => setTimeout(r, 5));
    }
    const ms = performance.now() - started;
    await new Promise((r) => setTimeout(r, 3000));
    return { ms, rss: rssMb(child.pid!) };
  } finally {
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  }
}

export async function run(): Promise<Record<ServerEntry, StartFigures>> {
  markStart('server start');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lab-bench-start-'));
  await startOnce('built', dataDir); // migrates and seeds the database once
  const figures = {} as Record<ServerEntry, StartFigures>;
  for (const entry of ['source', 'built'] as const) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await startOnce(entry, dataDir));
    figures[entry] = { medianStartMs: Math.round(median(runs.map((r) => r.ms))), idleRssMb: median(runs.map((r) => r.rss)) };
  }
  return figures;
}

export function print(f: Record<ServerEntry, StartFigures>): void {
  console.log('                                start (median)   idle memory (RSS)');
  console.log(`TypeScript through tsx (before) ${String(f.source.medianStartMs).padStart(8)} ms   ${String(f.source.idleRssMb).padStart(8)} MB`);
  console.log(`built, node dist/main.js        ${String(f.built.medianStartMs).padStart(8)} ms   ${String(f.built.idleRssMb).padStart(8)} MB`);
}

if (isMain(import.meta.url)) print(await run());
