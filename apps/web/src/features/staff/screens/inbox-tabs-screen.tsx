// The inbox: the contact form's messages, and the patients' grievances and correction requests
// (docs/personal-data.md), each on its own tab (tabs, not routes: every route grows the public pages' manifest).
import { staffPaths } from '@lab/contract';
import { ScreenError } from '../components/screen-route.tsx';
import { type Tab, TabbedScreen, tabbedMeta } from '../components/tabbed-screen.tsx';
import InboxScreen from './inbox-screen.tsx';
import { CorrectionsTab, GrievancesTab } from './privacy-requests.tsx';

const tabs: readonly Tab[] = [
  { to: staffPaths.staffInbox, label: 'Contact messages', Screen: InboxScreen },
  { to: staffPaths.staffGrievances, label: 'Grievances', Screen: GrievancesTab },
  { to: staffPaths.staffCorrections, label: 'Correction requests', Screen: CorrectionsTab },
];

export const meta = tabbedMeta('Inbox', tabs);
export const ErrorBoundary = ScreenError;

export default function InboxTabsScreen() {
  return <TabbedScreen title="Inbox" tabs={tabs} />;
}
