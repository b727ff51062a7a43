// Client storage of the session, under the keys of the spec: accessToken, refreshToken and user (the
// whole login answer as JSON). Safe to call during prerendering, where there is no storage.
import type { LoginResponse, TokenPair } from '@lab/contract';

const KEYS = { access: 'accessToken', refresh: 'refreshToken', user: 'user' } as const;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export const authStorage = {
  accessToken: () => storage()?.getItem(KEYS.access) ?? null,
  refreshToken: () => storage()?.getItem(KEYS.refresh) ?? null,
  user(): LoginResponse | null {
    const raw = storage()?.getItem(KEYS.user);
    if (!raw) return null;
    try {
      return JSON.parse(raw) as LoginResponse;
    } catch {
      return null;
    }
  },
  setTokens(pair: TokenPair): void {
    const s = storage();
    s?.setItem(KEYS.access, pair.access);
    s?.setItem(KEYS.refresh, pair.refresh);
    const user = authStorage.user();
    if (user) s?.setItem(KEYS.user, JSON.stringify({ ...user, tokens: pair }));
  },
  save(user: LoginResponse): void {
    const s = storage();
    s?.setItem(KEYS.user, JSON.stringify(user));
    s?.setItem(KEYS.access, user.tokens.access);
    s?.setItem(KEYS.refresh, user.tokens.refresh);
  },
  clear(): void {
    const s = storage();
    s?.removeItem(KEYS.access);
    s?.removeItem(KEYS.refresh);
    s?.removeItem(KEYS.user);
  },
};
