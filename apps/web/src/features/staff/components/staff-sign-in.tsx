// The console's own sign-in: the same login call and session storage as the public login screen
// (useAuth().login), but it stays on /staff instead of going to the patient dashboard.
import { type FormEvent, useEffect, useState } from 'react';
import { authErrorText, useAuth } from '../../../shared/auth/auth-context.tsx';
import { buttonClass } from '../../../shared/ui/button-styles.ts';
import { TextInput } from './fields.tsx';
import { useT } from '../../../shared/i18n/i18n.tsx';

export function StaffSignIn() {
  const { login, error, clearError } = useAuth();
  const t = useT();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => clearError, [clearError]);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setBusy(true);
    await login(username, password);
    setBusy(false);
  }

  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <h1 className="mb-2 text-2xl font-bold text-slate-900">Staff sign in</h1>
      <p className="mb-6 text-sm text-slate-700">The lab's console for appointments, the catalogue and content.</p>
      {error && (
        <div role="alert" className="mb-4 rounded-md border-l-4 border-red-700 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {authErrorText(error, t)}
        </div>
      )}
      <form onSubmit={onSubmit} className="space-y-4" aria-busy={busy}>
        <TextInput label="Username" name="username" autoComplete="username" autoCapitalize="none" spellCheck={false} required value={username} onChange={(e) => setUsername(e.target.value)} />
        <TextInput label="Password" name="password" type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        <button type="submit" disabled={busy} className={`${buttonClass.primary} w-full`}>
          Sign in
        </button>
      </form>
    </div>
  );
}
