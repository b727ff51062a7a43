// Which language a page is shown in. Public pages say it in their path (/hi/… is Hindi); the patient
// screens (login, booking, dashboard, bill…) have one path and follow the `lang` cookie the language
// switch sets. Shared by the root loader (server) and its revalidation rule (browser).
import { bilingualPagePaths, cookieLocale, type Locale, localeCookie, localeOfPath, pathInLocale, paths } from '@lab/contract';

const bilingualPaths = new Set(bilingualPagePaths.map((p) => p.toLowerCase()));

/** whether a path is a public page that exists in both languages (/Services, /hi/Services, /blog/3) */
export function hasHindiVersion(pathname: string): boolean {
  const bare = pathInLocale(pathname.replace(/(.)\/+$/, '$1'), 'en').toLowerCase();
  return bilingualPaths.has(bare) || /^\/blog\/[^/]+$/.test(bare);
}

/** patient screens that also answer under /hi/ (routes.ts), drawn there in Hindi whatever the cookie
 * says: a Hindi page links there, so a visitor who never chose a language keeps reading Hindi */
export const screensWithHindiPath: readonly string[] = [paths.packages];
const hindiPathScreens = new Set(screensWithHindiPath.map((p) => p.toLowerCase()));

/** whether a path has a version under /hi/: every public page, and the screens above */
export function hasHindiPath(pathname: string): boolean {
  return hasHindiVersion(pathname) || hindiPathScreens.has(pathInLocale(pathname.replace(/(.)\/+$/, '$1'), 'en').toLowerCase());
}

// Each message id starts with its section; a page gets the frame's sections and its own (below), so
// the catalogue in a page's data holds only what that page can show.
const frameSections = ['meta', 'frame', 'nav', 'menu', 'account', 'language', 'footer', 'error'];
const sectionsOfPage: Record<string, string[]> = {
  '': ['home'],
  diagnostic: ['home'],
  // the results page shows the home page's search form, and its own words
  tests: ['home.search', 'tests'],
  about: ['about', 'lab'],
  contact: ['contact', 'lab'],
  services: ['services'],
  hematology: ['services', 'hematology'],
  microbiology: ['services', 'microbiology'],
  serology: ['services', 'serology'],
  biochemistry: ['services', 'biochemistry'],
  radiology: ['services', 'radiology'],
  blogs: ['blogs'],
  blog: ['blogs'],
  // Offers and careers show their error (docs/product.md#messages) when their data cannot be read on the way there: the
  // root must not need a fresh copy (it would fail with them), so their cards' texts come with their
  // own data, and the texts around the cards and of the error are in their modules (decision 034).
  offers: [],
  career: [],
  // The privacy notice's words come with its own data (privacy-page.tsx), as the offers' cards' texts.
  privacy: [],
};

/**
 * The booking in plain steps (`/book`) is a public page for phones without scripts, held to the public
 * pages' first-load budget: it is sent its own steps' words, not every patient screen's (decision 078).
 */
const bookStepsSections = ['patient.steps', 'patient.reportExpectedBy'];

/** the catalogue sections a page shows: the frame's, and its page's (patient screens share one) */
export function pageSections(pathname: string): string[] {
  if (pathname.replace(/(.)\/+$/, '$1').toLowerCase() === paths.bookSteps.toLowerCase()) return [...frameSections, ...bookStepsSections];
  if (!hasHindiVersion(pathname)) return [...frameSections, 'patient'];
  const segment = pathInLocale(pathname, 'en').split('/')[1]?.toLowerCase() ?? '';
  return [...new Set([...frameSections, ...(sectionsOfPage[segment] ?? [])])];
}

/**
 * Whether a page is sent all the lab's details (the week's hours, map, accreditation, UPI, grievance
 * officer), not only the frame's (shared/lib/lab-info.ts): those with the lab details list (About,
 * Contact), the privacy notice and the patient screens.
 */
export const showsAllLabDetails = (pathname: string): boolean =>
  !hasHindiVersion(pathname) || pageSections(pathname).includes('lab') || pathInLocale(pathname.replace(/(.)\/+$/, '$1'), 'en').toLowerCase() === paths.privacy.toLowerCase();

/**
 * Whether moving between two pages needs the root's data again: the next page is in another language,
 * or shows messages or lab details the current data lacks (what the current page shows is in it).
 */
export function needsOtherMessages(current: string, next: string, cookieHeader: string): boolean {
  if (pageLocale(current, cookieHeader) !== pageLocale(next, cookieHeader)) return true;
  if (showsAllLabDetails(next) && !showsAllLabDetails(current)) return true;
  const held = new Set(pageSections(current));
  return pageSections(next).some((section) => !held.has(section));
}

export function pageLocale(pathname: string, cookieHeader: string | null | undefined): Locale {
  if (localeOfPath(pathname) === 'hi') return 'hi';
  if (hasHindiVersion(pathname)) return 'en';
  return cookieLocale(cookieHeader) ?? 'en';
}

/** remembers the choice for a year (read by the server too: e-mails and documents follow it) */
export function rememberLocale(locale: Locale): void {
  document.cookie = `${localeCookie}=${locale}; path=/; max-age=31536000; samesite=lax`;
}

