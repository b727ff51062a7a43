// The results queue: appointments whose sample is in the lab, and released reports. Critical values
// nobody has called about yet come first, marked, until the call is recorded on the worksheet; then
// amendments waiting for a second pathologist. "Released" only where a released version exists.
import { staffPaths } from '@lab/contract';
import { Link } from 'react-router';
import { useResultsQueue } from '../api/results.ts';
import { ScreenError, staffMeta } from '../components/screen-route.tsx';
import { Badge, ListState, tableClass, tdClass, thClass, ScrollArea } from '../components/ui.tsx';
import { formatDate } from '../lib/format.ts';

export const meta = () => staffMeta('Results');
export const ErrorBoundary = ScreenError;

const stages = {
  none: { tone: 'slate', label: 'Not started' },
  draft: { tone: 'amber', label: 'Draft' },
  ready: { tone: 'blue', label: 'Ready to release' },
  released: { tone: 'green', label: 'Released' },
  amendment: { tone: 'amber', label: 'Amendment to release' },
} as const;

export default function ResultsScreen() {
  const queue = useResultsQueue();
  return (
    <section aria-labelledby="results-heading">
      <h2 id="results-heading" className="mb-4 text-xl font-bold text-slate-900">
        Results
      </h2>
      <ListState isLoading={queue.isLoading} error={queue.error} loadingText="Loading the results queue..." />
      {queue.data && queue.data.length === 0 && <p className="py-4 text-slate-700">No samples are waiting for results.</p>}
      {queue.data && queue.data.length > 0 && (
        <ScrollArea label="Results queue">
          <table className={tableClass}>
            <thead>
              <tr>
                <th className={thClass}>Patient</th>
                <th className={thClass}>Date</th>
                <th className={thClass}>Tests</th>
                <th className={thClass}>Stage</th>
              </tr>
            </thead>
            <tbody>
              {queue.data.map((a) => (
                <tr key={a.appointment_id} className={a.critical_pending ? 'bg-red-50' : ''}>
                  <td className={tdClass}>
                    <Link className="font-semibold text-brand-800 underline" to={staffPaths.staffResult(a.appointment_id)}>
                      {a.patient_name}
                    </Link>
                    {a.critical_pending && (
                      <span className="ml-2">
                        <Badge tone="red">Critical value: call not recorded</Badge>
                      </span>
                    )}
                    {a.needs_patient_details && <p className="text-xs text-amber-800">Age and sex needed</p>}
                  </td>
                  <td className={tdClass}>
                    {formatDate(a.date)} {a.time}
                  </td>
                  <td className={tdClass}>{a.tests.join(', ')}</td>
                  <td className={tdClass}>
                    <Badge tone={stages[a.stage].tone}>{stages[a.stage].label}</Badge>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollArea>
      )}
    </section>
  );
}
