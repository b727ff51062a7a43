// The compiled catalogues, read by the root route's loader on the server only (loaders and what only
// they import are left out of the browser build), which sends a page the one of its language.
import type { Locale } from '@lab/contract';
import english from './catalogues/en.json';
import hindi from './catalogues/hi.json';
import type { Messages } from './i18n.tsx';

const catalogues: Record<Locale, Messages> = { en: english, hi: hindi };

/** the compiled messages of some sections (the first segment of their ids) in one language */
export function messagesOf(locale: Locale, sections: readonly string[]): Messages {
  const wanted = new Set(sections);
  return Object.fromEntries(Object.entries(catalogues[locale]).filter(([id]) => wanted.has(id.slice(0, id.indexOf('.')))));
}
