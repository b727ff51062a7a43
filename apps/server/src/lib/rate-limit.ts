// Counters for the limits on calls people could abuse (login, register, reset e-mails, contact,
// booking). Counted in Redis when REDIS_URL is set, so they hold across processes; else in this
// process. When Redis stops answering, counting falls back to this process (logged loudly, shown by
// /api/health) rather than failing the request: a limit that counts per process for a while is far
// better than a booking that answers 500. The clock is injected so tests can move time on.
import type { FastifyBaseLogger, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '../config.ts';
import { HttpError } from './errors.ts';
import { m, type Message, type Said } from '@lab/contract';

export interface Clock {
  /** milliseconds since the epoch */
  now(): number;
}
export const systemClock: Clock = { now: () => Date.now() };

export interface Count {
  /** the count after this change */
  count: number;
  /** milliseconds until the window ends and the count starts again from zero */
  resetMs: number;
}

/** fixed windows that start at a key's first count */
export interface CounterStore {
  /** adds `by` (0 to read, negative to give back) to the key's count */
  add(key: string, windowMs: number, by?: number): Promise<Count>;
}

export type StoreState = 'off' | 'memory' | 'cluster' | 'redis' | 'memory-fallback';

export class MemoryStore implements CounterStore {
  private readonly counts = new Map<string, { count: number; resetAt: number }>();
  private nextSweep = 0;
  constructor(private readonly clock: Clock = systemClock) {}

  async add(key: string, windowMs: number, by = 1): Promise<Count> {
    const now = this.clock.now();
    this.sweep(now);
    let entry = this.counts.get(key);
    // A read (by 0) of a key with no live window starts none: the window begins at the first count.
    if (by === 0 && (!entry || entry.resetAt <= now)) return { count: 0, resetMs: windowMs };
    if (!entry || entry.resetAt <= now) {
      entry = { count: 0, resetAt: now + windowMs };
      this.counts.set(key, entry);
    }
    entry.count = Math.max(0, entry.count + by);
    return { count: entry.count, resetMs: entry.resetAt - now };
  }

  /** drops ended windows now and then, so keys of one-off visitors do not pile up */
  private sweep(now: number): void {
    if (now < this.nextSweep) return;
    this.nextSweep = now + 60_000;
    for (const [key, entry] of this.counts) if (entry.resetAt <= now) this.counts.delete(key);
  }
}

// One round trip: add, start the window if the key is new, and read what is left of it. A read (0) of
// a missing key creates nothing.
const ADD_SCRIPT = `
if tonumber(ARGV[1]) == 0 and redis.call('EXISTS', KEYS[1]) == 0 then return {0, tonumber(ARGV[2])} end
local c = redis.call('INCRBY', KEYS[1], ARGV[1])
if c < 0 then redis.call('SET', KEYS[1], 0, 'KEEPTTL') c = 0 end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) ttl = tonumber(ARGV[2]) end
return {c, ttl}`;

export class RedisStore implements CounterStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async add(key: string, windowMs: number, by = 1): Promise<Count> {
    const [count, ttl] = (await this.redis.eval(ADD_SCRIPT, 1, this.prefix + key, by, windowMs)) as [number, number];
    return { count, resetMs: ttl };
  }
}

/** Redis while it answers; this process's own counts while it does not */
export class FallbackStore implements CounterStore {
  private degraded = false;
  constructor(
    private readonly primary: CounterStore,
    private readonly fallback: CounterStore,
    private readonly log: FastifyBaseLogger,
  ) {}

  get state(): StoreState {
    return this.degraded ? 'memory-fallback' : 'redis';
  }

  async add(key: string, windowMs: number, by = 1): Promise<Count> {
    try {
      const result = await this.primary.add(key, windowMs, by);
      if (this.degraded) {
        this.degraded = false;
        this.log.warn('rate limits: Redis answers again; counting in Redis');
      }
      return result;
    } catch (err) {
      if (!this.degraded) {
        this.degraded = true;
        this.log.error({ err }, 'RATE LIMITS DEGRADED: Redis is not answering; counting in this process only until it is back');
      }
      return this.fallback.add(key, windowMs, by);
    }
  }
}

export interface LimitRule {
  /** a short name, so two limits on one route keep separate counters */
  name: string;
  max: number;
  /** milliseconds */
  windowMs: number;
  /** what is counted; the client address when omitted */
  key?: (request: FastifyRequest) => string | undefined;
}

/** a wait in whole minutes, at least one */
export function minutesOf(ms: number): Message {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return minutes === 1 ? m('time.one_minute') : m('time.minutes', { count: minutes });
}

/** a 429 with Retry-After in whole seconds: "{what} Please try again in {wait}." */
export function tooMany(what: Said, resetMs: number): HttpError {
  const seconds = Math.max(1, Math.ceil(resetMs / 1000));
  return new HttpError(429, m('limits.try_again_in', { what, wait: minutesOf(seconds * 1000) }), undefined, {
    'retry-after': String(seconds),
  });
}

/** what the limits read of the app (its deps): structural, so this file needs no import of lib/context.ts */
interface Limited {
  deps: { config: Pick<Config, 'rateLimits'>; counters: CounterStore };
}

/** preHandler hooks enforcing the rules; none when RATE_LIMITS=off */
export function limits(app: Limited, ...rules: LimitRule[]): preHandlerAsyncHookHandler[] {
  if (!app.deps.config.rateLimits) return [];
  return rules.map((rule) => async (request: FastifyRequest) => {
    const { count, resetMs } = await app.deps.counters.add(`${rule.name}:${rule.key?.(request) ?? request.ip}`, rule.windowMs);
    if (count > rule.max) throw tooMany(m('limits.too_many_attempts'), resetMs);
  });
}

export interface MissLimit {
  /** refuses (429) an address that has used up its misses, whatever it asks for now */
  check(request: FastifyRequest): Promise<void>;
  /** counts one miss of the address */
  miss(request: FastifyRequest): Promise<void>;
}

/**
 * A limit on failed lookups only, for ids that are capabilities (a bill's appointment id): people
 * holding real ids are never counted, while a scanner is stopped after `max` misses. Once stopped,
 * every lookup from that address is refused, hits too, so a scan learns nothing from the answers.
 */
export function missLimit(app: Limited, rule: LimitRule): MissLimit {
  if (!app.deps.config.rateLimits) return { check: async () => {}, miss: async () => {} };
  const key = (request: FastifyRequest) => `${rule.name}:${rule.key?.(request) ?? request.ip}`;
  return {
    async check(request) {
      const { count, resetMs } = await app.deps.counters.add(key(request), rule.windowMs, 0);
      if (count >= rule.max) throw tooMany(m('limits.too_many_attempts'), resetMs);
    },
    async miss(request) {
      await app.deps.counters.add(key(request), rule.windowMs);
    },
  };
}
