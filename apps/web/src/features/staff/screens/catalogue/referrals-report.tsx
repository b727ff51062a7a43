// Referrals per doctor and month (docs/families-and-doctors.md): the bookings (not cancelled) naming each
// doctor, and their bills' value; a name typed at booking and not yet matched to the directory is a row
// of its own. The same rows as a CSV.
import { useState } from 'react';
import { formatRupees } from '../../../../shared/lib/format-money.ts';
import { StatusMessage } from '../../../../shared/ui/status-message.tsx';
import { downloadReferralsCsv, useReferrals } from '../../api/doctors.ts';
import { DataTable } from '../../components/data-table.tsx';
import { TextInput } from '../../components/fields.tsx';
import { btn, ListState, tdClass } from '../../components/ui.tsx';
import { todayInIndia } from '../../lib/format.ts';

export default function ReferralsReport() {
  const [month, setMonth] = useState(() => todayInIndia().slice(0, 7));
  const [failed, setFailed] = useState<string | null>(null);
  const referrals = useReferrals(month);
  return (
    <>
      <div className="flex flex-wrap items-end gap-3">
        <TextInput label="Month" type="month" value={month} onChange={(e) => setMonth(e.target.value)} />
        <button type="button" className={btn.secondary} onClick={() => downloadReferralsCsv(month).catch(() => setFailed('The CSV could not be made. Try again.'))}>
          Download CSV
        </button>
      </div>
      <StatusMessage message={failed} tone="error" className="mt-2" />
      <ListState isLoading={referrals.isLoading} error={referrals.error} loadingText="Loading referrals..." />
      {referrals.data && (
        <DataTable caption={`Referrals in ${month}`} columns={['Doctor', 'Clinic', 'Bookings', 'Value']}>
          {referrals.data.rows.map((r) => (
            <tr key={`${r.doctor_id ?? 'typed'}-${r.name}`}>
              <th scope="row" className={`${tdClass} font-semibold`}>
                Dr {r.name}
                {r.doctor_id === null ? <span className="block text-xs font-normal text-slate-600">typed at booking, not yet matched</span> : null}
              </th>
              <td className={tdClass}>{r.clinic}</td>
              <td className={`${tdClass} tabular-nums`}>{r.count}</td>
              <td className={`${tdClass} tabular-nums`}>{formatRupees(r.value)}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </>
  );
}
