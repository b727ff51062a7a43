// Time slots and home collections: the week's seats per slot, the dates set apart from it, the PIN
// codes served, and a day's home collections with their phlebotomists and run sheet, each on its own tab.
import { staffPaths } from '@lab/contract';
import { ScreenError } from '../components/screen-route.tsx';
import { type Tab, TabbedScreen, tabbedMeta } from '../components/tabbed-screen.tsx';
import DatesManager from './slots/dates-manager.tsx';
import HomeVisitsManager from './slots/home-visits-manager.tsx';
import PinsManager from './slots/pins-manager.tsx';
import WeekManager from './slots/week-manager.tsx';

const tabs: readonly Tab[] = [
  { to: staffPaths.staffSlots, label: 'Week', Screen: WeekManager, needs: ['GET /api/staff/slots/week'] },
  { to: staffPaths.staffSlotDates, label: 'Dates set apart', Screen: DatesManager, needs: ['GET /api/staff/slots/overrides'] },
  { to: staffPaths.staffPins, label: 'PIN codes', Screen: PinsManager, needs: ['GET /api/staff/pins'] },
  { to: staffPaths.staffHomeVisits, label: 'Home collections', Screen: HomeVisitsManager, needs: ['GET /api/staff/home-visits'] },
];

export const meta = tabbedMeta('Slots and home visits', tabs);
export const ErrorBoundary = ScreenError;

export default function SlotsScreen() {
  return <TabbedScreen title="Slots and home visits" tabs={tabs} />;
}
