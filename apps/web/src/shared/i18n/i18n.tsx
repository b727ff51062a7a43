// The page's language and its messages (decision 034). Catalogues are ICU messages by id
// (catalogues/*.json). The root route's loader hands the page the messages of its own language only, so
// an English page never carries Hindi text and a Hindi page never carries English. The messages travel
// as plain strings and are formatted here: `{name}` placeholders and `{n, plural, …}` (with
// Intl.PluralRules) are all the catalogues use, so no ICU runtime ships to the browser.
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { htmlLang, type Locale, pathInLocale } from '@lab/contract';
import type { MessageId } from './message-id.ts';
import { hasHindiPath } from './page-locale.ts';

/** a catalogue: ICU messages by id */
export type Messages = Record<string, string>;

// The root's data sends a page's messages as one string (catalogues.server.ts): entries split by `~`, each
// `id^message`, or in the build, where ids are numbers, just `message` when its id follows the one before
// (catalogues.test.ts keeps both marks out of the messages).
export const entrySep = '~';
export const idSep = '^';

function unpackMessages(packed: string): Messages {
  const messages: Messages = {};
  let next = 0;
  for (const entry of packed ? packed.split(entrySep) : []) {
    const at = entry.indexOf(idSep);
    const id = at < 0 ? String(next) : entry.slice(0, at);
    messages[id] = entry.slice(at + 1);
    next = Number(id) + 1;
  }
  return messages;
}

export interface PageLanguage {
  locale: Locale;
  /** the catalogue, or its packed string as the root's data sends it (catalogues.server.ts) */
  messages: Messages | string;
}

export type Translate = (id: MessageId, values?: Record<string, unknown>) => string;

interface Language {
  locale: Locale;
  t: Translate;
  /** a page's path in this language: /Services on an English page, /hi/Services on a Hindi one (patient
   * screens have one path in both, but for those that also answer under /hi/: page-locale.ts) */
  localePath(path: string): string;
  /** the Intl locale of numbers and dates: en-IN or hi-IN (Indian grouping in both) */
  intlLocale: string;
}

// `{name}`, or `{name, plural, one {…} other {…}}` (one level of cases, `#` the number)
const argument = /\{(\w+)(?:, plural,((?:\s*=?\w+\s*\{[^{}]*\})+)\s*)?\}/g;
const pluralCase = /(=?\w+)\s*\{([^{}]*)\}/g;

// Made once per locale: an Intl object costs far more to make than to use, and a list formats a count
// on every keystroke (the booking search's "n tests found").
const intlOf: Record<string, [Intl.PluralRules, Intl.NumberFormat]> = {};

/** an ICU message with its values, as @lingui/core formats the subset the catalogues use */
export function formatMessage(message: string, values: Record<string, unknown> = {}, locale: string = 'en'): string {
  return message.replace(argument, (_, name: string, cases?: string) => {
    const value = values[name];
    if (cases === undefined) return value == null ? '' : String(value);
    const n = Number(value);
    const forms = Object.fromEntries([...cases.matchAll(pluralCase)].map((m) => [m[1], m[2]]));
    const [plural, number] = (intlOf[locale] ??= [new Intl.PluralRules(locale), new Intl.NumberFormat(locale)]);
    const form = forms[`=${n}`] ?? forms[plural.select(n)] ?? forms.other ?? '';
    return form.replace(/#/g, number.format(n));
  });
}

export function makeLanguage({ locale, messages }: PageLanguage): Language {
  const catalogue = typeof messages === 'string' ? unpackMessages(messages) : messages;
  return {
    locale,
    t: (id, values) => {
      const message = catalogue[id];
      return message === undefined ? id : message.includes('{') ? formatMessage(message, values, locale) : message;
    },
    localePath: (path) => (locale === 'hi' && hasHindiPath(path) ? pathInLocale(path, 'hi') : path),
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
 * For texts whose English is written in the code that shows them (the error screen, the footer's Offers
 * and Careers and the navigation bar's sign-in link: sections `error` and `menu`), so English pages carry
 * no messages for them: the English given on an English page, the message on a Hindi one, and the
 * English when the message is missing (the root's data could not be read).
 */
export function useSay(): (id: MessageId, english: string) => string {
  const { locale, t } = useLanguage();
  return (id, english) => {
    const text = locale === 'en' ? english : t(id);
    return text === id ? english : text;
  };
}

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
