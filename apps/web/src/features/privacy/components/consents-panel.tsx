// The dashboard's consents (issue 17): "Your consents" with one Withdraw (or Give) control per purpose
// and the history of records; and the prompt at the top of the dashboard when no consent to the
// current notice is in force (an account made by a client of spec §7, or a new notice version).
import { type ConsentPurpose, type ConsentRecord, type ConsentsResponse, type Locale, paths, privacyNotice } from '@lab/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { useAuth } from '../../../shared/auth/auth-context.tsx';
import { formatDateTime } from '../../../shared/lib/format-date.ts';
import { type Translate, useLanguage } from '../../../shared/i18n/i18n.tsx';
import type { MessageId } from '../../../shared/i18n/message-id.ts';
import { buttonStyle } from '../../../shared/ui/button-styles.ts';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog.tsx';
import { StatusMessage } from '../../../shared/ui/status-message.tsx';
import { useConsents, useGiveConsent, useWithdrawConsent } from '../api/consents.ts';

const purposes: Array<{ purpose: ConsentPurpose; title: MessageId; text: MessageId }> = [
  { purpose: 'service', title: 'patient.consent.service', text: 'patient.consent.serviceText' },
  { purpose: 'marketing', title: 'patient.consent.marketing', text: 'patient.consent.marketingText' },
];

const FAILED: MessageId = 'patient.consent.failed';

/** where a consent was given (the contract's CONSENT_SOURCES) */
const sourceIds: Record<string, MessageId> = {
  registration: 'patient.consent.source.registration',
  booking: 'patient.consent.source.booking',
  dashboard: 'patient.consent.source.dashboard',
  login_prompt: 'patient.consent.source.loginPrompt',
};

const noticeLink = 'font-semibold text-brand-800 underline underline-offset-4';

function latest(records: ConsentRecord[], purpose: ConsentPurpose): ConsentRecord | undefined {
  return records.find((r) => r.purpose === purpose && r.captured);
}

function stateText(data: ConsentsResponse, purpose: ConsentPurpose, t: Translate, locale: Locale): string {
  const last = latest(data.records, purpose);
  if (data.in_force[purpose] && last) return t('patient.consent.given', { when: formatDateTime(last.given_at, locale), version: last.notice_version });
  if (last?.withdrawn_at) return t('patient.consent.withdrawn', { when: formatDateTime(last.withdrawn_at, locale) });
  return t('patient.consent.notGiven');
}

/** one record of the history, as the page's language says it */
function recordText(r: ConsentRecord, t: Translate, locale: Locale): string {
  const values = {
    purpose: t(r.purpose === 'service' ? 'patient.consent.purposeService' : 'patient.consent.purposeMarketing'),
    when: formatDateTime(r.given_at, locale),
    source: sourceIds[r.source] ? t(sourceIds[r.source]!) : r.source.replace('_', ' '),
    version: r.notice_version,
  };
  return [
    t(r.captured ? 'patient.consent.record' : 'patient.consent.recordNotAsked', values),
    r.guardian ? t('patient.consent.byGuardian', { name: r.guardian.name }) : '',
    r.withdrawn_at ? t('patient.consent.recordWithdrawn', { when: formatDateTime(r.withdrawn_at, locale) }) : '',
  ].join('');
}

