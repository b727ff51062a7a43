// Login screen (docs/product.md#public-pages, #screen-behaviour, #messages): first the mobile number and a
// one-time code (decision 061, shared/auth/phone-sign-in-form.tsx), then username and password, the server's
// refusal in a red box; on success the dashboard. A logged-in visitor never sees it.
import { paths } from '@lab/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { type LoaderFunctionArgs, Link, useLocation } from 'react-router';
import { pageMessages } from '../../../shared/i18n/catalogues.server.ts';
import { PhoneSignInForm } from '../../../shared/auth/phone-sign-in-form.tsx';
import { authErrorText, authFieldError, useAuth } from '../../../shared/auth/auth-context.tsx';
import { useRedirectIfLoggedIn } from '../../../shared/auth/use-redirect-if-logged-in.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { linkClass, primaryButtonClass } from '../components/form-styles.ts';
import { ErrorBox } from '../components/message-box.tsx';
import { PasswordField } from '../components/password-field.tsx';
import { TextField } from '../components/text-field.tsx';
import type { MetaArgs } from 'react-router';
import { metaTranslate, useT } from '../../../shared/i18n/i18n.tsx';

// The consent boxes a new number is asked (their Hindi) come with this screen's data, as on registration.
export const loader = (args: LoaderFunctionArgs) => ({ messages: pageMessages(args, 'booking.consent') });

export const meta = ({ matches }: MetaArgs) => {
  const t = metaTranslate(matches);
  return t ? [{ title: t('patient.login.meta') }] : [];
};

export default function LoginPage() {
  const hidden = useRedirectIfLoggedIn(paths.dashboard);
  const { login, error, clearError } = useAuth();
  const t = useT();
  const location = useLocation();
  // Registration hands over the new username so only the password is left to type.
  const handedOver = (location.state as { username?: unknown } | null)?.username;
  const [username, setUsername] = useState(typeof handedOver === 'string' ? handedOver : '');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  // The error lives in the shared auth state; it belongs to this screen only while it is open.
  useEffect(() => clearError, [clearError]);

  if (hidden) return null;

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setBusy(true);
    // On success the user is set and useRedirectIfLoggedIn takes the person to the dashboard.
    const ok = await login(username, password);
    if (!ok) setBusy(false);
  }

  return (
    <AuthCard title={t('patient.login.title')}>
      <section aria-labelledby="login-phone-heading" className="mb-8">
        <h2 id="login-phone-heading" className="text-lg font-semibold text-brand-900">
          {t('patient.phone.title')}
        </h2>
        <p className="mb-4 text-sm text-slate-700">{t('patient.phone.intro')}</p>
        <PhoneSignInForm idPrefix="login" />
      </section>
      <p className="mb-4 border-t border-slate-200 pt-6 font-semibold text-slate-800">{t('patient.phone.orPassword')}</p>
      {error && <ErrorBox>{authErrorText(error, t)}</ErrorBox>}
      <form onSubmit={onSubmit} className="space-y-4" aria-busy={busy}>
        <TextField
          label={t('patient.login.username')}
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={username}
          error={authFieldError(error, 'username')}
          onChange={(e) => setUsername(e.target.value)}
        />
        <PasswordField
          label={t('patient.password')}
          name="password"
          autoComplete="current-password"
          error={authFieldError(error, 'password')}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <button type="submit" disabled={busy} className={primaryButtonClass}>
          {t('patient.login.submit')}
        </button>
      </form>
      <div className="mt-6 space-y-2 text-center text-sm text-slate-700">
        <p>
          {t('patient.login.newUser')}{' '}
          <Link to={paths.register} className={linkClass}>
            {t('patient.login.register')}
          </Link>
        </p>
        <p>
          {t('patient.login.forgot')}{' '}
          <Link to={paths.forgotPassword} className={linkClass}>
            {t('patient.login.reset')}
          </Link>
        </p>
      </div>
    </AuthCard>
  );
}
