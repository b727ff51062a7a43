// Samples (docs/samples.md): the bench (receive a container by its scanned label, reject one), the
// turnaround queue (containers waiting for their report, soonest expected first, the overdue marked),
// each test's container and promised turnaround, the phlebotomist's run of the day on a phone, and the TAT
// report per test and week.
import { staffPaths } from '@lab/contract';
import { ScreenError } from '../components/screen-route.tsx';
import { type Tab, TabbedScreen, tabbedMeta } from '../components/tabbed-screen.tsx';
import BenchTab from './samples/bench-tab.tsx';
import ContainersTab from './samples/containers-tab.tsx';
import RunTab from './samples/run-tab.tsx';
import TurnaroundTab from './samples/turnaround-tab.tsx';
import TatTab from './samples/tat-tab.tsx';

const tabs: readonly Tab[] = [
  { to: staffPaths.staffSamples, label: 'Bench', Screen: BenchTab, needs: ['POST /api/staff/samples/receive'] },
  { to: staffPaths.staffSampleQueue, label: 'Turnaround', Screen: TurnaroundTab, needs: ['GET /api/staff/samples/queue'] },
  { to: staffPaths.staffSampleRun, label: 'Home collection run', Screen: RunTab, needs: ['POST /api/staff/samples/appointments/:id/collect'] },
  { to: staffPaths.staffSampleContainers, label: 'Containers and turnaround', Screen: ContainersTab, needs: ['GET /api/staff/samples/containers'] },
  { to: staffPaths.staffSampleTat, label: 'TAT report', Screen: TatTab, needs: ['GET /api/staff/samples/tat'] },
];

export const meta = tabbedMeta('Samples', tabs);
export const ErrorBoundary = ScreenError;

export default function SamplesScreen() {
  return <TabbedScreen title="Samples" tabs={tabs} />;
}
