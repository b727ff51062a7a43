// Slow clients are cut off (decision 048): a request whose headers or body trickle in is answered 408
// and its connection closed once the configured time has passed. A real socket against a listening
// server, with the timeouts made short for the test; the test waits for the server to act, never for
// a time of its own.
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, SERVER_TIMEOUTS } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { App } from '../src/lib/context.ts';

let app: App;
let port: number;

beforeAll(async () => {
  const config = loadConfig({ DATABASE_URL: ':memory:', JWT_SECRET: 'x'.repeat(40), RATE_LIMITS: 'off' });
  app = await buildApp(config, { logger: false, mailJobs: 'manual', retentionJobs: 'manual', timeouts: { headersMs: 200, requestMs: 400, idleMs: 5_000, keepAliveMs: 1_000 } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
});
afterAll(() => app.close());

/**
 * Opens a connection, sends `head`, then one byte of `trickle` each time the server has been quiet a
 * moment, until the server closes the connection; answers what the server sent and how many bytes of
 * the trickle it took.
 */
function slowClient(head: string, trickle: string): Promise<{ answer: string; sent: number }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    let sent = 0;
    let timer: NodeJS.Timeout | undefined;
    const next = () => {
      timer = setTimeout(() => {
        if (socket.destroyed || sent >= trickle.length) return;
        socket.write(trickle[sent++]!);
        next();
      }, 50);
    };
    socket.on('connect', () => {
      socket.write(head);
      next();
    });
    socket.on('data', (d) => (answer += String(d)));
    socket.on('error', reject);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ answer, sent });
    });
  });
}

describe('server timeouts', () => {
  it('sets a timeout for headers, the whole request, idle sockets and keep-alive by default', () => {
    const server = { ...SERVER_TIMEOUTS };
    expect(server.headersMs).toBeGreaterThan(0);
    expect(server.requestMs).toBeGreaterThanOrEqual(server.headersMs);
    expect(server.idleMs).toBeGreaterThan(0);
    expect(server.keepAliveMs).toBeGreaterThan(60_000);
  });

  it('cuts a body sent a byte at a time with 408 and closes the connection', async () => {
    const body = JSON.stringify({ name: 'Slow Sender', email: 'slow@example.in', message: 'x'.repeat(400) });
    const head = `POST /api/contact/ HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    const { answer, sent } = await slowClient(head, body);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(sent).toBeLessThan(body.length);
  });

  it('cuts headers sent a byte at a time', async () => {
    const headers = `Host: localhost\r\n${'X-Slow: y\r\n'.repeat(100)}\r\n`;
    const { answer, sent } = await slowClient('GET /api/health HTTP/1.1\r\n', headers);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(sent).toBeLessThan(headers.length);
  });

  it('still answers a request that arrives in time', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(res.status).toBe(200);
  });
});
