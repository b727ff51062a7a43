// Logging in and registering (docs/product.md#screen-behaviour), with the errors of docs/product.md#messages: the server's own words, or one of ours.
// Loaded by auth-context.tsx when someone first logs in or registers, so the public pages' first load
// does not carry it.
import type { LoginResponse, RegisterRequest } from '@lab/contract';
import { api, ApiError } from '../api/client.ts';
import { formErrorsOf } from '../lib/form-errors.ts';
import type { AuthError } from './auth-context.tsx';

export async function logIn(username: string, password: string): Promise<{ user: LoginResponse } | { error: AuthError }> {
  try {
    return { user: await api<LoginResponse>('/api/users/login/', { method: 'POST', body: { username, password }, auth: 'none' }) };
  } catch (e) {
    if (e instanceof ApiError) {
      const body = e.body as { error?: unknown } | null;
      if (typeof body?.error === 'string') return { error: { text: body.error } };
      // A field left empty (or too long): "Login failed" above, the server's words under the field.
      const { fields } = formErrorsOf(e, { fallback: '', fields: { username: 'username', password: 'password' } });
      return { error: Object.keys(fields).length > 0 ? { id: 'patient.auth.loginFailed', fields } : { id: 'patient.auth.loginFailed' } };
    }
    return { error: { id: 'patient.auth.loginError' } };
  }
}

/** null once the account exists, else the refusal (an ApiError, or the failure to reach the server) for the form to show */
export async function registerAccount(payload: RegisterRequest): Promise<unknown> {
  try {
    await api('/api/users/register/', { method: 'POST', body: payload, auth: 'none' });
    return null;
  } catch (e) {
    return e ?? new Error('registration failed');
  }
}
