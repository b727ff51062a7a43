// The dashboard's consents (docs/personal-data.md): "Your consents" with one Withdraw (or Give) control per purpose
// and the history of records; and the prompt at the top of the dashboard when no consent to the
// current notice is in force (an account made by an older API client (docs/product.md#api-contract), or a new notice version).
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
  { purpose: 'service', title: 'dashboard.consent.service', text: 'dashboard.consent.serviceText' },
  { purpose: 'marketing', title: 'dashboard.consent.marketing', text: 'dashboard.consent.marketingText' },
];

const FAILED: MessageId = 'dashboard.consent.failed';

/** where a consent was given (the contract's CONSENT_SOURCES) */
const sourceIds: Record<string, MessageId> = {
  registration: 'dashboard.consent.source.registration',
  booking: 'dashboard.consent.source.booking',
  dashboard: 'dashboard.consent.source.dashboard',
  login_prompt: 'dashboard.consent.source.loginPrompt',
};

const noticeLink = 'font-semibold text-brand-800 underline underline-offset-4';

function latest(records: ConsentRecord[], purpose: ConsentPurpose): ConsentRecord | undefined {
  return records.find((r) => r.purpose === purpose && r.captured);
}

function stateText(data: ConsentsResponse, purpose: ConsentPurpose, t: Translate, locale: Locale): string {
  const last = latest(data.records, purpose);
  if (data.in_force[purpose] && last) return t('dashboard.consent.given', { when: formatDateTime(last.given_at, locale), version: last.notice_version });
  if (last?.withdrawn_at) return t('dashboard.consent.withdrawn', { when: formatDateTime(last.withdrawn_at, locale) });
  return t('dashboard.consent.notGiven');
}

/** one record of the history, as the page's language says it */
function recordText(r: ConsentRecord, t: Translate, locale: Locale): string {
  const values = {
    purpose: t(r.purpose === 'service' ? 'dashboard.consent.purposeService' : r.purpose === 'whatsapp' ? 'dashboard.consent.purposeWhatsapp' : 'dashboard.consent.purposeMarketing'),
    when: formatDateTime(r.given_at, locale),
    source: sourceIds[r.source] ? t(sourceIds[r.source]!) : r.source.replace('_', ' '),
    version: r.notice_version,
  };
  return [
    t(r.captured ? 'dashboard.consent.record' : 'dashboard.consent.recordNotAsked', values),
    r.guardian ? t('dashboard.consent.byGuardian', { name: r.guardian.name }) : '',
    r.withdrawn_at ? t('dashboard.consent.recordWithdrawn', { when: formatDateTime(r.withdrawn_at, locale) }) : '',
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
  const { t, locale, localePath } = useLanguage();

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
        onSuccess: () => setResult({ text: t(purpose === 'marketing' ? 'dashboard.consent.thanksMarketing' : 'dashboard.consent.thanks'), tone: 'success' }),
        onError: () => setResult({ text: t(FAILED), tone: 'error' }),
      },
    );

  const data = consents.data;
  const busy = give.isPending || withdraw.isPending;
  return (
    <section aria-labelledby="consents-heading" className="mt-8 rounded-lg border border-slate-200 p-6">
      <h2 id="consents-heading" className="text-xl font-semibold text-slate-900">
        {t('dashboard.consent.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        {t('dashboard.consent.under')}{' '}
        <Link to={localePath(paths.privacy)} className={noticeLink}>
          {t('dashboard.consent.notice')}
        </Link>{' '}
        {t('dashboard.consent.underEnd', { version: privacyNotice.version })}
      </p>
      {consents.isPending ? (
        <p role="status" className="mt-4 text-slate-600">
          {t('dashboard.consent.loading')}
        </p>
      ) : consents.isError || !data ? (
        <p role="alert" className="mt-4 text-red-700">
          {t('dashboard.consent.loadFailed')}
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
                    aria-label={t('dashboard.consent.withdrawWhat', { what: t(title) })}
                  >
                    {t('dashboard.consent.withdraw')}
                  </button>
                ) : (
                  <button
                    type="button"
                    disabled={busy}
                    onClick={() => onGive(purpose)}
                    className={`${buttonStyle('secondary', 'small')} shrink-0`}
                    aria-label={t('dashboard.consent.giveWhat', { what: t(title) })}
                  >
                    {t('dashboard.consent.give')}
                  </button>
                )}
              </li>
            ))}
          </ul>
          {data.records.length > 0 ? (
            <details className="mt-4 text-sm text-slate-700">
              <summary className="cursor-pointer font-medium text-brand-800">{t('dashboard.consent.history')}</summary>
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
        title={t(confirming === 'service' ? 'dashboard.consent.askService' : 'dashboard.consent.askMarketing')}
        body={t(confirming === 'service' ? 'dashboard.consent.withdrawService' : 'dashboard.consent.withdrawMarketing')}
        confirmLabel={t('dashboard.consent.withdraw')}
        cancelLabel={t('dashboard.consent.keep')}
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
  const { t, localePath } = useLanguage();
  if (!consents.data?.needs_consent) return null;
  return (
    <section aria-labelledby="consent-prompt-heading" className="mb-6 rounded-lg border-2 border-amber-400 bg-amber-50 p-6">
      <h2 id="consent-prompt-heading" className="text-lg font-semibold text-slate-900">
        {t('dashboard.consent.promptTitle')}
      </h2>
      <p className="mt-1 text-sm text-slate-800">{t('dashboard.consent.promptText', { version: privacyNotice.version, date: privacyNotice.date })}</p>
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
            {t('dashboard.consent.readThe')}{' '}
            <Link to={localePath(paths.privacy)} className={noticeLink}>
              {t('dashboard.consent.notice')}
            </Link>{' '}
            {t('dashboard.consent.agreeEnd')}
          </label>
        </div>
        <button type="submit" disabled={give.isPending} className={`${buttonStyle('primary', 'small')} shrink-0`}>
          {t('dashboard.consent.agree')}
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
