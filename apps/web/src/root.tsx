// The document, the providers and the site frame around every screen, and the one error screen of
// the public site: whatever page fails to render, the site's own error page shows in the frame.
import { type ReactNode, useCallback, useMemo } from 'react';
import {
  Links,
  type LoaderFunctionArgs,
  Meta,
  type MetaArgs,
  Outlet,
  Scripts,
  type ShouldRevalidateFunctionArgs,
  useLocation,
  useMatches,
  useNavigate,
  useRouteLoaderData,
} from 'react-router';
import { htmlLang, type LabDetails, localeOfPath, paths } from '@lab/contract';
import ErrorPage from './app/error-page.tsx';
import { SiteLayout } from './app/layout/site-layout.tsx';
import { SITE_CSS_ID, siteCss } from './app/site-css.ts';
import { loadFromApi } from './shared/api/server-data.ts';
import { AuthProvider } from './shared/auth/auth-context.tsx';
import { copyrightYear, type FrameLabDetails, notInFrame } from './shared/lib/lab-info.ts';
import { hoursSummary } from './shared/lib/opening-hours.ts';
import { packedMessagesOf, rootMessages } from './shared/i18n/catalogues.server.ts';
import { entrySep, LanguageProvider, makeLanguage, type PageLanguage } from './shared/i18n/i18n.tsx';
import { LanguageAlternates } from './shared/i18n/language-alternates.tsx';
import { needsOtherMessages, pageLocale, showsAllLabDetails } from './shared/i18n/page-locale.ts';

export function meta({ loaderData }: MetaArgs<typeof loader>) {
  if (!loaderData) return [];
  const { t } = makeLanguage(loaderData.language);
  return [{ title: t('meta.title') }, { name: 'description', content: t('meta.description') }];
}

export function links() {
  return [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }];
}

export interface RootData {
  /** the lab's details, for the footer and the pages that print them (shared/lib/lab-info.ts): all of
   * them only to the pages that show them (showsAllLabDetails) */
  lab: FrameLabDetails | LabDetails;
  /** the page's language and its messages (shared/i18n) */
  language: PageLanguage;
  /** the site's origin as the visitor asked for it, for the alternate-language links */
  origin: string;
  /** the opening hours in short, in the page's language (the footer's line and the home page's): written
   * here, so the code that words them travels only with the pages that list every day */
  hours: string;
  /** this year in India, for the footer's copyright line (useCopyrightYear in shared/lib/lab-info.ts) */
  year: number;
}

export async function loader(args: LoaderFunctionArgs): Promise<RootData> {
  const url = new URL(args.request.url);
  const locale = pageLocale(url.pathname, args.request.headers.get('cookie'));
  // in Hindi, the grievance officer and the address as the lab wrote them in Hindi (docs/i18n.md)
  const lab = await loadFromApi<LabDetails>(args, locale === 'hi' ? '/api/lab/?lang=hi' : '/api/lab/');
  const shown = showsAllLabDetails(url.pathname) ? lab : (Object.fromEntries(Object.entries(lab).filter(([key]) => !(notInFrame as readonly string[]).includes(key))) as FrameLabDetails);
  return { lab: shown, language: { locale, messages: rootMessages(url.pathname, locale) }, origin: url.origin, hours: hoursSummary(lab, makeLanguage({ locale, messages: packedMessagesOf(locale, ['lab.week']) })), year: copyrightYear() };
}

// Read once per page load: moving between screens needs no fresh copy (an edit shows on the next load),
// unless the next screen is in the other language or shows messages or lab details this data lacks (they
// come with the root's data).
export const shouldRevalidate = ({ currentUrl, nextUrl }: ShouldRevalidateFunctionArgs) =>
  needsOtherMessages(currentUrl.pathname, nextUrl.pathname, document.cookie);

export function Layout({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<RootData>('root');
  const { pathname } = useLocation();
  const locale = root?.language.locale ?? localeOfPath(pathname);
  return (
    <html lang={htmlLang[locale]}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f766e" />
        <Meta />
        {/* The stylesheet inline: the first paint needs no other request (site-css.ts). A page drawn in
            Hindi gets its font's preloads from the server, and its scripts wait for the first paint
            (entry.server.tsx). */}
        <style id={SITE_CSS_ID} dangerouslySetInnerHTML={{ __html: siteCss }} />
        <Links />
        <LanguageAlternates />
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
  const root = useRouteLoaderData<RootData>('root');
  const { pathname } = useLocation();
  // A page may send messages of its own with its data (offers, careers: pageMessages in
  // catalogues.server.ts); they join the root's. Without the root's data (its loader failed) the frame
  // still speaks the path's language, from ids.
  const locale = root?.language.locale ?? localeOfPath(pathname);
  const packed = [root?.language.messages, ...useMatches().map((m) => (m.data as { messages?: unknown } | null | undefined)?.messages)]
    .filter((m): m is string => typeof m === 'string' && m !== '')
    .join(entrySep);
  const language = useMemo(() => ({ locale, messages: packed }), [locale, packed]);
  return (
    <LanguageProvider language={language}>
      <AuthProvider onLoggedOut={onLoggedOut}>
        <SiteLayout>{children}</SiteLayout>
      </AuthProvider>
    </LanguageProvider>
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
