// What the lab holds about the patient, what each kind is for, and the download of all of it as JSON.
import { useState } from 'react';
import { buttonClass } from '../../../shared/ui/button-styles.ts';
import { StatusMessage } from '../../../shared/ui/status-message.tsx';
import { todayInIndia } from '../../../shared/lib/format-date.ts';
import { useT } from '../../../shared/i18n/i18n.tsx';
import type { MessageId } from '../../../shared/i18n/message-id.ts';
import { downloadMyData, useDataSummary } from '../api/data.ts';

const KIND_NAMES: Record<string, MessageId> = {
  profile: 'dashboard.data.kind.profile',
  appointments: 'dashboard.data.kind.appointments',
  bills: 'dashboard.data.kind.bills',
  reports: 'dashboard.data.kind.reports',
  membership: 'dashboard.data.kind.membership',
  requests: 'dashboard.data.kind.requests',
  nominee: 'dashboard.data.kind.nominee',
};

export function DataSummary({ username }: { username: string }) {
  const summary = useDataSummary(username);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; tone: 'success' | 'error' } | null>(null);
  const t = useT();

  const download = async () => {
    setBusy(true);
    setMessage(null);
    try {
      await downloadMyData(todayInIndia());
      setMessage({ text: t('dashboard.data.downloading'), tone: 'success' });
    } catch {
      setMessage({ text: t('dashboard.data.downloadFailed'), tone: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div>
      <h3 className="text-lg font-semibold text-slate-900">{t('dashboard.data.held')}</h3>
      {summary.isPending ? (
        <p role="status" className="mt-2 text-slate-600">
          {t('dashboard.data.loading')}
        </p>
      ) : summary.isError ? (
        <div role="alert" className="mt-2 text-sm text-red-800">
          <p>{t('dashboard.data.failed')}</p>
          <button type="button" onClick={() => void summary.refetch()} className="mt-1 font-medium underline">
            {t('patient.tryAgain')}
          </button>
        </div>
      ) : (
        <>
          <dl className="mt-3 grid gap-3 sm:grid-cols-2">
            {summary.data.items.map((item) => (
              <div key={item.kind} className="rounded-md border border-slate-200 p-3">
                <dt className="font-semibold text-slate-900">
                  {KIND_NAMES[item.kind] ? t(KIND_NAMES[item.kind]!) : item.kind}: <span data-testid={`held-${item.kind}`}>{item.count}</span>
                </dt>
                <dd className="mt-1 text-sm text-slate-700">{item.purpose}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-3 text-sm text-slate-700">
            {t('dashboard.data.retention', { bills: summary.data.retention.bills_years, reports: summary.data.retention.reports_years })}
          </p>
        </>
      )}
      <button type="button" onClick={() => void download()} disabled={busy} className={`${buttonClass.secondary} mt-4`}>
        {t(busy ? 'dashboard.data.preparing' : 'dashboard.data.download')}
      </button>
      <StatusMessage message={message?.text} tone={message?.tone ?? 'success'} className="mt-3" />
    </div>
  );
}
