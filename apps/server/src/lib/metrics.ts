// What operators watch: GET /metrics in Prometheus' text format (prom-client), served only to a
// scraper holding METRICS_TOKEN. Request counts and latency by route, the event loop's delay and the
// process (prom-client's default metrics), database query time and pool use, e-mails sent and failed,
// and the depth of the job queue. Counting is cheap and always on; the endpoint exists only when a
// token is configured.
import { createHash, timingSafeEqual } from 'node:crypto';
import client from 'prom-client';
import type { FastifyInstance } from 'fastify';

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

export interface Metrics {
  readonly registry: client.Registry;
  /** one request answered */
  request(method: string, route: string, status: number, seconds: number): void;
  /** one database query finished after `ms` */
  query(ms: number, failed: boolean): void;
  /** one e-mail handed to the mail server, or given up on */
  mail(outcome: 'sent' | 'failed'): void;
  /** how the job queue's depth is read at each scrape (set by the job runner) */
  readJobDepth(read: () => Promise<number>): void;
  /** how the database pool is read at each scrape (PostgreSQL) */
  readPool(read: () => PoolStats): void;
}

export function createMetrics(): Metrics {
  const registry = new client.Registry();
  const requests = new client.Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request to the answer, by route pattern, method and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const queries = new client.Histogram({
    name: 'db_query_duration_seconds',
    help: 'Time of each database query',
    labelNames: ['outcome'] as const,
    buckets: [0.0001, 0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.5],
    registers: [registry],
  });
  const mails = new client.Counter({ name: 'emails_total', help: 'E-mails sent and given up on', labelNames: ['outcome'] as const, registers: [registry] });
  let jobDepth: (() => Promise<number>) | undefined;
  new client.Gauge({
    name: 'jobs_waiting',
    help: 'Jobs due or scheduled and not yet done',
    registers: [registry],
    async collect() {
      if (jobDepth) this.set(await jobDepth());
    },
  });
  let pool: (() => PoolStats) | undefined;
  new client.Gauge({
    name: 'db_pool_connections',
    help: 'Database pool connections by state (PostgreSQL)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      if (!pool) return;
      const p = pool();
      this.set({ state: 'total' }, p.total);
      this.set({ state: 'idle' }, p.idle);
      this.set({ state: 'waiting' }, p.waiting);
    },
  });
  // Memory, CPU, handles, GC and the event loop's delay (nodejs_eventloop_lag_p99_seconds, …).
  client.collectDefaultMetrics({ register: registry });

  return {
    registry,
    request: (method, route, status, seconds) => requests.observe({ method, route, status: String(status) }, seconds),
    query: (ms, failed) => queries.observe({ outcome: failed ? 'error' : 'ok' }, ms / 1000),
    mail: (outcome) => mails.inc({ outcome }),
    readJobDepth: (read) => void (jobDepth = read),
    readPool: (read) => void (pool = read),
  };
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * Times every request by its route pattern (bounded labels: never the raw URL), and serves GET /metrics
 * to the bearer of `token`. Without a token the path is an unknown one, like any other.
 */
export function registerMetrics(app: FastifyInstance, metrics: Metrics, token: string | undefined): void {
  app.addHook('onResponse', async (request, reply) => {
    metrics.request(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
  });
  if (!token) return;
  const expected = digest(`Bearer ${token}`);
  app.get('/metrics', async (request, reply) => {
    const given = digest(request.headers.authorization ?? '');
    if (!timingSafeEqual(given, expected)) return reply.code(401).header('www-authenticate', 'Bearer').send({ error: 'A valid metrics token is required.' });
    return reply.header('cache-control', 'no-store').type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}
