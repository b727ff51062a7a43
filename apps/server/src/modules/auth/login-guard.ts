// Brute-force protection of the login, built so that nobody can lock anybody else out:
// - failures are counted per account AND client address pair (10 in 15 minutes), so guesses from
//   elsewhere never lock the owner out where they are; an address also has a ceiling of its own
//   across accounts (50), against one machine trying many accounts;
// - across all addresses an account has a much higher ceiling (100 failures in 15 minutes); past it
//   logins to the account slow down (one try per 1, 2, 4 … 60 seconds) rather than stop;
// - a browser that logged in to the account before holds a signed known-device cookie, and is not
//   slowed by that account-wide ceiling: its owner still gets in with the right password;
// - a password-reset link, used, proves the owner: it lifts the account-wide slowdown and marks the
//   browser that used it as a known device (docs/security.md, Logins).
// Each attempt is reserved (counted) BEFORE the password is verified and given back when it was
// right, so parallel guesses can never run more tries than the budget. Counters live in the shared
// store (Redis when REDIS_URL is set).
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { App } from '../../lib/context.ts';
import { limits, tooMany } from '../../lib/rate-limit.ts';
import { DEVICE_TTL_SECONDS } from '../../lib/tokens.ts';
import { m } from '@lab/contract';

export const LOGIN_WINDOW_MS = 15 * 60_000;
export const LOGIN_PAIR_FAILURES_MAX = 10;
export const LOGIN_ADDRESS_FAILURES_MAX = 50;
export const LOGIN_ACCOUNT_FAILURES_CEILING = 100;
export const LOGIN_SLOWDOWN_MAX_MS = 60_000;
/** attempts (right or wrong) per address, against scripted floods */
export const LOGIN_ADDRESS_ATTEMPTS_MAX = 200;

export const DEVICE_COOKIE = 'lab_device';
const DEVICE_COOKIE_PATH = '/api/users/login';
const TOO_MANY = m('limits.too_many_logins');

/** an attempt counted in advance; give it back when the password was right */
export interface Reservation {
  release(): Promise<void>;
}

export interface LoginGuard {
  preHandler: preHandlerAsyncHookHandler[];
  /** counts the attempt, or refuses it (429) when a budget is spent */
  reserve(request: FastifyRequest, accountKey: string, userId: number | null): Promise<Reservation>;
  /** after a successful login: marks this browser as a known device of the account */
  rememberDevice(reply: FastifyReply, userId: number): Promise<void>;
  /** after a used reset link: the account-wide count and slowdown start again from nothing */
  lift(userId: number): Promise<void>;
}

/** the delay between tries once the account-wide ceiling is passed: doubling, at most a minute */
export function slowdownMs(failuresOverCeiling: number): number {
  return Math.min(LOGIN_SLOWDOWN_MAX_MS, 1000 * 2 ** Math.min(16, Math.max(0, failuresOverCeiling - 1)));
}

export function loginGuard(app: App): LoginGuard {
  const { counters, tokens, config } = app.deps;
  const secureCookie = config.publicUrl.startsWith('https:');
  const rememberDevice: LoginGuard['rememberDevice'] = async (reply, userId) => {
    reply.setCookie(DEVICE_COOKIE, await tokens.signDevice(userId), {
      path: DEVICE_COOKIE_PATH,
      httpOnly: true,
      sameSite: 'strict',
      secure: secureCookie,
      maxAge: DEVICE_TTL_SECONDS,
    });
  };
  const lift: LoginGuard['lift'] = async (userId) => {
    // Counters never go below zero: taking away more than any count empties it.
    for (const key of [`login-fail-account:id:${userId}`, `login-slow:id:${userId}`]) await counters.add(key, LOGIN_WINDOW_MS, -Number.MAX_SAFE_INTEGER);
  };
  if (!config.rateLimits) {
    return { preHandler: [], reserve: async () => ({ release: async () => {} }), rememberDevice, lift };
  }

  const isKnownDevice = async (request: FastifyRequest, userId: number | null) => {
    const cookie = request.cookies[DEVICE_COOKIE];
    return userId !== null && cookie !== undefined && (await tokens.verifyDevice(cookie)) === userId;
  };

  return {
    preHandler: limits(app, { name: 'login-attempt-ip', max: LOGIN_ADDRESS_ATTEMPTS_MAX, windowMs: LOGIN_WINDOW_MS }),
    rememberDevice,
    lift,
    async reserve(request, accountKey, userId) {
      const taken: string[] = [];
      const giveBack = () => Promise.all(taken.map((key) => counters.add(key, LOGIN_WINDOW_MS, -1))).then(() => {});
      const take = async (key: string, max: number) => {
        const { count, resetMs } = await counters.add(key, LOGIN_WINDOW_MS);
        taken.push(key);
        if (count > max) {
          await giveBack();
          throw tooMany(TOO_MANY, resetMs);
        }
        return count;
      };
      await take(`login-fail-pair:${accountKey}|${request.ip}`, LOGIN_PAIR_FAILURES_MAX);
      await take(`login-fail-ip:${request.ip}`, LOGIN_ADDRESS_FAILURES_MAX);
      if (!(await isKnownDevice(request, userId))) {
        const accountFailures = await take(`login-fail-account:${accountKey}`, Number.MAX_SAFE_INTEGER);
        const over = accountFailures - LOGIN_ACCOUNT_FAILURES_CEILING;
        if (over > 0) {
          // One try per delay: the first in a delay window goes on, the others wait for its end.
          const { count, resetMs } = await counters.add(`login-slow:${accountKey}`, slowdownMs(over));
          if (count > 1) {
            await giveBack();
            throw tooMany(TOO_MANY, resetMs);
          }
        }
      }
      return { release: giveBack };
    },
  };
}
