// Logging in and registering (spec §4), with spec §8's errors: the server's own words, or one of ours.
// Loaded by auth-context.tsx when someone first logs in or registers, so the public pages' first load
// does not carry it.
import type { LoginResponse, RegisterRequest } from '@lab/contract';
import { api, ApiError } from '../api/client.ts';
import type { AuthError } from './auth-context.tsx';

export async function logIn(username: string, password: string): Promise<{ user: LoginResponse } | { error: AuthError }> {
  try {
    return { user: await api<LoginResponse>('/api/users/login/', { method: 'POST', body: { username, password }, auth: 'none' }) };
  } catch (e) {
    if (e instanceof ApiError) {
      const body = e.body as { error?: unknown } | null;
      return { error: typeof body?.error === 'string' ? { text: body.error } : { id: 'patient.auth.loginFailed' } };
    }
    return { error: { id: 'patient.auth.loginError' } };
  }
}

/** null once the account exists, else why not */
export async function registerAccount(payload: RegisterRequest): Promise<AuthError | null> {
  try {
    await api('/api/users/register/', { method: 'POST', body: payload, auth: 'none' });
    return null;
  } catch (e) {
    const field = e instanceof ApiError ? firstFieldError(e.body) : undefined;
    return field ? { text: field } : { id: e instanceof ApiError ? 'patient.auth.registerFailed' : 'patient.auth.registerError' };
  }
}

/** "field: message" from the first field of a 400 answer, as the register screen shows it */
export function firstFieldError(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const [key, value] = Object.entries(body)[0] ?? [];
  if (!key) return null;
  const message = Array.isArray(value) ? value[0] : value;
  return typeof message === 'string' ? `${key}: ${message}` : null;
}
