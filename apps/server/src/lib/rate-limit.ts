// Per-route limits on the calls people could abuse (login, register, reset e-mails, contact, booking).
// Counters live in Redis when REDIS_URL is set, so they hold across processes; else in this process.
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { App } from './context.ts';
import { HttpError } from './errors.ts';

export interface LimitRule {
  /** a short name, so two limits on one route keep separate counters */
  name: string;
  max: number;
  /** milliseconds */
  windowMs: number;
  /** what is counted; the client address when omitted */
  key?: (request: FastifyRequest) => string | undefined;
}

export function minutesText(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** a rule's window as configured: RATE_LIMIT_WINDOW_SCALE shrinks it in tests */
export function scaledWindow(app: App, windowMs: number): number {
  return Math.max(1, Math.round(windowMs * app.deps.config.rateLimitWindowScale));
}

/**
 * preHandler hooks enforcing the rules; none when RATE_LIMITS=off. Built on the plugin's
 * createRateLimit rather than app.rateLimit: the latter runs only the first limit hook of a request,
 * so a second rule on the same route (per address AND per e-mail) would silently never count.
 */
export function limits(app: App, ...rules: LimitRule[]): preHandlerAsyncHookHandler[] {
  if (!app.deps.config.rateLimits) return [];
  return rules.map((rule) => {
    const limiter = app.createRateLimit({
      max: rule.max,
      timeWindow: scaledWindow(app, rule.windowMs),
      keyGenerator: (request) => `${rule.name}:${rule.key?.(request) ?? request.ip}`,
    });
    return async (request: FastifyRequest) => {
      const state = await limiter(request);
      if (state.isAllowed || !state.isExceeded) return;
      throw tooMany(state.ttlInSeconds);
    };
  });
}

function tooMany(ttlInSeconds: number): HttpError {
  const seconds = Math.max(1, ttlInSeconds);
  return new HttpError(429, `Too many attempts. Please try again in ${minutesText(seconds * 1000)}.`, undefined, {
    'retry-after': String(seconds),
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
export function missLimit(app: App, rule: LimitRule): MissLimit {
  if (!app.deps.config.rateLimits) return { check: async () => {}, miss: async () => {} };
  const limiter = app.createRateLimit({
    max: rule.max,
    timeWindow: scaledWindow(app, rule.windowMs),
    keyGenerator: (request) => `${rule.name}:${rule.key?.(request) ?? request.ip}`,
  });
  return {
    async check(request) {
      const state = await limiter(request, { increment: false });
      if (!state.isAllowed && state.remaining === 0) throw tooMany(state.ttlInSeconds);
    },
    async miss(request) {
      await limiter(request);
    },
  };
}
