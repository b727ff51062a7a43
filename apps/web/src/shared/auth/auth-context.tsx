// Authentication state (docs/product.md#screen-behaviour): the whole login answer as `user`, both tokens, and the last error.
// Restored from storage on start (after hydration, so prerendered HTML and the first render agree).
import type { LoginResponse, RegisterRequest } from '@lab/contract';
import { createContext, type ReactNode, startTransition, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { api, setSessionExpiredHandler } from '../api/client.ts';
import { authStorage } from './auth-storage.ts';
import type { Translate } from '../i18n/i18n.tsx';

/**
 * As docs/product.md#messages has it: the server's own words, or one of ours (a catalogue id, shown in
 * the page's language); with the server's words for the fields it refused (`username`, `password`),
 * which the form shows under those fields (shared/lib/form-errors.ts).
 */
export type AuthError = { text: string } | { id: 'patient.auth.loginFailed' | 'patient.auth.loginError'; fields?: Record<string, string> };

/** the server's words for one refused field of the login form, if any */
export const authFieldError = (error: AuthError | null, field: 'username' | 'password') => (error && 'fields' in error ? error.fields?.[field] : undefined);

/** an auth error as the person reads it */
export const authErrorText = (error: AuthError, t: Translate) => ('text' in error ? error.text : t(error.id));

export interface AuthState {
  user: LoginResponse | null;
  /** false until storage has been read: guards wait for it before redirecting */
  ready: boolean;
  error: AuthError | null;
  login(username: string, password: string): Promise<boolean>;
  /** null once the account exists, else the refusal, which the form shows at its fields (shared/lib/form-errors.ts) */
  register(payload: RegisterRequest): Promise<unknown>;
  logout(): Promise<void>;
  clearError(): void;
  /** keeps a session signed in another way (the mobile sign-in's answer, shared/auth/phone-sign-in-form.tsx) */
  adopt(user: LoginResponse): void;
}

const AuthContext = createContext<AuthState | null>(null);

export function AuthProvider({ children, onLoggedOut }: { children: ReactNode; onLoggedOut?: () => void }) {
  const [user, setUser] = useState<LoginResponse | null>(null);
  const [ready, setReady] = useState(false);
  const [error, setError] = useState<AuthError | null>(null);

  useEffect(() => {
    // As a transition: React waits for a part of the page still to hydrate (a blog post, whose markdown
    // renderer loads after hydration) instead of dropping its server HTML for its fallback because this
    // context changed (a layout shift: CLS 0.07 on /blog/1; docs/design-notes.md).
    startTransition(() => {
      setUser(authStorage.user());
      setReady(true);
    });
    const onStorage = (e: StorageEvent) => {
      if (e.key === 'user' || e.key === null) setUser(authStorage.user());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const clearSession = useCallback(
    (redirect = true) => {
      authStorage.clear();
      setUser(null);
      setError(null);
      if (redirect) onLoggedOut?.();
    },
    [onLoggedOut],
  );

  useEffect(() => setSessionExpiredHandler(({ redirect }) => clearSession(redirect)), [clearSession]);

  // The calls and their errors load with the first login or registration (auth-actions.ts): the
  // public pages' first load does not carry them.
  const login = useCallback(async (username: string, password: string) => {
    const result = await import('./auth-actions.ts').then((m) => m.logIn(username, password), () => ({ error: { id: 'patient.auth.loginError' } as const }));
    if ('error' in result) {
      setError(result.error);
      return false;
    }
    authStorage.save(result.user);
    setUser(result.user);
    setError(null);
    return true;
  }, []);

  const register = useCallback(async (payload: RegisterRequest): Promise<unknown> => {
    setError(null);
    return import('./auth-actions.ts').then(
      (m) => m.registerAccount(payload),
      (e: unknown) => e ?? new Error('could not load'),
    );
  }, []);

  const logout = useCallback(async () => {
    const refresh = authStorage.refreshToken();
    if (refresh) {
      // Revoke on the server; a network failure must not keep the person logged in here.
      await api('/api/users/logout/', { method: 'POST', body: { refresh }, auth: 'none' }).catch(() => {});
    }
    clearSession();
  }, [clearSession]);

  const clearError = useCallback(() => setError(null), []);

  const adopt = useCallback((next: LoginResponse) => {
    authStorage.save(next);
    setUser(next);
    setError(null);
  }, []);

  const value = useMemo<AuthState>(
    () => ({ user, ready, error, login, register, logout, clearError, adopt }),
    [user, ready, error, login, register, logout, clearError, adopt],
  );
  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth needs an AuthProvider');
  return ctx;
}
