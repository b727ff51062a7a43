// On the dashboard: bookings made as a guest with this account's e-mail join the account once the
// person opens the confirmation link e-mailed to that address.
import { useState } from 'react';
import { ApiError } from '../../../shared/api/client.ts';
import { buttonStyle } from '../../../shared/ui/button-styles.ts';
import { StatusMessage } from '../../../shared/ui/status-message.tsx';
import { requestClaimLink } from '../api/claim-guest-bookings.ts';

export function ClaimGuestBookings({ email }: { email: string }) {
  const [message, setMessage] = useState<{ text: string; tone: 'success' | 'error' } | null>(null);
  const [sending, setSending] = useState(false);

  const ask = async () => {
    setSending(true);
    setMessage(null);
    try {
      const { waiting } = await requestClaimLink();
      const what = waiting === 1 ? '1 booking' : `${waiting} bookings`;
      setMessage({ text: `We have e-mailed a link to ${email}. Open it to add ${what} made as a guest to your account.`, tone: 'success' });
    } catch (error) {
      setMessage({ text: error instanceof ApiError ? error.message : 'Could not send the e-mail. Please try again.', tone: 'error' });
    } finally {
      setSending(false);
    }
  };

  return (
    <section aria-labelledby="claim-heading" className="mt-6 rounded-lg border border-slate-200 p-4">
      <h2 id="claim-heading" className="font-semibold text-slate-900">
        Booked as a guest before?
      </h2>
      <p className="mt-1 text-sm text-slate-700">Confirm your e-mail address and the bookings you made as a guest with it will appear here.</p>
      <button type="button" onClick={() => void ask()} disabled={sending} aria-busy={sending} className={`${buttonStyle('secondary', 'small')} mt-3`}>
        E-mail me a confirmation link
      </button>
      <StatusMessage message={message?.text} tone={message?.tone ?? 'success'} className="mt-3" />
    </section>
  );
}
