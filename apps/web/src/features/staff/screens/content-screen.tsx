// Content: blog posts and career openings, each on its own tab.
import { Route, Routes } from 'react-router';
import { SubTabs } from '../components/console-layout.tsx';
import { staffPaths } from '../lib/staff-paths.ts';
import { BlogsManager } from './content/blogs-manager.tsx';
import { CareersManager } from './content/careers-manager.tsx';

export default function ContentScreen() {
  return (
    <section aria-labelledby="content-heading">
      <h2 id="content-heading" className="mb-4 text-xl font-bold text-slate-900">
        Content
      </h2>
      <SubTabs
        label="Content"
        tabs={[
          { to: staffPaths.contentBlogs, label: 'Blogs', end: true },
          { to: staffPaths.contentCareers, label: 'Careers' },
        ]}
      />
      <Routes>
        <Route index element={<BlogsManager />} />
        <Route path="careers" element={<CareersManager />} />
      </Routes>
    </section>
  );
}
