// Starts the real built server for a benchmark on a fresh database, on a free loopback port.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface RunningServer {
  url: string;
  dataDir: string;
  pid: number;
  /** CPU seconds (user + system) the server process has used so far (Linux /proc) */
  cpuSeconds(): number;
  stop(): Promise<void>;
}

const root = path.resolve(import.meta.dirname, '../..');

/** how the server runs: the production build (dist/main.js, as `npm start`), or the TypeScript source through tsx */
export type ServerEntry = 'built' | 'source';

export const serverCommand = (entry: ServerEntry): string[] =>
  entry === 'built' ? [path.join(root, 'apps/server/dist/main.js')] : ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')];

/** BENCH_SERVER_ENTRY=source: benchmarks run the server from its TypeScript (a shared machine's dist/ may be mid-rebuild by someone else) */
const defaultEntry = (): ServerEntry => (process.env.BENCH_SERVER_ENTRY === 'source' ? 'source' : 'built');

export async function startServer(env: Record<string, string> = {}, entry: ServerEntry = defaultEntry()): Promise<RunningServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lab-bench-'));
  // env.PORT: a port given by the caller (a machine shared by several people hands each a range)
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const child: ChildProcess = spawn(process.execPath, [...serverNodeArgs(), ...serverCommand(entry)], {
    cwd: path.join(root, 'apps/server'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `file:${path.join(dataDir, 'lab.db')}`,
      MAIL_OUTBOX_DIR: path.join(dataDir, 'outbox'),
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-00',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error('server did not start within 60 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  const pid = child.pid!;
  return {
    url,
    dataDir,
    pid,
    cpuSeconds: () => processCpuSeconds(pid),
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * BENCH_SERVER_NODE_ARGS: options for the server's node, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to
 * profile the server under a benchmark (node refuses --cpu-prof in NODE_OPTIONS)
 */
const serverNodeArgs = (): string[] => process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];

const CLOCK_TICKS = 100;

/** utime, stime, cutime, cstime and the parent's pid of a process (fields 14 to 17 and 4 of /proc/<pid>/stat) */
function processStat(pid: number | string): { ticks: number; childTicks: number; ppid: number } | null {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null; // ended meanwhile
  }
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { ticks: Number(fields[11]) + Number(fields[12]), childTicks: Number(fields[13]) + Number(fields[14]), ppid: Number(fields[1]) };
}

/**
 * CPU seconds of the server: its own, and, when it runs a cluster (WORKERS, PostgreSQL's default), its
 * workers' (those running, and those ended and reaped)
 */
/** CPU seconds of a process's main thread alone (its event loop: the requests; not its worker threads or thread pool) */
export function mainThreadCpuSeconds(pid: number): number {
  return (processStat(`${pid}/task/${pid}`)?.ticks ?? 0) / CLOCK_TICKS;
}

export function processCpuSeconds(pid: number): number {
  const own = processStat(pid);
  if (!own) return 0;
  let ticks = own.ticks + own.childTicks;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const child = processStat(entry);
    if (child?.ppid === pid) ticks += child.ticks;
  }
  return ticks / CLOCK_TICKS;
}

/**
 * A stand-in web build holding only the SPA shell, for the API benchmarks: they must not depend on
 * (or break during) a rebuild of the real web app.
 */
export function apiOnlyWebDist(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'lab-bench-web-'));
  writeFileSync(path.join(dir, '__spa-fallback.html'), '<!doctype html><title>API benchmark</title>');
  return dir;
}

/** a port nobody listens on now: a fixed range could meet another server and benchmark that one */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export { chromiumFlags, chromiumPath } from '../../e2e/support/chromium.ts';
