// What runs on the multi-host test's machines (network.ts; decision 076): a private PostgreSQL started
// from a temp data folder with Debian's binaries, the built server (dist/main.js) as the production
// starts it, and nginx balancing to the app hosts. Each process runs inside its host's namespace
// (`ip netns exec`), so deleting the namespace kills it; logs go to files in the run's folder.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { appendFileSync, chownSync, existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Network } from './network.ts';

export const PG_BIN = '/usr/lib/postgresql/15/bin';
export const NGINX = '/usr/sbin/nginx';
export const MAIN_JS = path.resolve(import.meta.dirname, '../../dist/main.js');
export const APP_PORT = 3000;
export const LB_PORT = 8080;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** waits until `url` answers 200, failing early when `child` exits */
export async function untilHealthy(url: string, what: string, child?: ChildProcess, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode} before it answered`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await pause(200);
  }
  throw new Error(`${what} did not answer ${url} within ${timeoutMs / 1000} s`);
}

/** PostgreSQL 15 in the `db` host, listening on its address, trusting the run's /24; answers its URL */
export function startPostgres(net: Network): string {
  const { ns, address } = net.host('db');
  const data = path.join(net.dir, 'pg');
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  mkdirSync(data, { mode: 0o700 });
  chownSync(data, uid, gid);
  const asPostgres = (bin: string, args: string[], inNs: boolean) =>
    execFileSync(inNs ? 'ip' : 'runuser', [...(inNs ? ['netns', 'exec', ns, 'runuser'] : []), '-u', 'postgres', '--', path.join(PG_BIN, bin), ...args], {
      stdio: ['ignore', 'ignore', 'pipe'],
      timeout: 60_000,
    });
  asPostgres('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync'], false);
  appendFileSync(path.join(data, 'pg_hba.conf'), `host all all ${net.subnet}.0/24 trust\n`);
  const options = `-c listen_addresses=${address} -c port=5432 -c unix_socket_directories=${data} -c max_connections=60`;
  asPostgres('pg_ctl', ['-D', data, '-l', path.join(data, 'server.log'), '-w', '-t', '60', '-o', options, 'start'], true);
  asPostgres('createdb', ['-h', data, '-p', '5432', 'lab'], true);
  return `postgres://postgres@${address}:5432/lab`;
}

export interface AppHost {
  role: string;
  url: string;
  outbox: string;
  child: ChildProcess;
}

/** the built server on `role`'s host, as production runs it behind a balancer; resolves once healthy */
export async function startServer(net: Network, role: string, databaseUrl: string, run: number): Promise<AppHost> {
  const { ns, address } = net.host(role);
  const outbox = path.join(net.dir, `outbox-${role}`);
  const log = openSync(path.join(net.dir, `server-${role}-${run}.log`), 'a');
  const child = spawn('ip', ['netns', 'exec', ns, process.execPath, MAIN_JS], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: {
      ...process.env,
      PORT: String(APP_PORT),
      HOST: '0.0.0.0',
      DATABASE_URL: databaseUrl,
      WORKERS: '1',
      JWT_SECRET: 'multi-host-secret-multi-host-secret-0123',
      TRUST_PROXY: '1',
      // one client (the test) behind one balancer: per-address limits would refuse the load
      RATE_LIMITS: 'off',
      REDIS_URL: '',
      MAIL_OUTBOX_DIR: outbox,
      CHANNEL_OUTBOX_DIR: path.join(net.dir, `channel-outbox-${role}`),
      IMAGES_DIR: path.join(net.dir, 'images'),
      PUBLIC_URL: 'http://lab.test',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', log, log],
  });
  const url = `http://${address}:${APP_PORT}`;
  await untilHealthy(`${url}/api/health`, `server on ${role}`, child);
  return { role, url, outbox, child };
}

/** kills a server at once (no graceful close): the machine losing its process mid-load */
export function killHard(host: AppHost): Promise<void> {
  return new Promise((resolve) => {
    if (host.child.exitCode !== null || host.child.signalCode !== null) return resolve();
    host.child.once('exit', () => resolve());
    host.child.kill('SIGKILL');
  });
}

/** nginx in the `lb` host balancing to the app hosts; answers its URL once it serves /api/health */
export async function startBalancer(net: Network, appRoles: string[]): Promise<string> {
  const { ns, address } = net.host('lb');
  const dir = path.join(net.dir, 'nginx');
  mkdirSync(path.join(dir, 'temp'), { recursive: true });
  const upstreams = appRoles.map((r) => `    server ${net.host(r).address}:${APP_PORT} max_fails=1 fail_timeout=10s;`).join('\n');
  // master_process off: one process as root, so the temp paths need no other user's access
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    `daemon off;
master_process off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 512; }
http {
  access_log off;
  client_body_temp_path ${dir}/temp/body;
  proxy_temp_path ${dir}/temp/proxy;
  fastcgi_temp_path ${dir}/temp/fastcgi;
  uwsgi_temp_path ${dir}/temp/uwsgi;
  scgi_temp_path ${dir}/temp/scgi;
  upstream app {
${upstreams}
    keepalive 16;
  }
  server {
    listen ${address}:${LB_PORT};
    location / {
      proxy_pass http://app;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_connect_timeout 2s;
      proxy_next_upstream error timeout;
    }
  }
}
`,
  );
  const child = spawn('ip', ['netns', 'exec', ns, NGINX, '-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')], { stdio: 'ignore' });
  const url = `http://${address}:${LB_PORT}`;
  try {
    await untilHealthy(`${url}/api/health`, 'nginx', child, 30_000);
  } catch (err) {
    const log = path.join(dir, 'error.log');
    throw new Error(`${(err as Error).message}\n${existsSync(log) ? readFileSync(log, 'utf8') : ''}`, { cause: err });
  }
  return url;
}
