// "Pay now" at the end of booking, when the lab takes payment online (docs/payments-gateway.md): the
// bill says whether the gateway can take what is due; the button sends the payer to the gateway's
// hosted page, and the gateway brings them back to the bill, which shows Paid. Plain calls of the one
// API client (no query cache): the confirmation also renders where no query client is set up.
import { useEffect, useState } from 'react';
import { buttonClass } from '../../../shared/ui/button-styles.ts';
import { getBill, startOnlinePayment } from '../../../shared/api/bills.ts';
import { ApiError } from '../../../shared/api/client.ts';
import { useT } from '../../../shared/i18n/i18n.tsx';

export function PayNow({ appointmentId }: { appointmentId: string }) {
  const t = useT();
  const [online, setOnline] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    getBill(appointmentId, abort.signal).then(
      (bill) => setOnline(bill.online === true),
      () => setOnline(false),
    );
    return () => abort.abort();
  }, [appointmentId]);
  if (!online) return null;
  const pay = async () => {
    setBusy(true);
    setError(null);
    try {
      // the browser leaves for the gateway: the button stays busy
      await startOnlinePayment(appointmentId, 'confirmation');
    } catch (e) {
      setBusy(false);
      const said = e instanceof ApiError && e.body && typeof (e.body as { error?: unknown }).error === 'string' ? (e.body as { error: string }).error : null;
      setError(said ?? t('patient.pay.onlineFailed'));
    }
  };
  return (
    <div className="mt-6 grid gap-2">
      <button type="button" disabled={busy} onClick={() => void pay()} className={buttonClass.primary}>
        {t(busy ? 'patient.pay.onlineStarting' : 'patient.booking.done.payNow')}
      </button>
      {error && (
        <p role="alert" className="text-sm font-medium text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}
