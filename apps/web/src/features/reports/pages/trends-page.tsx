// /UserDashboard?view=trends: the signed-in patient's values over time, for each parameter measured more
// than once in released reports (HbA1c over three visits, say): a chart with the reference interval
// shaded, and the same values in a table, which is what screen readers read. The chart library loads
// with this screen only (the dashboard route imports it lazily).
import { FLAG_LABELS, paths, type Trend } from '@lab/contract';
import { Link } from 'react-router';
import { useMyTrends } from '../../../shared/api/reports.ts';
import { useRequireUser } from '../../../shared/auth/use-require-user.ts';
import { formatDate } from '../../../shared/lib/format-date.ts';
import { TrendChart } from '../components/trend-chart.tsx';

const cell = 'border-b border-slate-200 px-2 py-1.5 text-left';

function TrendSection({ trend, n }: { trend: Trend; n: number }) {
  const heading = `trend-${n}`;
  const title = trend.unit ? `${trend.parameter} (${trend.unit})` : trend.parameter;
  return (
    <section aria-labelledby={heading} className="rounded-lg border border-slate-200 bg-white p-3 sm:p-5">
      <h2 id={heading} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <p className="mb-2 text-sm text-slate-600">The shaded band is the reference interval each result was read against.</p>
      <TrendChart trend={trend} />
      <div className="mt-3 overflow-x-auto">
        <table className="w-full text-sm">
          <caption className="sr-only">{title}: each result with its date and reference interval</caption>
          <thead>
            <tr>
              <th scope="col" className={cell}>
                Date
              </th>
              <th scope="col" className={cell}>
                Result
              </th>
              <th scope="col" className={cell}>
                Reference interval
              </th>
              <th scope="col" className={cell}>
                Flag
              </th>
            </tr>
          </thead>
          <tbody>
            {trend.points.map((p) => (
              <tr key={p.appointment_id}>
                <td className={cell}>{formatDate(p.taken_at)}</td>
                <td className={cell}>
                  {p.value} {trend.unit}
                </td>
                <td className={cell}>{p.interval || 'None'}</td>
                <td className={cell}>{p.flag ? FLAG_LABELS[p.flag] : 'Normal'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

export default function TrendsPage() {
  const user = useRequireUser();
  const trends = useMyTrends(user?.username ?? null);
  return (
    <div className="mx-auto max-w-3xl px-3 py-8 sm:px-4">
      <p className="text-sm">
        <Link to={paths.dashboard} className="font-medium text-brand-700 underline">
          Back to your dashboard
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold text-slate-900">Your results over time</h1>
      <p className="mt-1 text-slate-700">Each test value measured in more than one of your released reports.</p>
      <div className="mt-6 space-y-6">
        {!user || trends.isPending ? (
          <p role="status" className="text-slate-600">
            Loading your results...
          </p>
        ) : trends.isError ? (
          <div role="alert" className="rounded-md border-l-4 border-red-700 bg-red-50 px-4 py-3 text-sm text-red-800">
            <p>Could not load your results.</p>
            <button type="button" onClick={() => void trends.refetch()} className="mt-2 font-medium underline">
              Try again
            </button>
          </div>
        ) : trends.data.length === 0 ? (
          <p className="text-slate-600">Nothing to compare yet: a value shows here once it has been measured in two of your reports.</p>
        ) : (
          trends.data.map((t, n) => <TrendSection key={`${t.parameter}-${t.unit}`} trend={t} n={n} />)
        )}
      </div>
    </div>
  );
}
