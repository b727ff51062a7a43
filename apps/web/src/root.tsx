// The document, the providers and the site frame around every screen, and the one error screen of
// the public site: whatever page fails to render, the site's own error page shows in the frame.
import { type ReactNode, useCallback } from 'react';
import { Links, type LoaderFunctionArgs, Meta, Outlet, Scripts, useNavigate } from 'react-router';
import { type LabDetails, paths } from '@lab/contract';
import ErrorPage from './app/error-page.tsx';
import { SiteLayout } from './app/layout/site-layout.tsx';
import { SITE_CSS_ID, siteCss } from './app/site-css.ts';
import { loadFromApi } from './shared/api/server-data.ts';
import { AuthProvider } from './shared/auth/auth-context.tsx';

export function meta() {
  return [
    { title: 'Lab Centre Diagnostics | Pathology lab and test booking' },
    {
      name: 'description',
      content:
        'Accurate and timely diagnostic services: hematology, microbiology, serology, biochemistry and radiology. Book a test online with home sample collection.',
    },
  ];
}

export function links() {
  return [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }];
}

/** the lab's details, for the footer and the pages that print them (shared/lib/lab-info.ts) */
export const loader = (args: LoaderFunctionArgs) => loadFromApi<LabDetails>(args, '/api/lab/');

// Read once per page load: moving between screens needs no fresh copy (an edit shows on the next load).
export const shouldRevalidate = () => false;

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f766e" />
        <Meta />
        {/* The stylesheet inline: the first paint needs no other request (site-css.ts). */}
        <style id={SITE_CSS_ID} dangerouslySetInnerHTML={{ __html: siteCss }} />
        <Links />
      </head>
      <body className="min-h-screen bg-white text-slate-900 antialiased">
        {children}
        <Scripts />
      </body>
    </html>
  );
}

function SiteFrame({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const onLoggedOut = useCallback(() => navigate(paths.loginAlt), [navigate]);
  return (
    <AuthProvider onLoggedOut={onLoggedOut}>
      <SiteLayout>{children}</SiteLayout>
    </AuthProvider>
  );
}

export default function App() {
  return (
    <SiteFrame>
      <Outlet />
    </SiteFrame>
  );
}

/**
 * A render error in any page bubbles up to here (the staff console keeps a boundary of its own) and
 * replaces the page, not the site: the frame is drawn again around the error page, so the visitor
 * keeps the navigation and a way home instead of the framework's bare default screen. (Unknown paths
 * never get here: the catch-all route shows "Page not found".) Nothing test-only ships to exercise it:
 * e2e/bill-and-errors.spec.ts hands the bill page a bill the server never sends, and the page fails
 * to render for real.
 */
export function ErrorBoundary() {
  return (
    <SiteFrame>
      <ErrorPage />
    </SiteFrame>
  );
}
