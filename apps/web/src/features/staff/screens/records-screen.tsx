// Audit log and breaches: the audit trail of staff changes, the read log of staff reads of personal
// data, and the breach register (docs/personal-data.md), as tabs of one console screen (one route: a route of its
// own each would grow every public page's route manifest).
import { staffPaths } from '@lab/contract';
import { ScreenError } from '../components/screen-route.tsx';
import { type Tab, TabbedScreen, tabbedMeta } from '../components/tabbed-screen.tsx';
import AuditScreen from './audit-screen.tsx';
import BreachesScreen from './breaches-screen.tsx';
import ReadLogScreen from './read-log-screen.tsx';

const tabs: readonly Tab[] = [
  { to: staffPaths.staffAudit, label: 'Audit log', Screen: AuditScreen },
  { to: staffPaths.staffReadLog, label: 'Read log', Screen: ReadLogScreen },
  {
    to: staffPaths.staffBreaches,
    label: 'Breach register',
    Screen: BreachesScreen,
  },
];

export const meta = tabbedMeta('Records', tabs);
export const ErrorBoundary = ScreenError;

export default function RecordsScreen() {
  return <TabbedScreen title="Records" tabs={tabs} />;
}
