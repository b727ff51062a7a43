// The navigation bar's language switch: the same page in the other language. A public page has a
// version under /hi/ (or without it); a patient screen has one path and is drawn again in the language
// the `lang` cookie now names. Either way the page loads anew, so its catalogue comes with it.
import { useLocation } from 'react-router';
import { htmlLang, pathInLocale } from '@lab/contract';
import { useLanguage } from './i18n.tsx';
import { hasHindiVersion, rememberLocale } from './page-locale.ts';

export function LanguageSwitch({ className }: { className: string }) {
  const { locale, t } = useLanguage();
  const { pathname, search } = useLocation();
  const other = locale === 'hi' ? 'en' : 'hi';
  const href = (hasHindiVersion(pathname) ? pathInLocale(pathname, other) : pathname) + search;
  return (
    <a href={href} hrefLang={htmlLang[other]} lang={htmlLang[other]} aria-label={t('language.switchLabel')} onClick={() => rememberLocale(other)} className={className}>
      {t('language.switch')}
    </a>
  );
}
