// The API client's session handling: the bearer token, one renewal shared by concurrent calls,
// a retry with the new token, and the end of the session when renewal fails.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, setSessionExpiredHandler } from './client.ts';

class MemoryStorage {
  private items = new Map<string, string>();
  getItem = (k: string) => this.items.get(k) ?? null;
  setItem = (k: string, v: string) => void this.items.set(k, v);
  removeItem = (k: string) => void this.items.delete(k);
}

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const bearer = (init: RequestInit) => (init.headers as Record<string, string>).Authorization;

let storage: MemoryStorage;
let calls: { url: string; init: RequestInit }[];
let expired: { redirect: boolean }[];

function serve(handler: Handler) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return handler(url, init);
    }),
  );
}

function signIn(access: string, refresh: string) {
  storage.setItem('accessToken', access);
  storage.setItem('refreshToken', refresh);
  storage.setItem('user', JSON.stringify({ username: 'asha', tokens: { access, refresh } }));
}

beforeEach(() => {
  storage = new MemoryStorage();
  calls = [];
  expired = [];
  vi.stubGlobal('window', { localStorage: storage });
  setSessionExpiredHandler((e) => {
    expired.push(e);
    storage.removeItem('accessToken');
    storage.removeItem('refreshToken');
    storage.removeItem('user');
  });
});

afterEach(() => vi.unstubAllGlobals());

/** an unsigned token that says when it expires: the client only reads `exp` */
const tokenExpiringIn = (seconds: number) => `h.${btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + seconds })).replace(/=+$/, '')}.s`;

describe('api', () => {
  it("renews before sending once the token's exp has passed, so the call goes out once with the new token", async () => {
    signIn(tokenExpiringIn(-60), 'R1');
    serve((url, init) => (url === '/api/users/token/refresh/' ? json(200, { access: 'new', refresh: 'R2' }) : json(bearer(init) === 'Bearer new' ? 201 : 401, {})));
    await api('/api/appointments/', { method: 'POST', body: {}, auth: 'optional' });
    expect(calls.map((c) => c.url)).toEqual(['/api/users/token/refresh/', '/api/appointments/']);
    expect(bearer(calls[1]!.init)).toBe('Bearer new');
  });

  it('sends a token whose exp is still ahead as it is', async () => {
    const live = tokenExpiringIn(600);
    signIn(live, 'R1');
    serve(() => json(200, {}));
    await api('/api/x/');
    expect(calls.map((c) => c.url)).toEqual(['/api/x/']);
    expect(bearer(calls[0]!.init)).toBe(`Bearer ${live}`);
  });

  it('sends the stored token, and none when asked not to', async () => {
    signIn('A1', 'R1');
    serve(() => json(200, { ok: true }));
    await api('/api/x/');
    await api('/api/users/login/', { method: 'POST', body: {}, auth: 'none' });
    expect(bearer(calls[0]!.init)).toBe('Bearer A1');
    expect(bearer(calls[1]!.init)).toBeUndefined();
  });

  it('renews an expired token once for concurrent calls and retries them with the new one', async () => {
    signIn('old', 'R1');
    serve(async (url, init) => {
      if (url === '/api/users/token/refresh/') {
        expect(JSON.parse(init.body as string)).toEqual({ refresh: 'R1' });
        return json(200, { access: 'new', refresh: 'R2' });
      }
      return bearer(init) === 'Bearer new' ? json(200, { url }) : json(401, { error: 'expired' });
    });
    const answers = await Promise.all([api<{ url: string }>('/api/a/'), api<{ url: string }>('/api/b/')]);
    expect(answers.map((a) => a.url)).toEqual(['/api/a/', '/api/b/']);
    expect(calls.filter((c) => c.url === '/api/users/token/refresh/')).toHaveLength(1);
    expect(storage.getItem('accessToken')).toBe('new');
    expect(storage.getItem('refreshToken')).toBe('R2');
    expect(JSON.parse(storage.getItem('user')!)).toEqual({ username: 'asha', tokens: { access: 'new', refresh: 'R2' } });
    expect(expired).toEqual([]);
  });

  it('ends the session when the refresh token is refused, and the call fails with 401', async () => {
    signIn('old', 'stolen');
    serve((url) => (url === '/api/users/token/refresh/' ? json(401, { error: 'revoked' }) : json(401, { error: 'expired' })));
    await expect(api('/api/me/')).rejects.toMatchObject({ status: 401 });
    expect(expired).toEqual([{ redirect: true }]);
    expect(storage.getItem('user')).toBeNull();
  });

  it('carries on anonymously, without leaving the page, for calls whose auth is optional', async () => {
    signIn('old', 'stolen');
    serve((url, init) => {
      if (url === '/api/users/token/refresh/') return json(401, { error: 'revoked' });
      return bearer(init) ? json(401, { error: 'expired' }) : json(200, ['tests']);
    });
    await expect(api('/api/tests/', { auth: 'optional' })).resolves.toEqual(['tests']);
    expect(expired).toEqual([{ redirect: false }]);
  });

  it('does not renew when no token was sent, and keeps the server error body', async () => {
    serve(() => json(400, { username: ['A user with that username already exists.'] }));
    const error = await api('/api/users/register/', { method: 'POST', body: {}, auth: 'none' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).body).toEqual({ username: ['A user with that username already exists.'] });
    expect(calls).toHaveLength(1);
    expect(expired).toEqual([]);
  });
});
