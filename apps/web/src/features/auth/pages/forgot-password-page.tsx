// Forgot password screen (docs/product.md#public-pages, #screen-behaviour, #messages): asks for a reset link by e-mail, shows the server's
// answer and returns to the login screen 3 seconds after a success. A refused address shows the server's
// words under the field (shared/lib/form-errors.ts); any other failure, the original message above.
import { paths } from '@lab/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { formErrorsOf } from '../../../shared/lib/form-errors.ts';
import { StatusMessage } from '../../../shared/ui/status-message.tsx';
import { useSendResetEmail } from '../api/send-reset-email.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { linkClass, primaryButtonClass } from '../components/form-styles.ts';
import { ErrorBox } from '../components/message-box.tsx';
import { TextField } from '../components/text-field.tsx';
import type { MetaArgs } from 'react-router';
import { metaTranslate, useT } from '../../../shared/i18n/i18n.tsx';

export const meta = ({ matches }: MetaArgs) => {
  const t = metaTranslate(matches);
  return t ? [{ title: t('patient.forgot.meta') }] : [];
};

const REDIRECT_AFTER_MS = 3000;

export default function ForgotPasswordPage() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const sending = useSendResetEmail();
  const t = useT();

  useEffect(() => {
    if (!sending.isSuccess) return;
    const timer = setTimeout(() => void navigate(paths.loginAlt), REDIRECT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [sending.isSuccess, navigate]);

  const errors = sending.isError ? formErrorsOf(sending.error, { fallback: t('patient.forgot.error'), fields: { email: 'email' } }) : null;

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    sending.mutate(email);
  }

  return (
    <AuthCard title={t('patient.forgot.title')}>
      <StatusMessage
        tone="success"
        className={sending.isSuccess ? 'mb-4' : ''}
        message={sending.isSuccess ? sending.data?.message || t('patient.forgot.sent') : null}
      />
      {errors?.form ? <ErrorBox>{errors.form}</ErrorBox> : null}
      <form onSubmit={onSubmit} className="space-y-4">
        <TextField
          label={t('patient.email')}
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          error={errors?.fields.email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <button type="submit" disabled={sending.isPending || sending.isSuccess} className={primaryButtonClass}>
          {sending.isPending ? t('patient.forgot.sending') : t('patient.forgot.submit')}
        </button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-700">
        {t('patient.forgot.remembered')}{' '}
        <Link to={paths.loginAlt} className={linkClass}>
          {t('patient.forgot.login')}
        </Link>
      </p>
    </AuthCard>
  );
}
