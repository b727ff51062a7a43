// Content: blog posts and career openings, each on its own tab.
import { paths } from '@lab/contract';
import { Outlet } from 'react-router';
import { SubTabs } from '../components/console-layout.tsx';
import { ScreenError, staffMeta } from '../components/screen-route.tsx';

export const meta = () => staffMeta('Content');
export const ErrorBoundary = ScreenError;

export default function ContentScreen() {
  return (
    <section aria-labelledby="content-heading">
      <h2 id="content-heading" className="mb-4 text-xl font-bold text-slate-900">
        Content
      </h2>
      <SubTabs
        label="Content"
        tabs={[
          { to: paths.staffContent, label: 'Blogs', end: true },
          { to: paths.staffCareers, label: 'Careers' },
        ]}
      />
      <Outlet />
    </section>
  );
}
