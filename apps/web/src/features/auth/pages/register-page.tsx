// Registration screen (spec §2, §4, §8): the first refused field as "field: message" in a red box,
// cleared when a field is clicked; on success the login screen. The privacy notice's consent box is
// required, the marketing box optional (issue 17).
import { paths } from '@lab/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useAuth } from '../../../shared/auth/auth-context.tsx';
import { ConsentBoxes, consentGrant, noConsent } from '../../../shared/ui/consent-boxes.tsx';
import { AuthCard } from '../components/auth-card.tsx';
import { linkClass, primaryButtonClass } from '../components/form-styles.ts';
import { ErrorBox } from '../components/message-box.tsx';
import { PasswordField } from '../components/password-field.tsx';
import { TextField } from '../components/text-field.tsx';

export function meta() {
  return [{ title: 'Register | Lab Centre Diagnostics' }];
}

const empty = { first_name: '', last_name: '', username: '', email: '', password: '' };

export default function RegisterPage() {
  const { register, error, clearError } = useAuth();
  const navigate = useNavigate();
  const [form, setForm] = useState(empty);
  const [consent, setConsent] = useState(noConsent);
  const [busy, setBusy] = useState(false);

  useEffect(() => clearError, [clearError]);

  const field = (name: keyof typeof empty) => ({
    name,
    value: form[name],
    onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [name]: e.target.value })),
    onFocus: clearError,
  });

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setBusy(true);
    const ok = await register({ ...form, consent: consentGrant(consent) });
    setBusy(false);
    if (ok) void navigate(paths.loginAlt, { state: { username: form.username.trim() } });
  }

  return (
    <AuthCard title="Register">
      {error && <ErrorBox>{error}</ErrorBox>}
      <form onSubmit={onSubmit} className="space-y-4" aria-busy={busy}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="First name" autoComplete="given-name" {...field('first_name')} />
          <TextField label="Last name" autoComplete="family-name" {...field('last_name')} />
        </div>
        <TextField label="Username" autoComplete="username" autoCapitalize="none" spellCheck={false} {...field('username')} />
        <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
        <PasswordField label="Password" autoComplete="new-password" {...field('password')} />
        <ConsentBoxes idPrefix="register" value={consent} onChange={setConsent} />
        <button type="submit" disabled={busy} className={primaryButtonClass}>
          Register
        </button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-700">
        Already have an account?{' '}
        <Link to={paths.loginAlt} className={linkClass}>
          Login
        </Link>
      </p>
    </AuthCard>
  );
}
