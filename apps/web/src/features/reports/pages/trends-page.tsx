// /UserDashboard?view=trends: the signed-in patient's values over time, for each parameter measured more
// than once in released reports (HbA1c over three visits, say): a chart with the reference interval
// shaded, and the same values in a table, which is what screen readers read. The chart library loads
// with this screen only (the dashboard route imports it lazily).
import { paths, type ResultFlag, type Trend } from '@lab/contract';
import { Link, useLocation, useNavigate } from 'react-router';
import { useMembers } from '../../../shared/api/members.ts';
import { useMyTrends } from '../../../shared/api/reports.ts';
import { useRequireUser } from '../../../shared/auth/use-require-user.ts';
import { formatDate } from '../../../shared/lib/format-date.ts';
import { useLanguage } from '../../../shared/i18n/i18n.tsx';
import type { MessageId } from '../../../shared/i18n/message-id.ts';
import { TrendChart } from '../components/trend-chart.tsx';

const cell = 'border-b border-slate-200 px-2 py-1.5 text-left';

// The contract's FLAG_LABELS in the page's language.
const flagLabels: Record<ResultFlag, MessageId> = {
  L: 'dashboard.trends.flag.low',
  H: 'dashboard.trends.flag.high',
  LL: 'dashboard.trends.flag.criticalLow',
  HH: 'dashboard.trends.flag.criticalHigh',
  A: 'dashboard.trends.flag.abnormal',
};

function TrendSection({ trend, n }: { trend: Trend; n: number }) {
  const { t, locale } = useLanguage();
  const heading = `trend-${n}`;
  const title = trend.unit ? `${trend.parameter} (${trend.unit})` : trend.parameter;
  return (
    <section aria-labelledby={heading} className="rounded-lg border border-slate-200 bg-white p-3 sm:p-5">
      <h2 id={heading} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <p className="mb-2 text-sm text-slate-600">{t('dashboard.trends.band')}</p>
      <TrendChart trend={trend} locale={locale} />
      <div className="mt-3 overflow-x-auto">
        <table className="w-full text-sm">
          <caption className="sr-only">{t('dashboard.trends.caption', { title })}</caption>
          <thead>
            <tr>
              <th scope="col" className={cell}>
                {t('dashboard.filter.date')}
              </th>
              <th scope="col" className={cell}>
                {t('dashboard.trends.result')}
              </th>
              <th scope="col" className={cell}>
                {t('dashboard.trends.interval')}
              </th>
              <th scope="col" className={cell}>
                {t('dashboard.trends.flag')}
              </th>
            </tr>
          </thead>
          <tbody>
            {trend.points.map((p) => (
              <tr key={p.appointment_id}>
                <td className={cell}>{formatDate(p.taken_at, locale)}</td>
                <td className={cell}>
                  {p.value} {trend.unit}
                </td>
                <td className={cell}>{p.interval || t('dashboard.trends.noInterval')}</td>
                <td className={cell}>{t(p.flag ? flagLabels[p.flag] : 'dashboard.trends.normal')}</td>
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
  // one person's values at a time: the holder's own, or a family member's (?member=)
  const asked = Number(new URLSearchParams(useLocation().search).get('member'));
  const member = Number.isInteger(asked) && asked > 0 ? asked : 'self';
  const navigate = useNavigate();
  const members = useMembers(user?.username ?? null);
  const trends = useMyTrends(user?.username ?? null, member);
  const { t } = useLanguage();
  return (
    <div className="mx-auto max-w-3xl px-3 py-8 sm:px-4">
      <p className="text-sm">
        <Link to={paths.dashboard} className="font-medium text-brand-700 underline">
          {t('dashboard.trends.back')}
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold text-slate-900">{t('dashboard.trends.title')}</h1>
      <p className="mt-1 text-slate-700">{t('dashboard.trends.intro')}</p>
      {members.data && members.data.length > 0 ? (
        <div className="mt-4">
          <label htmlFor="trends-person" className="mb-1 block text-sm font-semibold text-slate-800">
            {t('dashboard.trends.whose')}
          </label>
          <select
            id="trends-person"
            value={String(member)}
            onChange={(e) => void navigate(e.target.value === 'self' ? paths.trends : `${paths.trends}&member=${e.target.value}`)}
            className="rounded-md border border-slate-300 px-3 py-2"
          >
            <option value="self">{t('dashboard.person.me')}</option>
            {members.data.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <div className="mt-6 space-y-6">
        {!user || trends.isPending ? (
          <p role="status" className="text-slate-600">
            {t('dashboard.trends.loading')}
          </p>
        ) : trends.isError ? (
          <div role="alert" className="rounded-md border-l-4 border-red-700 bg-red-50 px-4 py-3 text-sm text-red-800">
            <p>{t('dashboard.trends.failed')}</p>
            <button type="button" onClick={() => void trends.refetch()} className="mt-2 font-medium underline">
              {t('patient.tryAgain')}
            </button>
          </div>
        ) : trends.data.length === 0 ? (
          <p className="text-slate-600">{t('dashboard.trends.none')}</p>
        ) : (
          trends.data.map((t, n) => <TrendSection key={`${t.parameter}-${t.unit}`} trend={t} n={n} />)
        )}
      </div>
    </div>
  );
}
