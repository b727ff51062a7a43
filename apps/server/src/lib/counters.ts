// Where this process counts (rate limits, lockouts): in Redis when REDIS_URL is set (shared by every
// process, falling back to this process while Redis does not answer), in the primary process for the
// workers of one machine (cluster-counters.ts), else in this process. Also the namespace of this
// deployment's keys in Redis.
import cluster from 'node:cluster';
import { createHash, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from '../config.ts';
import { ClusterCounterStore } from './cluster-counters.ts';
import { type Clock, type CounterStore, FallbackStore, MemoryStore, RedisStore, type StoreState } from './rate-limit.ts';

export interface Counting {
  counters: CounterStore;
  /** the Redis of REDIS_URL, connected (or given up on for now), when set */
  redis: Redis | undefined;
  /** where counting happens now, for /api/health */
  state: () => StoreState;
}

/**
 * Keys in Redis start with a name of the database, so one Redis can serve several deployments (or
 * test runs) without their counters and token versions mixing; the processes of one deployment
 * share a database, hence the name.
 */
export function redisNamespace(config: Config, pgSchema: string | undefined): string {
  const where = config.databaseUrl === ':memory:' ? randomUUID() : `${config.databaseUrl}#${pgSchema ?? ''}`;
  return `lab:${createHash('sha256').update(where).digest('hex').slice(0, 12)}:`;
}

export async function openCounters(config: Config, clock: Clock, namespace: string, log: FastifyBaseLogger): Promise<Counting> {
  const memory = new MemoryStore(clock);
  if (config.redisUrl) {
    // No offline queue: while Redis is unreachable a command fails at once (and counting falls back to
    // this process) instead of waiting in a queue while the request hangs.
    const redis = new Redis(config.redisUrl, { connectTimeout: 2000, commandTimeout: 1000, maxRetriesPerRequest: 1, enableOfflineQueue: false });
    // ioredis reconnects by itself; each failed try is an 'error' event, reported once by the store.
    redis.on('error', () => {});
    // Start counting in Redis from the first request when it answers; without it, start anyway.
    await new Promise<void>((resolve) => {
      const done = () => resolve();
      redis.once('ready', done).once('error', done);
      setTimeout(done, 2000).unref();
    });
    const fallback = new FallbackStore(new RedisStore(redis, `${namespace}rl:`), memory, log);
    return { counters: fallback, redis, state: () => (!config.rateLimits ? 'off' : redis.status === 'ready' ? fallback.state : 'memory-fallback') };
  }
  if (cluster.isWorker && config.workers > 1) {
    return { counters: new ClusterCounterStore(), redis: undefined, state: () => (config.rateLimits ? 'cluster' : 'off') };
  }
  return { counters: memory, redis: undefined, state: () => (config.rateLimits ? 'memory' : 'off') };
}
