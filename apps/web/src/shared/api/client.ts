// The one place the web app talks HTTP. It adds the bearer token, renews an access token whose `exp`
// has passed before sending it, renews and retries once when the server refuses a token anyway (401),
// and logs out when that fails. Features call typed functions
// built on `api`, never fetch directly.
import type { LoginResponse, TokenPair } from '@lab/contract';
import { authStorage } from '../auth/auth-storage.ts';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(
      typeof body === 'object' && body !== null && 'error' in body && typeof body.error === 'string'
        ? body.error
        : `Request failed with status ${status}`,
    );
  }
}

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  /**
   * 'none': never send a token (login, register).
   * 'send' (default): send the stored token; when it cannot be renewed the session ends and the
   *   person is sent to the login screen.
   * 'optional': for calls that also work anonymously (tests, packages, booking): send the stored
   *   token; when it cannot be renewed the session ends quietly and the call is repeated without one.
   */
  auth?: 'none' | 'send' | 'optional';
  signal?: AbortSignal;
  /** a bearer token of its own, never renewed (a referring doctor's session: docs/families-and-doctors.md); the account's is not sent */
  bearer?: string;
}

export interface SessionExpiry {
  /** false when the caller can carry on anonymously, so nobody is pulled off the page */
  redirect: boolean;
}

/** the renewal under way, shared by every call that failed with the same refresh token */
let renewal: { refresh: string; done: Promise<boolean> } | null = null;
let onSessionExpired: (expiry: SessionExpiry) => void = () => {};

/** the auth provider registers what happens when a session cannot be renewed */
export function setSessionExpiredHandler(handler: (expiry: SessionExpiry) => void): void {
  onSessionExpired = handler;
}

async function postRefresh(refresh: string): Promise<boolean> {
  try {
    const res = await fetch('/api/users/token/refresh/', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ refresh }),
    });
    if (!res.ok) return false;
    const pair = (await res.json()) as TokenPair;
    // The person logged out, or in again, while this was in flight: the new session (if any) stands.
    const now = authStorage.refreshToken();
    if (now !== refresh) return now !== null;
    authStorage.setTokens(pair);
    return true;
  } catch {
    return false;
  }
}

/**
 * Trades the refresh token for a new pair. The server retires a refresh token on use and treats a
 * second use as theft (it revokes the whole family), so two tabs must never send the same one: the
 * Web Locks API serialises renewals across tabs, and a tab that finds the token already changed by
 * another simply uses the new one.
 */
async function renewTokens(): Promise<boolean> {
  const refresh = authStorage.refreshToken();
  if (!refresh) return false;
  if (renewal?.refresh !== refresh) {
    const done = (async () => {
      const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
      if (!locks) return postRefresh(refresh);
      return locks.request('lab-token-renewal', async () => {
        const current = authStorage.refreshToken();
        if (!current) return false;
        if (current !== refresh) return true;
        return postRefresh(current);
      });
    })();
    const entry = { refresh, done };
    renewal = entry;
    // Calls that fail later with the old token see the new one in storage and simply retry.
    void done.finally(() => {
      if (renewal === entry) renewal = null;
    });
  }
  return renewal.done;
}

async function send(path: string, options: ApiOptions, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  // A form with a file (an image upload) goes as multipart; the browser writes its Content-Type and boundary.
  const multipart = options.body instanceof FormData;
  if (options.body !== undefined && !multipart) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  return fetch(path, {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : multipart ? (options.body as FormData) : JSON.stringify(options.body),
    signal: options.signal,
  });
}

/** seconds before `exp` at which a token counts as spent: a call in flight must not expire on the way */
const EXPIRY_MARGIN_SECONDS = 10;

/** true when the token's `exp` has passed (or is about to); a token that cannot be read is left to the server */
export function isExpired(token: string, nowMs = Date.now()): boolean {
  try {
    const payload = token.split('.')[1];
    if (!payload) return false;
    const { exp } = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
    return typeof exp === 'number' && exp - EXPIRY_MARGIN_SECONDS <= nowMs / 1000;
  } catch {
    return false;
  }
}

/** the response of a call, after renewing the token once when it had expired */
export async function request(path: string, options: ApiOptions): Promise<Response> {
  if (options.bearer !== undefined) return send(path, options, options.bearer);
  let token = options.auth === 'none' ? null : authStorage.accessToken();
  // The server refuses an expired token on every call; renewing first saves the round trip.
  if (token && isExpired(token) && (await renewTokens())) token = authStorage.accessToken();
  let res = await send(path, options, token);
  if (res.status === 401 && token) {
    const stored = authStorage.accessToken();
    if (stored && stored !== token) {
      // Another call renewed the tokens while this one was in flight.
      res = await send(path, options, stored);
    } else if (await renewTokens()) {
      res = await send(path, options, authStorage.accessToken());
    } else {
      const optional = options.auth === 'optional';
      onSessionExpired({ redirect: !optional });
      if (optional) res = await send(path, options, null);
    }
  }
  return res;
}

/** the JSON of an answer, its text when it is not JSON, null when empty */
export async function bodyOf(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const res = await request(path, options);
  const body = await bodyOf(res);
  if (!res.ok) throw new ApiError(res.status, body);
  return body as T;
}

export type { LoginResponse };
