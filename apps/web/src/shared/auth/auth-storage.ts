// Client storage of the session, under the keys of the spec: accessToken, refreshToken and user (the
// whole login answer as JSON). Safe to call during prerendering, where there is no storage.
import type { LoginResponse, TokenPair } from '@lab/contract';

/** the storage keys; `user` is also read by the booking page's server-drawn frame, before any script has loaded */
export const SESSION_KEYS = { access: 'accessToken', refresh: 'refreshToken', user: 'user' } as const;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export const authStorage = {
  accessToken: () => storage()?.getItem(SESSION_KEYS.access) ?? null,
  refreshToken: () => storage()?.getItem(SESSION_KEYS.refresh) ?? null,
  user(): LoginResponse | null {
    const raw = storage()?.getItem(SESSION_KEYS.user);
    if (!raw) return null;
    try {
      return JSON.parse(raw) as LoginResponse;
    } catch {
      return null;
    }
  },
  setTokens(pair: TokenPair): void {
    const s = storage();
    s?.setItem(SESSION_KEYS.access, pair.access);
    s?.setItem(SESSION_KEYS.refresh, pair.refresh);
    const user = authStorage.user();
    if (user) s?.setItem(SESSION_KEYS.user, JSON.stringify({ ...user, tokens: pair }));
  },
  save(user: LoginResponse): void {
    const s = storage();
    s?.setItem(SESSION_KEYS.user, JSON.stringify(user));
    s?.setItem(SESSION_KEYS.access, user.tokens.access);
    s?.setItem(SESSION_KEYS.refresh, user.tokens.refresh);
  },
  clear(): void {
    const s = storage();
    s?.removeItem(SESSION_KEYS.access);
    s?.removeItem(SESSION_KEYS.refresh);
    s?.removeItem(SESSION_KEYS.user);
  },
};
