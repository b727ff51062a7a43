// The turnaround queue: containers received and waiting for their report, soonest expected first (the
// server reads them through an index of those waiting only), the overdue ones marked in words and colour.
// It refreshes itself while open; a row opens the visit's results worksheet.
import { staffPaths } from '@lab/contract';
import { Link } from 'react-router';
import { useTurnaroundQueue } from '../../api/samples.ts';
import { DataTable } from '../../components/data-table.tsx';
import { Badge, ListState, tdClass } from '../../components/ui.tsx';
import { formatDateTime } from '../../lib/format.ts';

export default function TurnaroundTab() {
  const queue = useTurnaroundQueue();
  const items = queue.data?.items ?? [];
  const overdue = items.filter((i) => i.overdue).length;
  return (
    <section aria-labelledby="tat-heading">
      <h3 id="tat-heading" className="mb-2 text-lg font-bold text-slate-900">
        Waiting for their report
      </h3>
      <ListState isLoading={queue.isLoading} error={queue.error} loadingText="Loading the queue..." />
      {queue.data && items.length === 0 && <p className="text-slate-700">No container is waiting for its report.</p>}
      {items.length > 0 && (
        <>
          <p className="mb-2 text-sm text-slate-700" data-testid="tat-summary">
            {items.length}
            {queue.data?.more ? '+' : ''} waiting, {overdue} overdue (as of {formatDateTime(queue.data?.now ?? null)}).
          </p>
          <div className="overflow-x-auto">
            <DataTable caption="Containers waiting for their report, soonest expected first" columns={['Expected by', 'Accession', 'Patient', 'Container and tests', 'Received']}>
              {items.map((i) => (
                <tr key={i.accession} className={i.overdue ? 'bg-red-50' : undefined}>
                  <td className={`${tdClass} whitespace-nowrap`}>
                    <span className={i.overdue ? 'font-semibold text-red-800' : undefined}>{formatDateTime(i.expected_at)}</span> {i.overdue && <Badge tone="red">Overdue</Badge>}
                  </td>
                  <th scope="row" className={`${tdClass} font-mono font-normal`}>
                    {i.accession}
                  </th>
                  <td className={tdClass}>
                    <Link className="font-semibold text-brand-800 underline" to={staffPaths.staffResult(i.appointment_id)}>
                      {i.patient_name}
                    </Link>
                    <div className="font-mono text-xs text-slate-700">{i.reference}</div>
                  </td>
                  <td className={tdClass}>
                    <div>{i.container_name}</div>
                    <div className="text-slate-700">{i.tests.join(', ')}</div>
                  </td>
                  <td className={`${tdClass} whitespace-nowrap`}>{formatDateTime(i.received_at)}</td>
                </tr>
              ))}
            </DataTable>
          </div>
        </>
      )}
    </section>
  );
}
