// A console screen made of tabs (catalogue, content): its heading, the row of tabs, and the tab the
// path names. The first tab sits at the screen's own path, each other one at `<screen path>/<tab>`.
import type { ComponentType } from 'react';
import { useParams } from 'react-router';
import { type StaffRoute, useStaffAccess } from '../lib/staff-access.ts';
import { SubTabs } from './console-layout.tsx';
import { staffMeta } from './screen-route.tsx';

export interface Tab {
  to: string;
  label: string;
  Screen: ComponentType;
  /** the routes that let a role use the tab (any of them); shown to every role when absent */
  needs?: StaffRoute[];
}

function tabOf(tabs: readonly Tab[], tab: string | undefined): Tab | undefined {
  const wanted = (tab ? `${tabs[0]!.to}/${tab}` : tabs[0]!.to).toLowerCase();
  return tabs.find((t) => t.to.toLowerCase() === wanted);
}

/** the page title names the tab shown */
export const tabbedMeta =
  (screen: string, tabs: readonly Tab[]) =>
  ({ params }: { params: { tab?: string } }) =>
    staffMeta(tabOf(tabs, params.tab)?.label ?? screen);

export function TabbedScreen({ title, tabs }: { title: string; tabs: readonly Tab[] }) {
  const { tab } = useParams();
  const access = useStaffAccess();
  const shown = (t: Tab) => t.needs === undefined || access.canAny(t.needs);
  const found = tabOf(tabs, tab);
  // The screen's own address opens its first tab the role may use.
  const current = found && shown(found) ? found : tab === undefined ? tabs.find(shown) : undefined;
  const headingId = `${title.toLowerCase()}-heading`;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-4 text-xl font-bold text-slate-900 print:hidden">
        {title}
      </h2>
      <SubTabs label={title} tabs={tabs.flatMap((t, i) => (shown(t) ? [{ to: t.to, label: t.label, end: i === 0 }] : []))} />
      {current ? <current.Screen key={current.to} /> : <p className="py-4 text-slate-700">There is no such screen in the console.</p>}
    </section>
  );
}
