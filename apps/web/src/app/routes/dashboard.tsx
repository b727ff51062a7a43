// /UserDashboard: the dashboard feature's page with the membership feature's section placed in it.
// Features never import each other; the route composes them.
import DashboardPage from '../../features/dashboard/pages/dashboard-page.tsx';
import { MembershipPanel } from '../../features/membership/components/membership-panel.tsx';

export { meta } from '../../features/dashboard/pages/dashboard-page.tsx';

export default function DashboardRoute() {
  return <DashboardPage membership={<MembershipPanel />} />;
}
