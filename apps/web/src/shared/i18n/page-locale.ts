// Which language a page is shown in. Public pages say it in their path (/hi/… is Hindi); the patient
// screens (login, booking, dashboard, bill…) have one path and follow the `lang` cookie the language
// switch sets. Shared by the root loader (server) and its revalidation rule (browser).
import { cookieLocale, type Locale, localeCookie, localeOfPath, pathInLocale, publicPagePaths } from '@lab/contract';

const bilingualPaths = new Set(publicPagePaths.map((p) => p.toLowerCase()));

/** whether a path is a public page that exists in both languages (/Services, /hi/Services, /blog/3) */
export function hasHindiVersion(pathname: string): boolean {
  const bare = pathInLocale(pathname.replace(/(.)\/+$/, '$1'), 'en').toLowerCase();
  return bilingualPaths.has(bare) || /^\/blog\/[^/]+$/.test(bare);
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
