// Brute-force protection of the login. Only FAILED logins count toward the limits of 10 per account and
// 10 per client address in 15 minutes, so people who log in often are never locked out. Checking and
// then counting is not atomic, so a burst of parallel guesses could slip past the failure count while
// the first ones are still being verified; a plain per-name and per-address attempt limit bounds that.
// Counters live in the rate-limit plugin's store (Redis when REDIS_URL is set), shared by all processes.
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { App } from '../../lib/context.ts';
import { HttpError } from '../../lib/errors.ts';
import { limits, minutesText, scaledWindow } from '../../lib/rate-limit.ts';

export const LOGIN_FAILURES_MAX = 10;
export const LOGIN_WINDOW_MS = 15 * 60_000;

export interface LoginGuard {
  /** preHandlers: the attempt limits and the per-address failure check */
  preHandler: preHandlerAsyncHookHandler[];
  /** refuses (429) when the account, or the name tried, already has too many failures */
  checkAccount(request: FastifyRequest, accountKey: string): Promise<void>;
  recordFailure(request: FastifyRequest, accountKey: string): Promise<void>;
}

/** the name typed in, as the key of the attempt limit */
export const typedName = (request: FastifyRequest) => {
  const body = request.body as { username?: unknown } | undefined;
  return typeof body?.username === 'string' ? body.username.trim().toLowerCase() : undefined;
};

export function loginGuard(app: App): LoginGuard {
  if (!app.deps.config.rateLimits) {
    return { preHandler: [], checkAccount: async () => {}, recordFailure: async () => {} };
  }
  const windowMs = scaledWindow(app, LOGIN_WINDOW_MS);
  const accountKeys = new WeakMap<FastifyRequest, string>();
  const byAddress = app.createRateLimit({ max: LOGIN_FAILURES_MAX, timeWindow: windowMs, keyGenerator: (r) => `login-fail-ip:${r.ip}` });
  const byAccount = app.createRateLimit({
    max: LOGIN_FAILURES_MAX,
    timeWindow: windowMs,
    keyGenerator: (r) => `login-fail-account:${accountKeys.get(r) ?? ''}`,
  });

  const refuseWhenSpent = async (limiter: typeof byAddress, request: FastifyRequest) => {
    const state = await limiter(request, { increment: false });
    if (state.isAllowed || state.remaining > 0) return;
    const seconds = Math.max(1, state.ttlInSeconds);
    throw new HttpError(429, `Too many failed login attempts. Please try again in ${minutesText(seconds * 1000)}.`, undefined, {
      'retry-after': String(seconds),
    });
  };

  return {
    preHandler: [
      ...limits(
        app,
        { name: 'login-attempt-name', max: 3 * LOGIN_FAILURES_MAX, windowMs: LOGIN_WINDOW_MS, key: typedName },
        { name: 'login-attempt-ip', max: 10 * LOGIN_FAILURES_MAX, windowMs: LOGIN_WINDOW_MS },
      ),
      (request) => refuseWhenSpent(byAddress, request),
    ],
    async checkAccount(request, accountKey) {
      accountKeys.set(request, accountKey);
      await refuseWhenSpent(byAccount, request);
    },
    async recordFailure(request, accountKey) {
      accountKeys.set(request, accountKey);
      await Promise.all([byAddress(request), byAccount(request)]);
    },
  };
}
