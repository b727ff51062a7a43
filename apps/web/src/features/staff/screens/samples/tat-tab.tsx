// The turnaround-time (TAT) report (docs/samples.md, decision 072): per test and India week (Monday to
// Sunday), the tests released, the median and 90th percentile of hours from the sample's receipt to the
// report's release, and how many were released by the time promised at receipt; for the weeks chosen (the
// last 8 by default) and one test or all. The containers overdue now are the Turnaround queue's.
import type { TatFigures, TatReport } from '@lab/contract';
import { staffPaths } from '@lab/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTatReport, useTestContainers } from '../../api/samples.ts';
import { DataTable } from '../../components/data-table.tsx';
import { SelectInput, TextInput } from '../../components/fields.tsx';
import { ListState, ScrollArea, tdClass } from '../../components/ui.tsx';
import { formatDate } from '../../lib/format.ts';

const WEEK_CHOICES = [4, 8, 13, 26, 52] as const;

/** hours as the lab reads them: "6 h", "1 h 30 min", "336 h or more" at the report's last bucket */
export function hoursText(hours: number, cap: number): string {
  if (hours >= cap) return `${cap} h or more`;
  const whole = Math.floor(hours);
  const minutes = Math.round((hours - whole) * 60);
  if (minutes === 0) return `${whole} h`;
  return whole === 0 ? `${minutes} min` : `${whole} h ${minutes} min`;
}

const shareText = (f: TatFigures) => `${f.on_time} of ${f.released} (${Math.round(f.on_time_share * 100)} %)`;

function TestTable({ test, cap }: { test: TatReport['tests'][number]; cap: number }) {
  const headingId = `tat-test-${test.test_id}`;
  const cells = (f: TatFigures) => (
    <>
      <td className={tdClass}>{f.released}</td>
      <td className={`${tdClass} whitespace-nowrap`}>{hoursText(f.median_hours, cap)}</td>
      <td className={`${tdClass} whitespace-nowrap`}>{hoursText(f.p90_hours, cap)}</td>
      <td className={`${tdClass} whitespace-nowrap`}>{shareText(f)}</td>
    </>
  );
  return (
    <section aria-labelledby={headingId} className="mb-6">
      <h4 id={headingId} className="mb-1 font-semibold text-slate-900">
        {test.test_name}
      </h4>
      <ScrollArea label={`TAT of ${test.test_name}, scrollable`}>
        <DataTable caption={`Turnaround of ${test.test_name} per week`} columns={['Week of', 'Released', 'Median', '90th percentile', 'On time']}>
          {test.weeks.map((w) => (
            <tr key={w.week}>
              <th scope="row" className={`${tdClass} whitespace-nowrap font-normal`}>
                {formatDate(w.week)}
              </th>
              {cells(w)}
            </tr>
          ))}
          {test.weeks.length > 1 && (
            <tr className="bg-slate-50">
              <th scope="row" className={`${tdClass} whitespace-nowrap`}>
                All weeks
              </th>
              {cells(test.total)}
            </tr>
          )}
        </DataTable>
      </ScrollArea>
    </section>
  );
}

export default function TatTab() {
  const [weeks, setWeeks] = useState(8);
  const [to, setTo] = useState('');
  const [testId, setTestId] = useState<number | null>(null);
  const tests = useTestContainers();
  const report = useTatReport(weeks, to, testId);
  const data = report.data;
  return (
    <section aria-labelledby="tat-report-heading">
      <h3 id="tat-report-heading" className="mb-2 text-lg font-bold text-slate-900">
        Turnaround time per test and week
      </h3>
      <p className="mb-3 text-sm text-slate-700">
        Hours from the sample&apos;s receipt at the lab to the report&apos;s first release, per India week (Monday to Sunday) of the release; on time means released by the time
        promised at receipt. Medians and percentiles are exact to 15 minutes up to a day, to the hour up to 3 days, to 6 hours beyond. Containers overdue now are in the{' '}
        <Link className="font-semibold text-brand-800 underline" to={staffPaths.staffSampleQueue}>
          Turnaround queue
        </Link>
        .
      </p>
      <form className="mb-4 flex flex-wrap items-end gap-3" aria-label="Weeks and test of the report" onSubmit={(e) => e.preventDefault()}>
        <SelectInput label="Weeks" value={weeks} onChange={(e) => setWeeks(Number(e.target.value))} className="w-28">
          {WEEK_CHOICES.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </SelectInput>
        <TextInput label="Ending the week of (blank: this week)" type="date" value={to} onChange={(e) => setTo(e.target.value)} className="w-56" />
        <SelectInput label="Test" value={testId ?? ''} onChange={(e) => setTestId(e.target.value === '' ? null : Number(e.target.value))} className="w-64 max-w-full">
          <option value="">All tests</option>
          {(tests.data ?? []).map((t) => (
            <option key={t.test_id} value={t.test_id}>
              {t.test_name}
            </option>
          ))}
        </SelectInput>
      </form>
      <ListState isLoading={report.isLoading} error={report.error} loadingText="Loading the TAT report..." />
      {data && (
        <p className="mb-3 text-sm text-slate-700" data-testid="tat-range">
          {formatDate(data.from)} to {formatDate(data.to)}:{' '}
          {data.tests.length === 0 ? 'no report released.' : `${data.tests.length} ${data.tests.length === 1 ? 'test' : 'tests'} released.`}
        </p>
      )}
      {data?.tests.map((t) => (
        <TestTable key={t.test_id} test={t} cap={data.cap_hours} />
      ))}
    </section>
  );
}
