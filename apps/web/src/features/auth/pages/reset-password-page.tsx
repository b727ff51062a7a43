// Reset password screen (docs/product.md#public-pages, #screen-behaviour, #validation, #messages), opened from the link in the e-mail: a new password
// typed twice. States idle → submitting → success | error. A logged-in user goes to the dashboard. The
// server's reasons for refusing the password show under the new password (shared/lib/form-errors.ts).
import { paths } from '@lab/contract';
import { type FormEvent, useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../shared/api/client.ts';
import { formErrorsOf } from '../../../shared/lib/form-errors.ts';
import { useRedirectIfLoggedIn } from '../../../shared/auth/use-redirect-if-logged-in.ts';
import { StatusMessage } from '../../../shared/ui/status-message.tsx';
import { useResetPassword } from '../api/reset-password.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { linkClass, primaryButtonClass } from '../components/form-styles.ts';
import { ErrorBox } from '../components/message-box.tsx';
import { PasswordField } from '../components/password-field.tsx';
import type { MetaArgs } from 'react-router';
import { metaTranslate, useT } from '../../../shared/i18n/i18n.tsx';

export const meta = ({ matches }: MetaArgs) => {
  const t = metaTranslate(matches);
  return t ? [{ title: t('patient.reset.meta') }] : [];
};

type Status = 'idle' | 'submitting' | 'success' | 'error';

const MISMATCH = 'patient.reset.mismatch';
const LINK_INVALID = 'patient.reset.linkInvalid';
const FAILED = 'patient.reset.failed';

interface Failure {
  /** the original words (docs/product.md#messages): one message for any 400, another for every other failure */
  message: typeof MISMATCH | typeof LINK_INVALID | typeof FAILED;
  /** the server's words for the new password (e.g. too short), shown under that field */
  password: string | null;
  /** anything else the server said was wrong, shown beneath the message (never a field's raw name) */
  reasons: string[];
  /** the link itself was refused: offer a new one */
  linkRefused: boolean;
}

const noReasons = { password: null, reasons: [], linkRefused: false };

function failureOf(e: unknown): Failure {
  if (!(e instanceof ApiError) || e.status !== 400) return { message: FAILED, ...noReasons };
  // The server refuses a bad link with {"error": …} alone: the sentence our message already says, in the
  // page's language. A refused password comes as {"password": […]}.
  const body = e.body as Record<string, unknown> | null;
  if (body !== null && typeof body === 'object' && typeof body.error === 'string') return { message: LINK_INVALID, ...noReasons, linkRefused: true };
  const refused = formErrorsOf(e, { fallback: '', fields: { password: 'password' } });
  return { message: LINK_INVALID, password: refused.fields.password ?? null, reasons: refused.form ? [refused.form] : [], linkRefused: false };
}

export default function ResetPasswordPage() {
  const hidden = useRedirectIfLoggedIn(paths.dashboard);
  const { uidb64 = '', token = '' } = useParams();
  const reset = useResetPassword();
  const warningId = useId();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [status, setStatus] = useState<Status>('idle');
  const [message, setMessage] = useState('');
  const t = useT();
  const [failure, setFailure] = useState<Failure | null>(null);

  if (hidden) return null;

  const mismatch = password !== confirm;
  const showWarning = mismatch && confirm !== '';

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (mismatch) {
      setStatus('error');
      setFailure({ message: MISMATCH, ...noReasons });
      return;
    }
    setStatus('submitting');
    try {
      const answer = await reset.mutateAsync({ uidb64, token, password });
      setStatus('success');
      setMessage(answer?.message || t('patient.reset.success'));
    } catch (err) {
      setStatus('error');
      setFailure(failureOf(err));
    }
  }

  return (
    <AuthCard title={t('patient.reset.title')}>
      <StatusMessage tone="success" className={status === 'success' ? 'mb-4' : ''} message={status === 'success' ? message : null} />
      {status === 'success' && (
        <p className="text-center text-sm text-slate-700">
          <Link to={paths.loginAlt} className={linkClass}>
            {t('patient.reset.goToLogin')}
          </Link>
        </p>
      )}
      {status === 'error' && failure && (
        <ErrorBox>
          {t(failure.message)}
          {failure.linkRefused && (
            <>
              {' '}
              <Link to={paths.forgotPassword} className="font-semibold text-red-900 underline underline-offset-2">
                {t('patient.reset.newLink')}
              </Link>
            </>
          )}
          {failure.reasons.length > 0 && (
            <ul className="mt-2 list-disc pl-5 font-normal">
              {failure.reasons.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
          )}
        </ErrorBox>
      )}
      {status !== 'success' && (
        <form onSubmit={onSubmit} className="space-y-4" aria-busy={status === 'submitting'}>
          <PasswordField
            label={t('patient.reset.new')}
            toggleSubject={t('patient.reset.newSubject')}
            name="password"
            autoComplete="new-password"
            value={password}
            error={status === 'error' ? (failure?.password ?? undefined) : undefined}
            onChange={(e) => setPassword(e.target.value)}
          />
          <div>
            <PasswordField
              label={t('patient.reset.confirm')}
              toggleSubject={t('patient.reset.confirmSubject')}
              name="confirm"
              autoComplete="new-password"
              value={confirm}
              aria-invalid={showWarning}
              aria-describedby={showWarning ? warningId : undefined}
              onChange={(e) => setConfirm(e.target.value)}
            />
            {showWarning && (
              <p id={warningId} className="mt-1 text-sm font-medium text-amber-800">
                {t(MISMATCH)}
              </p>
            )}
          </div>
          <button type="submit" disabled={status === 'submitting' || mismatch || password === ''} className={primaryButtonClass}>
            {status === 'submitting' ? t('patient.reset.resetting') : t('patient.reset.submit')}
          </button>
        </form>
      )}
    </AuthCard>
  );
}
