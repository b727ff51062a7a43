// The dashboard's consents (issue 17): "Your consents" with one Withdraw (or Give) control per purpose
// and the history of records; and the prompt at the top of the dashboard when no consent to the
// current notice is in force (an account made by a client of spec §7, or a new notice version).
import { type ConsentPurpose, type ConsentRecord, type ConsentsResponse, paths, privacyNotice } from '@lab/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { useAuth } from '../../../shared/auth/auth-context.tsx';
import { formatDateTime } from '../../../shared/lib/format-date.ts';
import { buttonStyle } from '../../../shared/ui/button-styles.ts';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog.tsx';
import { StatusMessage } from '../../../shared/ui/status-message.tsx';
import { useConsents, useGiveConsent, useWithdrawConsent } from '../api/consents.ts';

const purposes: Array<{ purpose: ConsentPurpose; title: string; text: string }> = [
  {
    purpose: 'service',
    title: 'Using your data for the service',
    text: 'Booking, testing, reports, bills and your account, as the privacy notice describes. Needed to book.',
  },
  { purpose: 'marketing', title: 'E-mails about offers and packages', text: 'Optional. We send none today; your choice is kept for when we do.' },
];

const WITHDRAW_SERVICE =
  'We will stop using your details for new bookings, reminders and e-mails. What the law makes us keep (bills and payments, released reports) stays, locked from other use, for the periods in the privacy notice. You can close your account afterwards to erase the rest.';
const WITHDRAW_MARKETING = 'We will not send you e-mails about offers and packages.';
const FAILED = 'Could not save your choice. Please try again.';

const noticeLink = 'font-semibold text-brand-800 underline underline-offset-4';

function latest(records: ConsentRecord[], purpose: ConsentPurpose): ConsentRecord | undefined {
  return records.find((r) => r.purpose === purpose && r.captured);
}

function stateText(data: ConsentsResponse, purpose: ConsentPurpose): string {
  const last = latest(data.records, purpose);
  if (data.in_force[purpose] && last) return `Given on ${formatDateTime(last.given_at)} (notice version ${last.notice_version}).`;
  if (last?.withdrawn_at) return `Withdrawn on ${formatDateTime(last.withdrawn_at)}.`;
  return 'Not given.';
}

export function ConsentsPanel() {
  const { user } = useAuth();
  const username = user?.username ?? '';
  const consents = useConsents(user ? username : null);
  const give = useGiveConsent(username);
  const withdraw = useWithdrawConsent(username);
  const [confirming, setConfirming] = useState<ConsentPurpose | null>(null);
  const [result, setResult] = useState<{ text: string; tone: 'success' | 'error' } | null>(null);

  const onWithdraw = (purpose: ConsentPurpose) => {
    setConfirming(null);
    withdraw.mutate(purpose, {
      onSuccess: (answer) => setResult({ text: answer.message, tone: 'success' }),
      onError: () => setResult({ text: FAILED, tone: 'error' }),
    });
  };
  const onGive = (purpose: ConsentPurpose) =>
    give.mutate(
      { notice_version: privacyNotice.version, purposes: [purpose], source: 'dashboard' },
      {
        onSuccess: () => setResult({ text: purpose === 'marketing' ? 'Thank you: marketing e-mails allowed.' : 'Thank you: consent given.', tone: 'success' }),
        onError: () => setResult({ text: FAILED, tone: 'error' }),
      },
    );

  const data = consents.data;
  const busy = give.isPending || withdraw.isPending;
  return (
    <section aria-labelledby="consents-heading" className="mt-8 rounded-lg border border-slate-200 p-6">
      <h2 id="consents-heading" className="text-xl font-semibold text-slate-900">
        Your consents
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Under the{' '}
        <Link to={paths.privacy} className={noticeLink}>
          privacy notice
        </Link>{' '}
        (version {privacyNotice.version}). Withdrawing is as easy as giving.
      </p>
      {consents.isPending ? (
        <p role="status" className="mt-4 text-slate-600">
          Loading your consents...
        </p>
      ) : consents.isError || !data ? (
        <p role="alert" className="mt-4 text-red-700">
          Could not load your consents. Please reload the page.
        </p>
      ) : (
        <>
          <ul className="mt-4 space-y-4">
            {purposes.map(({ purpose, title, text }) => (
              <li key={purpose} className="flex flex-col gap-3 rounded-md bg-slate-50 p-4 sm:flex-row sm:items-center sm:justify-between">
                <div>
                  <h3 className="font-semibold text-slate-900">{title}</h3>
                  <p className="text-sm text-slate-700">{text}</p>
                  <p className="mt-1 text-sm font-medium text-slate-800">{stateText(data, purpose)}</p>
                </div>
                {data.in_force[purpose] ? (
                  <button type="button" disabled={busy} onClick={() => setConfirming(purpose)} className={`${buttonStyle('danger', 'small')} shrink-0`} aria-label={`Withdraw: ${title}`}>
                    Withdraw
                  </button>
                ) : (
                  <button type="button" disabled={busy} onClick={() => onGive(purpose)} className={`${buttonStyle('secondary', 'small')} shrink-0`} aria-label={`Give consent: ${title}`}>
                    Give consent
                  </button>
                )}
              </li>
            ))}
          </ul>
          {data.records.length > 0 ? (
            <details className="mt-4 text-sm text-slate-700">
              <summary className="cursor-pointer font-medium text-brand-800">History of your consents</summary>
              <ul className="mt-2 space-y-1">
                {data.records.map((r, i) => (
                  <li key={i}>
                    {r.purpose === 'service' ? 'Service' : 'Marketing'}: {r.captured ? `given ${formatDateTime(r.given_at)}` : `not asked (${formatDateTime(r.given_at)})`} at{' '}
                    {r.source.replace('_', ' ')}, notice {r.notice_version}
                    {r.guardian ? `, by ${r.guardian.name} (guardian)` : ''}
                    {r.withdrawn_at ? `; withdrawn ${formatDateTime(r.withdrawn_at)}` : ''}
                  </li>
                ))}
              </ul>
            </details>
          ) : null}
        </>
      )}
      <StatusMessage message={result?.text} tone={result?.tone ?? 'success'} className="mt-4" />
      <ConfirmDialog
        open={confirming !== null}
        title={confirming === 'service' ? 'Withdraw your consent to the service?' : 'Stop marketing e-mails?'}
        body={confirming === 'service' ? WITHDRAW_SERVICE : WITHDRAW_MARKETING}
        confirmLabel="Withdraw"
        cancelLabel="Keep my consent"
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
  if (!consents.data?.needs_consent) return null;
  return (
    <section aria-labelledby="consent-prompt-heading" className="mb-6 rounded-lg border-2 border-amber-400 bg-amber-50 p-6">
      <h2 id="consent-prompt-heading" className="text-lg font-semibold text-slate-900">
        Please agree to our privacy notice
      </h2>
      <p className="mt-1 text-sm text-slate-800">
        We have not yet recorded your consent to the current privacy notice (version {privacyNotice.version}, {privacyNotice.date}). Read it, then
        agree to keep booking with your account.
      </p>
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
            I have read the{' '}
            <Link to={paths.privacy} className={noticeLink}>
              privacy notice
            </Link>{' '}
            and agree to my personal data being used for the service.
          </label>
        </div>
        <button type="submit" disabled={give.isPending} className={`${buttonStyle('primary', 'small')} shrink-0`}>
          Agree
        </button>
      </form>
      {give.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {FAILED}
        </p>
      ) : null}
    </section>
  );
}
