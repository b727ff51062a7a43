// Registration screen: first the sign-up with a mobile number and a one-time code (decision 061,
// shared/auth/phone-sign-in-form.tsx: signed in at once, on to the dashboard), then the account with
// username, e-mail and password: every refused field's message under that field at once, in the
// page's language, focus on the first of them (shared/lib/form-errors.ts); a field's message goes when
// the field is changed; on success the login screen. The privacy notice's consent box is required, the
// marketing box optional.
import { paths } from '@lab/contract';
import { type FormEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type LoaderFunctionArgs, Link, useNavigate } from 'react-router';
import { pageMessages } from '../../../shared/i18n/catalogues.server.ts';
import { ApiError } from '../../../shared/api/client.ts';
import { useAuth } from '../../../shared/auth/auth-context.tsx';
import { PhoneSignInForm } from '../../../shared/auth/phone-sign-in-form.tsx';
import { formErrorsOf, type FormErrors, NO_ERRORS } from '../../../shared/lib/form-errors.ts';
import { FormErrorBox, useFocusFirstError } from '../../../shared/ui/form-errors.tsx';
import { ConsentBoxes, consentGrant, noConsent } from '../../../shared/ui/consent-boxes.tsx';
import { AuthCard } from '../components/auth-card.tsx';
import { linkClass, primaryButtonClass } from '../components/form-styles.ts';
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
  const { register, clearError } = useAuth();
  const t = useT();
  const navigate = useNavigate();
  const [form, setForm] = useState(empty);
  const [consent, setConsent] = useState(noConsent);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, errors);
  const labels = useMemo(
    () => ({
      first_name: t('patient.register.firstName'),
      last_name: t('patient.register.lastName'),
      username: t('patient.register.username'),
      email: t('patient.email'),
      password: t('patient.password'),
      // "consent.notice_version", "consent.purposes": under the consent boxes
      consent: { name: 'consent', label: t('booking.consent.legend') },
    }),
    [t],
  );

  useEffect(() => clearError, [clearError]);
  const toDashboard = useCallback(() => void navigate(paths.dashboard, { replace: true }), [navigate]);

  const field = (name: keyof typeof empty) => ({
    name,
    value: form[name],
    error: errors.fields[name],
    onChange: (e: { target: { value: string } }) => {
      setForm((f) => ({ ...f, [name]: e.target.value }));
      setErrors((all) => (all.fields[name] ? { ...all, fields: Object.fromEntries(Object.entries(all.fields).filter(([k]) => k !== name)) } : all));
    },
  });

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    // The notice's box is required: nothing is sent without it.
    if (!consent.service) {
      setErrors({ fields: { consent: t('patient.form.consent') }, form: null });
      return;
    }
    setErrors(NO_ERRORS);
    setBusy(true);
    const failure = await register({ ...form, consent: consentGrant(consent) });
    setBusy(false);
    if (failure === null) {
      void navigate(paths.loginAlt, { state: { username: form.username.trim() } });
      return;
    }
    // No answer at all is the original client's "error occurred"; an answer that names no field, "failed".
    const fallback = t(failure instanceof ApiError ? 'patient.auth.registerFailed' : 'patient.auth.registerError');
    setErrors(formErrorsOf(failure, { fallback, fields: labels }));
  }

  return (
    <AuthCard title={t('patient.register.title')}>
      <section aria-labelledby="register-phone-heading" className="mb-8">
        <h2 id="register-phone-heading" className="text-lg font-semibold text-brand-900">
          {t('patient.phone.signUpTitle')}
        </h2>
        <p className="mb-4 text-sm text-slate-700">{t('patient.phone.intro')}</p>
        <PhoneSignInForm idPrefix="register" onSignedIn={toDashboard} />
      </section>
      <p className="mb-4 border-t border-slate-200 pt-6 font-semibold text-slate-800">{t('patient.phone.orRegister')}</p>
      <FormErrorBox message={errors.form} className="mb-4" />
      <form ref={formRef} onSubmit={onSubmit} noValidate className="space-y-4" aria-busy={busy}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={t('patient.register.firstName')} autoComplete="given-name" {...field('first_name')} />
          <TextField label={t('patient.register.lastName')} autoComplete="family-name" {...field('last_name')} />
        </div>
        <TextField label={t('patient.register.username')} autoComplete="username" autoCapitalize="none" spellCheck={false} {...field('username')} />
        <TextField label={t('patient.email')} type="email" autoComplete="email" {...field('email')} />
        <PasswordField label={t('patient.password')} autoComplete="new-password" {...field('password')} />
        <ConsentBoxes
          idPrefix="register"
          value={consent}
          onChange={(next) => {
            setConsent(next);
            setErrors((all) => ({ ...all, fields: Object.fromEntries(Object.entries(all.fields).filter(([k]) => k !== 'consent')) }));
          }}
          error={errors.fields.consent}
        />
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
