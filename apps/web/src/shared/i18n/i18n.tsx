// The page's language and its messages (issue 18, decision 034). Catalogues are ICU messages by id
// (catalogues/*.json), compiled at build time by Lingui's compiler (vite.config.ts) and interpreted by
// @lingui/core. The root route's loader hands the page the compiled catalogue of its own language only,
// so an English page never carries Hindi text and a Hindi page never carries English.
import { I18n } from '@lingui/core';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { htmlLang, type Locale, pathInLocale } from '@lab/contract';
import type { MessageId } from './message-id.ts';
import { hasHindiVersion } from './page-locale.ts';

/** a catalogue as the root loader sends it: compiled messages by id */
export type Messages = Record<string, unknown>;

export interface PageLanguage {
  locale: Locale;
  /** the catalogue, or its JSON: the root's data sends it as one string, which the page's data encodes
   * in far fewer bytes than an object of many small arrays */
  messages: Messages | string;
}

export type Translate = (id: MessageId, values?: Record<string, unknown>) => string;

interface Language {
  locale: Locale;
  t: Translate;
  /** a page's path in this language: /Services on an English page, /hi/Services on a Hindi one (patient
   * screens have one path in both) */
  localePath(path: string): string;
  /** the Intl locale of numbers and dates: en-IN or hi-IN (Indian grouping in both) */
  intlLocale: string;
}

export function makeLanguage({ locale, messages }: PageLanguage): Language {
  const catalogue = typeof messages === 'string' ? (JSON.parse(messages) as Messages) : messages;
  const i18n = new I18n({ locale, messages: { [locale]: catalogue } as never });
  return {
    locale,
    t: (id, values) => i18n._(id, values),
    localePath: (path) => (locale === 'hi' && hasHindiVersion(path) ? pathInLocale(path, 'hi') : path),
    intlLocale: htmlLang[locale],
  };
}

const LanguageContext = createContext<Language | null>(null);

export function LanguageProvider({ language, children }: { language: PageLanguage; children: ReactNode }) {
  const value = useMemo(() => makeLanguage(language), [language]);
  return <LanguageContext.Provider value={value}>{children}</LanguageContext.Provider>;
}

export function useLanguage(): Language {
  const language = useContext(LanguageContext);
  if (!language) throw new Error('useLanguage outside LanguageProvider (root.tsx provides it)');
  return language;
}

/** the translate function of the page's language */
export const useT = (): Translate => useLanguage().t;

/**
 * A page's <title> and description in its language, for a route's `meta` (which runs outside React):
 * from the root's data among the matched routes.
 */
export function pageMeta(matches: MetaMatches, title: MessageId, description: MessageId) {
  const t = metaTranslate(matches);
  return t ? [{ title: t(title) }, { name: 'description', content: t(description) }] : [];
}

type MetaMatches = ReadonlyArray<{ id: string; data?: unknown } | undefined>;

/** the page's translate function in a route's `meta`, or undefined without the root's data */
export function metaTranslate(matches: MetaMatches): Translate | undefined {
  const root = matches.find((m) => m?.id === 'root')?.data as { language?: PageLanguage } | undefined;
  return root?.language ? makeLanguage(root.language).t : undefined;
}
