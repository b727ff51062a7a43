// The machine's ceiling for serving bytes over HTTP: nginx (Debian's, `apt-get install -y nginx`)
// serving a given body from a file with both cores, keep-alive, no logging. Benchmarks compare our
// server with it at the same concurrency. Absent nginx, the ceiling is reported as not measured.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, processCpuSeconds } from './server.ts';

const NGINX = '/usr/sbin/nginx';

export interface Ceiling {
  url: string;
  /** CPU seconds nginx (its master and workers) has used so far */
  cpuSeconds(): number;
  stop(): Promise<void>;
}

export const nginxInstalled = (): boolean => existsSync(NGINX);

/** nginx answering GET `urlPath` with `body` and these headers (e.g. the same Content-Encoding and ETag) */
export async function nginxServing(urlPath: string, body: Buffer, headers: Record<string, string>): Promise<Ceiling> {
  const dir = mkdtempSync(path.join(tmpdir(), 'lab-bench-nginx-'));
  const file = path.join(dir, 'body');
  writeFileSync(file, body);
  const port = await freePort();
  const addHeaders = Object.entries(headers)
    .map(([k, v]) => `add_header ${k} '${v.replaceAll("'", '')}' always;`)
    .join(' ');
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    `user root; worker_processes auto; daemon off; pid ${dir}/nginx.pid; error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off; sendfile on; tcp_nopush on; keepalive_requests 1000000; etag off;
  client_body_temp_path ${dir}; proxy_temp_path ${dir}; fastcgi_temp_path ${dir}; uwsgi_temp_path ${dir}; scgi_temp_path ${dir};
  server {
    listen 127.0.0.1:${port};
    location = ${urlPath} { default_type application/json; ${addHeaders} root ${dir}; try_files /body =404; }
  }
}
`,
  );
  const child: ChildProcess = spawn(NGINX, ['-c', path.join(dir, 'nginx.conf'), '-p', dir], { stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${port}${urlPath}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}`);
    if (await fetch(url).then((r) => r.ok, () => false)) break;
    if (i > 200) throw new Error('nginx did not start');
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url,
    cpuSeconds: () => processCpuSeconds(child.pid!),
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGQUIT');
      }),
  };
}
