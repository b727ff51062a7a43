// Registration screen (spec §2, §4, §8): the first refused field as "field: message" in a red box,
// cleared when a field is clicked; on success the login screen. The privacy notice's consent box is
// required, the marketing box optional (issue 17).
import { paths } from '@lab/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { type LoaderFunctionArgs, Link, useNavigate } from 'react-router';
import { pageMessages } from '../../../shared/i18n/catalogues.server.ts';
import { authErrorText, useAuth } from '../../../shared/auth/auth-context.tsx';
import { ConsentBoxes, consentGrant, noConsent } from '../../../shared/ui/consent-boxes.tsx';
import { AuthCard } from '../components/auth-card.tsx';
import { linkClass, primaryButtonClass } from '../components/form-styles.ts';
import { ErrorBox } from '../components/message-box.tsx';
import { PasswordField } from '../components/password-field.tsx';
import { TextField } from '../components/text-field.tsx';
import type { MetaArgs } from 'react-router';
import { metaTranslate, useT } from '../../../shared/i18n/i18n.tsx';

// The consent boxes' texts in Hindi (their English is in their code) come with this screen's data.
export const loader = (args: LoaderFunctionArgs) => ({ messages: pageMessages(args, 'booking.consent') });

export const meta = ({ matches }: MetaArgs) => {
  const t = metaTranslate(matches);
  return t ? [{ title: t('patient.register.meta') }] : [];
};

const empty = { first_name: '', last_name: '', username: '', email: '', password: '' };

export default function RegisterPage() {
  const { register, error, clearError } = useAuth();
  const t = useT();
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
    <AuthCard title={t('patient.register.title')}>
      {error && <ErrorBox>{authErrorText(error, t)}</ErrorBox>}
      <form onSubmit={onSubmit} className="space-y-4" aria-busy={busy}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={t('patient.register.firstName')} autoComplete="given-name" {...field('first_name')} />
          <TextField label={t('patient.register.lastName')} autoComplete="family-name" {...field('last_name')} />
        </div>
        <TextField label={t('patient.register.username')} autoComplete="username" autoCapitalize="none" spellCheck={false} {...field('username')} />
        <TextField label={t('patient.email')} type="email" autoComplete="email" {...field('email')} />
        <PasswordField label={t('patient.password')} autoComplete="new-password" {...field('password')} />
        <ConsentBoxes idPrefix="register" value={consent} onChange={setConsent} />
        <button type="submit" disabled={busy} className={primaryButtonClass}>
          {t('patient.register.submit')}
        </button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-700">
        {t('patient.register.haveAccount')}{' '}
        <Link to={paths.loginAlt} className={linkClass}>
          {t('patient.register.login')}
        </Link>
      </p>
    </AuthCard>
  );
}