export function ConsentsPanel() {
  const { user } = useAuth();
  const username = user?.username ?? '';
  const consents = useConsents(user ? username : null);
  const give = useGiveConsent(username);
  const withdraw = useWithdrawConsent(username);
  const [confirming, setConfirming] = useState<ConsentPurpose | null>(null);
  const [result, setResult] = useState<{ text: string; tone: 'success' | 'error' } | null>(null);
  const { t, locale } = useLanguage();

  const onWithdraw = (purpose: ConsentPurpose) => {
    setConfirming(null);
    withdraw.mutate(purpose, {
      onSuccess: (answer) => setResult({ text: answer.message, tone: 'success' }),
      onError: () => setResult({ text: t(FAILED), tone: 'error' }),
    });
  };
  const onGive = (purpose: ConsentPurpose) =>
    give.mutate(
      { notice_version: privacyNotice.version, purposes: [purpose], source: 'dashboard' },
      {
        onSuccess: () => setResult({ text: t(purpose === 'marketing' ? 'patient.consent.thanksMarketing' : 'patient.consent.thanks'), tone: 'success' }),
        onError: () => setResult({ text: t(FAILED), tone: 'error' }),
      },
    );

  const data = consents.data;
  const busy = give.isPending || withdraw.isPending;
  return (
    <section aria-labelledby="consents-heading" className="mt-8 rounded-lg border border-slate-200 p-6">
      <h2 id="consents-heading" className="text-xl font-semibold text-slate-900">
        {t('patient.consent.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        {t('patient.consent.under')}{' '}
        <Link to={paths.privacy} className={noticeLink}>
          {t('patient.consent.notice')}
        </Link>{' '}
        {t('patient.consent.underEnd', { version: privacyNotice.version })}
      </p>
      {consents.isPending ? (
        <p role="status" className="mt-4 text-slate-600">
          {t('patient.consent.loading')}
        </p>
      ) : consents.isError || !data ? (
        <p role="alert" className="mt-4 text-red-700">
          {t('patient.consent.loadFailed')}
        </p>
      ) : (
        <>
          <ul className="mt-4 space-y-4">
            {purposes.map(({ purpose, title, text }) => (
              <li key={purpose} className="flex flex-col gap-3 rounded-md bg-slate-50 p-4 sm:flex-row sm:items-center sm:justify-between">
                <div>
                  <h3 className="font-semibold text-slate-900">{t(title)}</h3>
                  <p className="text-sm text-slate-700">{t(text)}</p>
                  <p className="mt-1 text-sm font-medium text-slate-800">{stateText(data, purpose, t, locale)}</p>
                </div>
                {data.in_force[purpose] ? (
                  <button
                    type="button"
                    disabled={busy}
                    onClick={() => setConfirming(purpose)}
                    className={`${buttonStyle('danger', 'small')} shrink-0`}
                    aria-label={t('patient.consent.withdrawWhat', { what: t(title) })}
                  >
                    {t('patient.consent.withdraw')}
                  </button>
                ) : (
                  <button
                    type="button"
                    disabled={busy}
                    onClick={() => onGive(purpose)}
                    className={`${buttonStyle('secondary', 'small')} shrink-0`}
                    aria-label={t('patient.consent.giveWhat', { what: t(title) })}
                  >
                    {t('patient.consent.give')}
                  </button>
                )}
              </li>
            ))}
          </ul>
          {data.records.length > 0 ? (
            <details className="mt-4 text-sm text-slate-700">
              <summary className="cursor-pointer font-medium text-brand-800">{t('patient.consent.history')}</summary>
              <ul className="mt-2 space-y-1">
                {data.records.map((r, i) => (
                  <li key={i}>{recordText(r, t, locale)}</li>
                ))}
              </ul>
            </details>
          ) : null}
        </>
      )}
      <StatusMessage message={result?.text} tone={result?.tone ?? 'success'} className="mt-4" />
      <ConfirmDialog
        open={confirming !== null}
        title={t(confirming === 'service' ? 'patient.consent.askService' : 'patient.consent.askMarketing')}
        body={t(confirming === 'service' ? 'patient.consent.withdrawService' : 'patient.consent.withdrawMarketing')}
        confirmLabel={t('patient.consent.withdraw')}
        cancelLabel={t('patient.consent.keep')}
        onConfirm={() => confirming && onWithdraw(confirming)}
        onClose={() => setConfirming(null)}
      />
    </section>
  );
}

/** at the top of the dashboard while no consent to the current notice is in force */
export function ConsentPrompt() {
  const { user } = useAuth();
  const username = user?.username ?? '';
  const consents = useConsents(user ? username : null);
  const give = useGiveConsent(username);
  const [ticked, setTicked] = useState(false);
  const { t } = useLanguage();
  if (!consents.data?.needs_consent) return null;
  return (
    <section aria-labelledby="consent-prompt-heading" className="mb-6 rounded-lg border-2 border-amber-400 bg-amber-50 p-6">
      <h2 id="consent-prompt-heading" className="text-lg font-semibold text-slate-900">
        {t('patient.consent.promptTitle')}
      </h2>
      <p className="mt-1 text-sm text-slate-800">{t('patient.consent.promptText', { version: privacyNotice.version, date: privacyNotice.date })}</p>
      <form
        className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-center"
        onSubmit={(e) => {
          e.preventDefault();
          give.mutate({ notice_version: privacyNotice.version, purposes: ['service'], source: 'login_prompt' });
        }}
      >
        <div className="flex items-start gap-2">
          <input id="consent-prompt-box" type="checkbox" required checked={ticked} onChange={(e) => setTicked(e.target.checked)} className="mt-1 h-5 w-5 accent-brand-700" />
          <label htmlFor="consent-prompt-box" className="text-sm text-slate-800">
            {t('patient.consent.readThe')}{' '}
            <Link to={paths.privacy} className={noticeLink}>
              {t('patient.consent.notice')}
            </Link>{' '}
            {t('patient.consent.agreeEnd')}
          </label>
        </div>
        <button type="submit" disabled={give.isPending} className={`${buttonStyle('primary', 'small')} shrink-0`}>
          {t('patient.consent.agree')}
        </button>
      </form>
      {give.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {t(FAILED)}
        </p>
      ) : null}
    </section>
  );
}
