// The product's two languages (docs/i18n.md). English stays at the original paths (docs/product.md#public-pages); Hindi versions of the
// public pages live under /hi/. A person's choice travels in the `lang` cookie (guests and staff alike)
// and, for a logged-in person, in their profile; e-mails and documents follow it.

export const locales = ['en', 'hi'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'en';

/** the cookie that remembers the choice: `lang=en` or `lang=hi` */
export const localeCookie = 'lang';

/** the path prefix of the Hindi pages */
export const hindiPrefix = '/hi';

export function isLocale(value: unknown): value is Locale {
  return value === 'en' || value === 'hi';
}

/** the language a path is in: /hi and /hi/… are Hindi, everything else English */
export function localeOfPath(pathname: string): Locale {
  return pathname === hindiPrefix || pathname.startsWith(`${hindiPrefix}/`) ? 'hi' : 'en';
}

/** the same page in the other language: /Services ↔ /hi/Services, / ↔ /hi */
export function pathInLocale(pathname: string, locale: Locale): string {
  const bare = localeOfPath(pathname) === 'hi' ? pathname.slice(hindiPrefix.length) || '/' : pathname;
  if (locale === 'en') return bare;
  return bare === '/' ? hindiPrefix : `${hindiPrefix}${bare}`;
}

/** the HTML `lang` attribute of each language */
export const htmlLang: Record<Locale, string> = { en: 'en-IN', hi: 'hi-IN' };

/** the `lang` cookie's language in a Cookie header, when it names one of ours */
export function cookieLocale(cookieHeader: string | null | undefined): Locale | undefined {
  const value = new RegExp(`(?:^|;\\s*)${localeCookie}=([^;]*)`).exec(cookieHeader ?? '')?.[1];
  return isLocale(value) ? value : undefined;
}
