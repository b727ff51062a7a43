// WORKERS > 1: the primary process prepares the database once (migrations, demo content), then runs
// that many server processes with the cluster module; they share the port, and the primary keeps the
// rate-limit counters for all of them (lib/cluster-counters.ts) unless Redis does. A worker that dies
// is replaced; on SIGTERM or SIGINT each worker finishes its requests in flight (as a single process
// does) before the primary exits.
import cluster, { type Worker } from 'node:cluster';
import closeWithGrace from 'close-with-grace';
import pino from 'pino';
import { prepareDatabase } from './app.ts';
import type { Config } from './config.ts';
import { createDb } from './db/index.ts';
import { serveCounters } from './lib/cluster-counters.ts';
import { MemoryStore } from './lib/rate-limit.ts';

/** a worker tells the primary it has begun shutting down (it may have had the signal itself) */
export const CLOSING = { type: 'lab:closing' } as const;

export async function runPrimary(config: Config): Promise<void> {
  const log = pino({ level: config.logLevel });
  const database = await createDb(config.databaseUrl);
  try {
    await prepareDatabase(database, config);
  } finally {
    await database.close();
  }

  const counters = new MemoryStore();
  const closing = new Set<Worker>();
  let stopping = false;
  const fork = () => {
    const worker = cluster.fork();
    serveCounters(worker, counters);
    worker.on('message', (m: unknown) => {
      if ((m as { type?: string })?.type === CLOSING.type) closing.add(worker);
    });
  };
  cluster.on('exit', (worker, code, signal) => {
    closing.delete(worker);
    if (stopping) return;
    log.error({ pid: worker.process.pid, code, signal }, 'a server process stopped; starting another');
    setTimeout(fork, 1000).unref();
  });
  for (let i = 0; i < config.workers; i++) fork();
  log.info({ workers: config.workers, port: config.port }, 'server processes started');

  closeWithGrace({ delay: 15_000, logger: { error: (message: string) => log.error(message) } }, async ({ signal }) => {
    stopping = true;
    // A terminal's Ctrl-C reaches every process at once; a second signal would cut a worker short, so
    // only those that have not begun closing are told.
    await new Promise((r) => setTimeout(r, 200));
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);
    await Promise.all(
      workers.map(
        (w) =>
          new Promise<void>((resolve) => {
            if (w.isDead()) return resolve();
            w.once('exit', () => resolve());
            if (!closing.has(w)) w.process.kill(signal ?? 'SIGTERM');
          }),
      ),
    );
  });
}
