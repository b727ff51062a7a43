// Reset password screen (docs/product.md#public-pages, #screen-behaviour, #validation, #messages), opened from the link in the e-mail: a new password
// typed twice. States idle → submitting → success | error. A logged-in user goes to the dashboard.
import { paths } from '@lab/contract';
import { type FormEvent, useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../shared/api/client.ts';
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
/** how the server words a refused link (its words are English; ours come from the catalogue) */
const SERVER_LINK_INVALID = 'The password reset link has expired or is invalid.';

interface Failure {
  /** the original words (docs/product.md#messages): one message for any 400, another for every other failure */
  message: typeof MISMATCH | typeof LINK_INVALID | typeof FAILED;
  /** what the server said was wrong (e.g. the new password too short), shown beneath the message */
  reasons: string[];
  /** the link itself was refused: offer a new one */
  linkRefused: boolean;
}

/** the server's own words in a 400's body: `{"error": "…"}` or `{"field": ["…"]}` */
function reasonsOf(body: unknown): string[] {
  if (typeof body !== 'object' || body === null) return [];
  return Object.values(body as Record<string, unknown>).flatMap((v) => (typeof v === 'string' ? [v] : Array.isArray(v) ? v.filter((m): m is string => typeof m === 'string') : []));
}

function failureOf(e: unknown): Failure {
  if (!(e instanceof ApiError) || e.status !== 400) return { message: FAILED, reasons: [], linkRefused: false };
  const reasons = reasonsOf(e.body).filter((r) => r !== SERVER_LINK_INVALID);
  // The server refuses a bad link with the spec's own sentence and nothing else.
  return { message: LINK_INVALID, reasons, linkRefused: reasons.length === 0 };
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
      setFailure({ message: MISMATCH, reasons: [], linkRefused: false });
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
