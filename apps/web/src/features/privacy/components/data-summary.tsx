// What the lab holds about the patient, what each kind is for, and the download of all of it as JSON.
import { useState } from 'react';
import { buttonClass } from '../../../shared/ui/button-styles.ts';
import { StatusMessage } from '../../../shared/ui/status-message.tsx';
import { todayInIndia } from '../../../shared/lib/format-date.ts';
import { downloadMyData, useDataSummary } from '../api/data.ts';

export const DOWNLOAD_FAILED = 'Could not download your data. Please try again.';
export const DOWNLOAD_STARTED = 'Your data is downloading as a JSON file.';

const KIND_NAMES: Record<string, string> = {
  profile: 'Your account',
  appointments: 'Appointments',
  bills: 'Bills and payments',
  reports: 'Reports',
  membership: 'Memberships',
  requests: 'Requests and grievances',
  nominee: 'Nominee',
};

export function DataSummary({ username }: { username: string }) {
  const summary = useDataSummary(username);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; tone: 'success' | 'error' } | null>(null);

  const download = async () => {
    setBusy(true);
    setMessage(null);
    try {
      await downloadMyData(todayInIndia());
      setMessage({ text: DOWNLOAD_STARTED, tone: 'success' });
    } catch {
      setMessage({ text: DOWNLOAD_FAILED, tone: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div>
      <h3 className="text-lg font-semibold text-slate-900">What we hold about you, and why</h3>
      {summary.isPending ? (
        <p role="status" className="mt-2 text-slate-600">
          Loading what we hold...
        </p>
      ) : summary.isError ? (
        <div role="alert" className="mt-2 text-sm text-red-800">
          <p>Could not load the summary of your data.</p>
          <button type="button" onClick={() => void summary.refetch()} className="mt-1 font-medium underline">
            Try again
          </button>
        </div>
      ) : (
        <>
          <dl className="mt-3 grid gap-3 sm:grid-cols-2">
            {summary.data.items.map((item) => (
              <div key={item.kind} className="rounded-md border border-slate-200 p-3">
                <dt className="font-semibold text-slate-900">
                  {KIND_NAMES[item.kind] ?? item.kind}: <span data-testid={`held-${item.kind}`}>{item.count}</span>
                </dt>
                <dd className="mt-1 text-sm text-slate-700">{item.purpose}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-3 text-sm text-slate-700">
            After you close your account we keep bills for {summary.data.retention.bills_years} years (tax law) and reports for {summary.data.retention.reports_years} years (medical
            records), apart from your contact details, then erase them.
          </p>
        </>
      )}
      <button type="button" onClick={() => void download()} disabled={busy} className={`${buttonClass.secondary} mt-4`}>
        {busy ? 'Preparing your file...' : 'Download all my data (JSON)'}
      </button>
      <StatusMessage message={message?.text} tone={message?.tone ?? 'success'} className="mt-3" />
    </div>
  );
}
