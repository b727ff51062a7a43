// The navigation bar's language switch: the same page in the other language. A public page (and the
// packages screen) has a version under /hi/ (or without it); a patient screen has one path and is drawn again in the language
// the `lang` cookie now names. Either way the page loads anew, so its catalogue comes with it. For a
// logged-in person the choice is also kept in their profile (PATCH /api/users/me/), which their e-mails
// and documents follow (decision 035); the page changes once the server has it (or has failed to).
import type { MouseEvent } from 'react';
import { useLocation } from 'react-router';
import { htmlLang, pathInLocale, type ProfileUpdate } from '@lab/contract';
import { api } from '../api/client.ts';
import { useAuth } from '../auth/auth-context.tsx';
import { useLanguage } from './i18n.tsx';
import { hasHindiPath, rememberLocale } from './page-locale.ts';

export function LanguageSwitch({ className }: { className: string }) {
  const { locale, t } = useLanguage();
  const { user } = useAuth();
  const { pathname, search } = useLocation();
  const other = locale === 'hi' ? 'en' : 'hi';
  const href = (hasHindiPath(pathname) ? pathInLocale(pathname, other) : pathname) + search;
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    rememberLocale(other);
    if (!user) return;
    const saved = api('/api/users/me/', { method: 'PATCH', body: { language: other } satisfies ProfileUpdate, auth: 'optional' }).catch(() => undefined);
    // A plain click waits for the profile before leaving the page (a new tab leaves this one running).
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    void saved.then(() => window.location.assign(href));
  };
  return (
    <a href={href} hrefLang={htmlLang[other]} lang={htmlLang[other]} aria-label={t('language.switchLabel')} onClick={onClick} className={className}>
      {t('language.switch')}
    </a>
  );
}
