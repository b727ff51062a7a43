// Content: blog posts, career openings and the lab's own details (with its pictures), each on its own tab.
import { staffPaths } from '@lab/contract';
import { ScreenError } from '../components/screen-route.tsx';
import { type Tab, TabbedScreen, tabbedMeta } from '../components/tabbed-screen.tsx';
import BlogsManager from './content/blogs-manager.tsx';
import CareersManager from './content/careers-manager.tsx';
import LabDetailsScreen from './lab-details-screen.tsx';

const tabs: readonly Tab[] = [
  { to: staffPaths.staffContent, label: 'Blogs', Screen: BlogsManager },
  { to: staffPaths.staffCareers, label: 'Careers', Screen: CareersManager },
  { to: staffPaths.staffLab, label: 'Lab details', Screen: LabDetailsScreen },
];

export const meta = tabbedMeta('Content', tabs);
export const ErrorBoundary = ScreenError;

export default function ContentScreen() {
  return <TabbedScreen title="Content" tabs={tabs} />;
}
