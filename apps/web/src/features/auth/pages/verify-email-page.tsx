// The page the proof e-mail's link opens (decision 049), signed in or not: one button confirms the
// address. Opening the page changes nothing, so a mail scanner that follows links proves nothing.
import { paths } from '@lab/contract';
import { useState } from 'react';
import { Link, type MetaArgs, useParams } from 'react-router';
import { ApiError } from '../../../shared/api/client.ts';
import { metaTranslate, useT } from '../../../shared/i18n/i18n.tsx';
import { StatusMessage } from '../../../shared/ui/status-message.tsx';
import { useVerifyEmail } from '../api/verify-email.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { linkClass, primaryButtonClass } from '../components/form-styles.ts';
import { ErrorBox } from '../components/message-box.tsx';

export const meta = ({ matches }: MetaArgs) => {
  const t = metaTranslate(matches);
  return t ? [{ title: t('patient.verifyEmail.meta') }] : [];
};

type Status = 'idle' | 'submitting' | 'success' | 'invalid' | 'elsewhere' | 'failed';

export default function VerifyEmailPage() {
  const { uidb64 = '', token = '' } = useParams();
  const verify = useVerifyEmail();
  const [status, setStatus] = useState<Status>('idle');
  const t = useT();

  async function onConfirm() {
    setStatus('submitting');
    try {
      await verify.mutateAsync({ uidb64, token });
      setStatus('success');
    } catch (err) {
      setStatus(err instanceof ApiError ? (err.status === 409 ? 'elsewhere' : err.status === 400 ? 'invalid' : 'failed') : 'failed');
    }
  }

  // Each key written out whole: the catalogues are compiled from the keys the code names.
  const error =
    status === 'invalid' ? t('patient.verifyEmail.invalid') : status === 'elsewhere' ? t('patient.verifyEmail.elsewhere') : status === 'failed' ? t('patient.verifyEmail.failed') : null;
  return (
    <AuthCard title={t('patient.verifyEmail.title')}>
      <StatusMessage tone="success" className={status === 'success' ? 'mb-4' : ''} message={status === 'success' ? t('patient.verifyEmail.success') : null} />
      {error && <ErrorBox>{error}</ErrorBox>}
      {status === 'idle' || status === 'submitting' || status === 'failed' ? (
        <div className="space-y-4">
          <p className="text-sm text-slate-700">{t('patient.verifyEmail.intro')}</p>
          <button type="button" onClick={onConfirm} disabled={status === 'submitting'} className={primaryButtonClass}>
            {status === 'submitting' ? t('patient.verifyEmail.submitting') : t('patient.verifyEmail.submit')}
          </button>
        </div>
      ) : (
        <p className="mt-4 text-center text-sm text-slate-700">
          <Link to={paths.loginAlt} className={linkClass}>
            {t('patient.verifyEmail.goToLogin')}
          </Link>
        </p>
      )}
    </AuthCard>
  );
}
