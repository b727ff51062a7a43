// /take-over: a family member's invitation to take their records over (docs/families-and-doctors.md). The
// holder passes the link on; the member opens it on their phone, signed in or not. The one-time token sits in
// the address's #fragment (no server log or Referer carries it), is kept for this tab only and taken out of
// the address at once. Signed out, the page offers the sign-in by mobile code in place, so the invitation
// stays; signed in, the member agrees to the privacy notice and their bookings, bills and reports move to
// their account (POST /api/users/me/take-over). A refusal (another phone, an old link) says why.
import { paths, privacyNotice } from '@lab/contract';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Link, type MetaArgs } from 'react-router';
import { useTakeOver } from '../../../shared/api/members.ts';
import { useAuth } from '../../../shared/auth/auth-context.tsx';
import { PhoneSignInForm } from '../../../shared/auth/phone-sign-in-form.tsx';
import { metaTranslate, useT } from '../../../shared/i18n/i18n.tsx';
import { formErrorsOf } from '../../../shared/lib/form-errors.ts';
import { buttonClass } from '../../../shared/ui/button-styles.ts';
import { FieldError } from '../../../shared/ui/form-errors.tsx';
import { StatusMessage } from '../../../shared/ui/status-message.tsx';

export function meta({ matches }: MetaArgs) {
  const t = metaTranslate(matches);
  return [...(t ? [{ title: t('patient.takeOver.title') }] : []), { name: 'robots', content: 'noindex' }];
}

const TOKEN_KEY = 'lab.take-over';

export default function TakeOverPage() {
  const t = useT();
  const id = useId();
  const { user, ready } = useAuth();
  /** undefined until read in the browser; null: the address held no invitation */
  const [token, setToken] = useState<string | null | undefined>(undefined);
  const [agreed, setAgreed] = useState(false);
  const [error, setError] = useState<{ agree?: string; form?: string }>({});
  const [done, setDone] = useState<string | null>(null);
  const takeOver = useTakeOver();

  // The token, read once from the fragment (or this tab's copy of it) and taken out of the address.
  useEffect(() => {
    const fromHash = /[#&]token=([^&]+)/.exec(window.location.hash)?.[1];
    if (fromHash) {
      const value = decodeURIComponent(fromHash);
      sessionStorage.setItem(TOKEN_KEY, value);
      window.history.replaceState(window.history.state, '', window.location.pathname);
      setToken(value);
    } else setToken(sessionStorage.getItem(TOKEN_KEY));
  }, []);

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!token || takeOver.isPending) return;
    if (!agreed) {
      setError({ agree: t('patient.takeOver.agreeNeeded') });
      return;
    }
    setError({});
    takeOver.mutate(
      { token, notice_version: privacyNotice.version, agreed: true },
      {
        onSuccess: (answer) => {
          sessionStorage.removeItem(TOKEN_KEY);
          setDone(answer.message);
        },
        onError: (err) => {
          const refused = formErrorsOf(err, { fallback: t('patient.takeOver.failed') });
          setError({ form: Object.values(refused.fields)[0] ?? refused.form ?? t('patient.takeOver.failed') });
        },
      },
    );
  };

  return (
    <div className="mx-auto max-w-xl px-4 py-8">
      <h1 className="text-2xl font-bold text-brand-900">{t('patient.takeOver.title')}</h1>
      <p className="mt-2 text-slate-700">{t('patient.takeOver.intro')}</p>
      {token === null ? <p className="mt-4 rounded-md bg-amber-50 px-4 py-3 text-amber-900">{t('patient.takeOver.noToken')}</p> : null}
      {done ? (
        <div className="mt-6">
          <StatusMessage message={done} tone="success" />
          <Link to={paths.dashboard} className={`${buttonClass.primary} mt-4 inline-block`}>
            {t('patient.takeOver.dashboard')}
          </Link>
        </div>
      ) : token && ready && !user ? (
        <section aria-labelledby={`${id}-sign-in`} className="mt-6 rounded-lg border border-slate-200 p-4">
          <h2 id={`${id}-sign-in`} className="font-semibold text-slate-900">
            {t('patient.takeOver.signIn')}
          </h2>
          <div className="mt-3">
            <PhoneSignInForm idPrefix="take-over" />
          </div>
        </section>
      ) : token && user ? (
        <form onSubmit={onSubmit} noValidate className="mt-6 rounded-lg border border-slate-200 p-4">
          <p className="text-sm text-slate-700">{t('patient.takeOver.as', { name: `${user.first_name} ${user.last_name}`.trim() || user.username })}</p>
          <label className="mt-3 flex items-start gap-2 text-sm text-slate-900">
            <input
              type="checkbox"
              className="mt-1"
              checked={agreed}
              onChange={(e) => {
                setAgreed(e.target.checked);
                setError({});
              }}
              aria-invalid={error.agree ? true : undefined}
              aria-describedby={error.agree ? `${id}-agree-error` : undefined}
            />
            <span>{t('patient.takeOver.agree', { version: privacyNotice.version })}</span>
          </label>
          <FieldError id={`${id}-agree-error`} message={error.agree} />
          <p className="mt-2 text-sm">
            <Link to={paths.privacy} target="_blank" className="text-brand-800 underline">
              {t('patient.takeOver.notice')}
            </Link>
          </p>
          <button type="submit" disabled={takeOver.isPending} aria-busy={takeOver.isPending} className={`${buttonClass.primary} mt-4 w-full`}>
            {t('patient.takeOver.submit')}
          </button>
          <div role="alert" className="mt-3">
            {error.form ? <p className="text-sm font-medium text-red-700">{error.form}</p> : null}
          </div>
        </form>
      ) : null}
    </div>
  );
}
