// On the dashboard: bookings made as a guest with this account's e-mail join the account once the
// person opens the confirmation link e-mailed to that address.
import { useState } from 'react';
import { ApiError } from '../../../shared/api/client.ts';
import { buttonStyle } from '../../../shared/ui/button-styles.ts';
import { StatusMessage } from '../../../shared/ui/status-message.tsx';
import { useT } from '../../../shared/i18n/i18n.tsx';
import { requestClaimLink } from '../api/claim-guest-bookings.ts';

export function ClaimGuestBookings({ email }: { email: string }) {
  const [message, setMessage] = useState<{ text: string; tone: 'success' | 'error' } | null>(null);
  const [sending, setSending] = useState(false);
  const t = useT();

  const ask = async () => {
    setSending(true);
    setMessage(null);
    try {
      const { waiting } = await requestClaimLink();
      setMessage({ text: t('dashboard.claim.sent', { email, count: waiting }), tone: 'success' });
    } catch (error) {
      setMessage({ text: error instanceof ApiError ? error.message : t('dashboard.claim.failed'), tone: 'error' });
    } finally {
      setSending(false);
    }
  };

  return (
    <section aria-labelledby="claim-heading" className="mt-6 rounded-lg border border-slate-200 p-4">
      <h2 id="claim-heading" className="font-semibold text-slate-900">
        {t('dashboard.claim.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t('dashboard.claim.intro')}</p>
      <button type="button" onClick={() => void ask()} disabled={sending} aria-busy={sending} className={`${buttonStyle('secondary', 'small')} mt-3`}>
        {t('dashboard.claim.ask')}
      </button>
      <StatusMessage message={message?.text} tone={message?.tone ?? 'success'} className="mt-3" />
    </section>
  );
}
