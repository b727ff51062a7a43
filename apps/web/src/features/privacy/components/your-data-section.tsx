// The dashboard's "Your data" section (DPDP Act; docs/personal-data.md): what the lab holds and why, the download,
// correction requests, the nominee, grievances, and closing the account. The dashboard route places it
// (lazily: none of it is needed to show the dashboard) and shows AccountClosedPanel after a closure.
import type { AccountClosed } from '@lab/contract';
import { useId } from 'react';
import { useAuth } from '../../../shared/auth/auth-context.tsx';
import { useT } from '../../../shared/i18n/i18n.tsx';
import { useDataSummary } from '../api/data.ts';
import { CloseAccount } from './close-account.tsx';
import { CorrectionRequests } from './correction-requests.tsx';
import { DataSummary } from './data-summary.tsx';
import { GrievancesPanel } from './grievances-panel.tsx';
import { NomineeForm } from './nominee-form.tsx';

export default function YourDataSection({ onClosed }: { onClosed(result: AccountClosed): void }) {
  const id = useId();
  const { user } = useAuth();
  const summary = useDataSummary(user?.username ?? '');
  const t = useT();
  if (!user) return null;
  return (
    <section aria-labelledby={`${id}-heading`} className="mt-8 rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id={`${id}-heading`} className="text-xl font-semibold text-slate-900">
        {t('dashboard.data.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('dashboard.data.intro')}</p>
      <div className="mt-4 grid gap-8 divide-slate-200">
        <DataSummary username={user.username} />
        <CorrectionRequests username={user.username} />
        <NomineeForm username={user.username} />
        <GrievancesPanel username={user.username} summary={summary.data} />
        <CloseAccount onClosed={onClosed} />
      </div>
    </section>
  );
}
