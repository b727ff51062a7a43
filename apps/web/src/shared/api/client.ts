// The one place the web app talks HTTP. It adds the bearer token, renews an expired access token with
// the refresh token once and retries, and logs out when that fails. Features call typed functions
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
  /** 'none': never send a token (login, register); default: send it when one is stored */
  auth?: 'none' | 'send';
  signal?: AbortSignal;
}

let refreshing: Promise<boolean> | null = null;
let onSessionExpired: () => void = () => {};

/** the auth provider registers what happens when a session cannot be renewed */
export function setSessionExpiredHandler(handler: () => void): void {
  onSessionExpired = handler;
}

async function renewTokens(): Promise<boolean> {
  const refresh = authStorage.refreshToken();
  if (!refresh) return false;
  refreshing ??= (async () => {
    try {
      const res = await fetch('/api/users/token/refresh/', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ refresh }),
      });
      if (!res.ok) return false;
      const pair = (await res.json()) as TokenPair;
      authStorage.setTokens(pair);
      return true;
    } catch {
      return false;
    } finally {
      setTimeout(() => (refreshing = null), 0);
    }
  })();
  return refreshing;
}

async function send(path: string, options: ApiOptions): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const token = options.auth === 'none' ? null : authStorage.accessToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  return fetch(path, {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
}

export async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  let res = await send(path, options);
  if (res.status === 401 && options.auth !== 'none' && authStorage.accessToken()) {
    if (await renewTokens()) {
      res = await send(path, options);
    } else {
      onSessionExpired();
    }
  }
  const text = await res.text();
  let body: unknown = null;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  if (!res.ok) throw new ApiError(res.status, body);
  return body as T;
}

export type { LoginResponse };
