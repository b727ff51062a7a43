// A console screen made of tabs (catalogue, content): its heading, the row of tabs, and the tab the
// path names. The first tab sits at the screen's own path, each other one at `<screen path>/<tab>`.
import type { ComponentType } from 'react';
import { useParams } from 'react-router';
import { SubTabs } from './console-layout.tsx';
import { staffMeta } from './screen-route.tsx';

export interface Tab {
  to: string;
  label: string;
  Screen: ComponentType;
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
  const current = tabOf(tabs, tab);
  const headingId = `${title.toLowerCase()}-heading`;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-4 text-xl font-bold text-slate-900 print:hidden">
        {title}
      </h2>
      <SubTabs label={title} tabs={tabs.map((t, i) => ({ to: t.to, label: t.label, end: i === 0 }))} />
      {current ? <current.Screen key={current.to} /> : <p className="py-4 text-slate-700">There is no such screen in the console.</p>}
    </section>
  );
}
