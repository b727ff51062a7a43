// /UserDashboard: the dashboard feature's page with the membership feature's section placed in it, or,
// with ?view=trends, the reports feature's trend charts, loaded only then (the chart library with
// them). A view, not a route: every route is listed in the manifest each public page loads, and that
// budget has no room left. Features never import each other; the route composes them.
import type { AccountClosed } from '@lab/contract';
import { lazy, Suspense, useState } from 'react';
import { type LoaderFunctionArgs, useLocation } from 'react-router';
import { pageMessages } from '../../shared/i18n/catalogues.server.ts';
import { entrySep, useT } from '../../shared/i18n/i18n.tsx';
import DashboardPage from '../../features/dashboard/pages/dashboard-page.tsx';
import { MembershipPanel } from '../../features/membership/components/membership-panel.tsx';
import { useConsents } from '../../features/privacy/api/consents.ts';
import { AccountClosedPanel } from '../../features/privacy/components/account-closed-panel.tsx';
import { ConsentPrompt, ConsentsPanel } from '../../features/privacy/components/consents-panel.tsx';
import { useAuth } from '../../shared/auth/auth-context.tsx';

export { meta } from '../../features/dashboard/pages/dashboard-page.tsx';

// The dashboard's own texts (its sections, membership, trends, data rights) come with this screen's
// data, not with the root's, so the other patient screens (login, booking, the bill) do not carry them;
// with the booking form's slot picker's (an appointment's reschedule).
export const loader = (args: LoaderFunctionArgs) => ({ messages: [pageMessages(args, 'dashboard'), pageMessages(args, 'booking.slot')].join(entrySep) });

const TrendsPage = lazy(() => import('../../features/reports/pages/trends-page.tsx'));
const YourDataSection = lazy(() => import('../../features/privacy/components/your-data-section.tsx'));

export default function DashboardRoute() {
  const view = new URLSearchParams(useLocation().search).get('view');
  // After the account is closed its session is over: what remains is shown instead of the dashboard.
  const [closed, setClosed] = useState<AccountClosed | null>(null);
  const t = useT();
  // The consent prompt stands at the top of the first screen when the notice is not agreed to: the
  // dashboard is drawn once the answer is in (with its own first screen's), so the prompt never pushes it down.
  const { user } = useAuth();
  const consents = useConsents(view === 'trends' || !user ? null : user.username);
  if (closed) return <AccountClosedPanel result={closed} />;
  if (view === 'trends') {
    return (
      <Suspense fallback={<p role="status" className="p-8 text-center text-slate-600">{t('dashboard.trends.loading')}</p>}>
        <TrendsPage />
      </Suspense>
    );
  }
  const yourData = (
    <Suspense fallback={<p role="status" className="mt-8 text-slate-600">{t('dashboard.dash.loadingData')}</p>}>
      <YourDataSection onClosed={setClosed} />
    </Suspense>
  );
  return <DashboardPage membership={<MembershipPanel />} yourData={yourData} consentPrompt={<ConsentPrompt />} consents={<ConsentsPanel />} routePending={consents.isPending} />;
}
