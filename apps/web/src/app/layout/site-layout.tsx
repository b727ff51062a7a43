// Navigation bar, sidebar and footer around every page. Every route change scrolls to the top, and a
// client-side navigation fades the new page in over 0.5 s; the first load does not fade, so prerendered
// content paints at once. The sidebar's code loads the first time it is opened (it is hidden until then,
// and without JavaScript it cannot open), so a page's first load does not carry it.
import { lazy, type ReactNode, Suspense, useCallback, useId, useLayoutEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useT } from '../../shared/i18n/i18n.tsx';
import { useHydrated } from '../../shared/lib/use-hydrated.ts';
import { Footer } from './footer.tsx';
import { Navbar } from './navbar.tsx';

const Sidebar = lazy(() => import('./sidebar.tsx').then((m) => ({ default: m.Sidebar })));

// useLayoutEffect warns during prerendering; there is no layout to measure there anyway.
const useBrowserLayoutEffect = typeof window === 'undefined' ? () => {} : useLayoutEffect;

export function SiteLayout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const sidebarId = useId();
  const hydrated = useHydrated();
  const t = useT();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const [sidebarOpen, setSidebarOpen] = useState(false);
  // once opened, the sidebar stays mounted, so closing it slides it away
  const [sidebarWanted, setSidebarWanted] = useState(false);
  // The page shown and whether we got there by a client-side navigation (adjusted while rendering, so
  // the new page's first frame already carries the fade).
  const [view, setView] = useState({ pathname, navigated: false });
  if (view.pathname !== pathname) {
    setView({ pathname, navigated: true });
    setSidebarOpen(false);
  }

  const firstPath = useRef(pathname);
  useBrowserLayoutEffect(() => {
    if (firstPath.current === pathname) return;
    firstPath.current = '';
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname]);

  const closeSidebar = useCallback(() => setSidebarOpen(false), []);
  const toggleSidebar = useCallback(() => {
    setSidebarWanted(true);
    setSidebarOpen((o) => !o);
  }, []);

  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-brand-800 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:left-3 focus:top-3"
      >
        {t('frame.skip')}
      </a>
      <Navbar sidebarOpen={sidebarOpen} sidebarId={sidebarId} onToggleSidebar={toggleSidebar} toggleRef={toggleRef} />
      {sidebarWanted ? (
        <Suspense fallback={null}>
          <Sidebar id={sidebarId} open={sidebarOpen} onClose={closeSidebar} toggleRef={toggleRef} />
        </Suspense>
      ) : null}
      {/* At least a screen tall, so the footer starts below the fold and content arriving after load
          (lists fetched in the browser) never pushes visible parts of the page: no layout shift.
          data-hydrated tells browser tests that the page's script has taken over. */}
      <main id="main" tabIndex={-1} data-hydrated={hydrated} className="min-h-svh flex-1 pt-16 focus:outline-none">
        <div
          key={view.navigated ? pathname : 'first'}
          className={view.navigated ? 'animate-page-fade motion-reduce:animate-none' : undefined}
        >
          {children}
        </div>
      </main>
      <Footer />
    </div>
  );
}
