// "Who looked" on the dashboard (issue 17): each time lab staff opened this person's appointment
// details, results, report or e-mails, shown by the staff member's role and the time, never by name.
import { READ_KIND_LABELS, type StaffRole } from '@lab/contract';
import { useId } from 'react';
import { ApiError } from '../../../shared/api/client.ts';
import { formatDateTime } from '../../../shared/lib/format-date.ts';
import { buttonStyle } from '../../../shared/ui/button-styles.ts';
import { StatusMessage } from '../../../shared/ui/status-message.tsx';
import { useAccessLog } from '../api/get-access-log.ts';

const ROLE_NAMES: Record<StaffRole, string> = {
  reception: 'Reception',
  technician: 'Lab technician',
  pathologist: 'Pathologist',
  admin: 'Administrator',
};

export function WhoLooked({ username }: { username: string }) {
  const id = useId();
  const log = useAccessLog(username);
  const items = log.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <section aria-labelledby={`${id}-heading`} className="mt-8 rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id={`${id}-heading`} className="text-xl font-semibold text-slate-900">
        Who looked at your data
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Each time lab staff opened your appointments, results or reports: their role and when. Every look is recorded and kept for at least a year.
      </p>
      {log.isPending && <p className="mt-4 text-slate-600">Loading who looked...</p>}
      {log.isError && (
        <StatusMessage
          tone="error"
          className="mt-4"
          message={`Could not load who looked: ${log.error instanceof ApiError ? log.error.message : 'could not reach the server.'}`}
        />
      )}
      {log.isSuccess && items.length === 0 && <p className="mt-4 text-slate-700">No staff member has opened your records yet.</p>}
      {items.length > 0 && (
        <ul className="mt-4 divide-y divide-slate-200" aria-label="Times staff opened your records">
          {items.map((item, i) => (
            <li key={`${item.at}-${i}`} className="py-2 text-sm text-slate-800">
              <span className="font-semibold">{ROLE_NAMES[item.role]}</span> opened your {READ_KIND_LABELS[item.kind]}
              {item.appointment_reference && (
                <>
                  {' '}
                  of booking <span className="font-mono">{item.appointment_reference}</span>
                </>
              )}{' '}
              <span className="whitespace-nowrap text-slate-600">on {formatDateTime(item.at)}</span>
            </li>
          ))}
        </ul>
      )}
      {log.hasNextPage && (
        <button type="button" className={`mt-3 ${buttonStyle('secondary', 'small')}`} disabled={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
          {log.isFetchingNextPage ? 'Loading more...' : 'Show earlier'}
        </button>
      )}
    </section>
  );
}
