// The <link rel="alternate" hreflang> pair of a public page, in its <head>: each language's version
// names the other (and itself), so search engines show a person the page in their language.
import { useLocation, useRouteLoaderData } from 'react-router';
import { htmlLang, locales, pathInLocale } from '@lab/contract';
import { hasHindiVersion } from './page-locale.ts';

export function LanguageAlternates() {
  const { pathname } = useLocation();
  const origin = useRouteLoaderData<{ origin: string }>('root')?.origin;
  if (!origin || !hasHindiVersion(pathname)) return null;
  return (
    <>
      {locales.map((locale) => (
        <link key={locale} rel="alternate" hrefLang={htmlLang[locale]} href={`${origin}${pathInLocale(pathname, locale)}`} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={`${origin}${pathInLocale(pathname, 'en')}`} />
    </>
  );
}
