// The staff read log (docs/personal-data.md): every time a staff member was shown a patient's appointment, results,
// report, e-mails, bill, message, correction request or grievance, newest first; filtered by staff
// member, patient e-mail and dates, and paged by the server's keyset cursor ("Show more"), so a year
// of reads is never counted or scanned.
import { READ_KIND_LABELS, type ReadKind } from '@lab/contract';
import { useState } from 'react';
import { useStaffAccounts } from '../api/accounts.ts';
import { type ReadLogFilters, useReadLog } from '../api/safeguards.ts';
import { DataTable } from '../components/data-table.tsx';
import { SelectInput, TextInput } from '../components/fields.tsx';
import { btn, ListState, ScrollArea, tdClass } from '../components/ui.tsx';
import { formatDateTime } from '../lib/format.ts';
import { useDebounced } from '../lib/use-debounced.ts';

/** what a read of no booking names in the Booking column, with its id */
const SUBJECT_NAMES: Partial<Record<ReadKind, string>> = { contact_message: 'message', correction: 'correction', grievance: 'grievance' };

export default function ReadLogScreen() {
  const accounts = useStaffAccounts();
  const [staffId, setStaffId] = useState('');
  const [emailText, setEmailText] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const email = useDebounced(emailText);
  // an e-mail is asked for once it could be one; until then the list is not filtered by it
  const filters: ReadLogFilters = {
    staff_user_id: staffId,
    patient_email: /^\S+@\S+\.\S+$/.test(email.trim()) ? email : '',
    from,
    to,
  };
  const log = useReadLog(filters);
  const items = log.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <section aria-labelledby="read-log-heading">
      <h3 id="read-log-heading" className="mb-2 text-lg font-bold text-slate-900">
        Read log
      </h3>
      <p className="mb-4 text-sm text-slate-700">
        Every time staff were shown a patient&apos;s personal data. Patients see these entries by role and time in their dashboard.
      </p>
      <form role="search" aria-label="Filter the read log" className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4" onSubmit={(e) => e.preventDefault()}>
        <SelectInput label="Staff member" value={staffId} onChange={(e) => setStaffId(e.target.value)}>
          <option value="">Everyone</option>
          {(accounts.data ?? []).map((a) => (
            <option key={a.id} value={a.id}>
              {`${`${a.first_name} ${a.last_name}`.trim() || a.username}, ${a.username} (${a.staff_role ?? 'no longer staff'})`}
            </option>
          ))}
        </SelectInput>
        <TextInput label="Patient's e-mail" type="email" value={emailText} onChange={(e) => setEmailText(e.target.value)} hint="A registered patient's account e-mail." />
        <TextInput label="From" type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        <TextInput label="To" type="date" value={to} min={from || undefined} onChange={(e) => setTo(e.target.value)} />
      </form>
      <ListState isLoading={log.isPending} error={log.error} loadingText="Loading the read log..." />
      {log.isSuccess && items.length === 0 && <p className="py-4 text-slate-700">No reads recorded for these filters.</p>}
      {items.length > 0 && (
        <ScrollArea label="Read log entries">
          <DataTable caption="Reads of personal data, newest first" columns={['When', 'Staff member', 'Patient', 'What', 'Booking']}>
            {items.map((r) => (
              <tr key={r.id}>
                <td className={`${tdClass} whitespace-nowrap`}>{formatDateTime(r.at)}</td>
                <td className={tdClass}>
                  {r.staff_name ?? `User ${r.staff_user_id}`} <span className="text-slate-600">({r.staff_role})</span>
                </td>
                <td className={tdClass}>
                  {r.patient_name ?? '—'}
                  {r.patient_email && <span className="block text-xs text-slate-600">{r.patient_email}</span>}
                </td>
                <td className={tdClass}>{READ_KIND_LABELS[r.kind]}</td>
                <td className={`${tdClass} font-mono text-xs`}>{r.appointment_reference ?? (SUBJECT_NAMES[r.kind] ? `${SUBJECT_NAMES[r.kind]} ${r.subject_id}` : '—')}</td>
              </tr>
            ))}
          </DataTable>
        </ScrollArea>
      )}
      {log.hasNextPage && (
        <button type="button" className={`mt-3 ${btn.secondary}`} disabled={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
          {log.isFetchingNextPage ? 'Loading more...' : 'Show more'}
        </button>
      )}
    </section>
  );
}
