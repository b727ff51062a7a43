// The catalogues, read by the root route's loader on the server only (loaders and what only they import
// are left out of the browser build), which sends a page the messages of its language.
import type { Locale } from '@lab/contract';
import type { LoaderFunctionArgs } from 'react-router';
import english from './catalogues/en.json';
import hindi from './catalogues/hi.json';
import { entrySep, idSep, type Messages } from './i18n.tsx';
import { pageLocale, pageSections } from './page-locale.ts';

const catalogues: Record<Locale, Messages> = { en: english, hi: hindi };
const ids = Object.keys(english);

/** the messages of some sections (the first segments of their ids: `booking`, `booking.slot`), or single ids, in one language */
export function messagesOf(locale: Locale, sections: readonly string[]): Messages {
  const wanted = (id: string) => sections.some((s) => id === s || id.startsWith(s + '.'));
  return Object.fromEntries(Object.entries(catalogues[locale]).filter(([id]) => wanted(id)));
}

/** the messages the root's data sends a page: the frame's and its page's (pageSections) */
export function rootMessages(pathname: string, locale: Locale): string {
  // The error screen's and the frame's menu links' English is written in their code (useSay in i18n.tsx):
  // only Hindi sends their texts. The sidebar's and the profile menu's words are in their own chunks.
  const sections = pageSections(pathname).filter((s) => locale === 'hi' || (s !== 'error' && s !== 'menu'));
  return packedMessagesOf(locale, sections);
}

/** a page's own messages sent with its own data (a `messages` field, which root.tsx adds to the root's) */
export function pageMessages({ request }: Pick<LoaderFunctionArgs, 'request'>, section: string): string {
  const url = new URL(request.url);
  const locale = pageLocale(url.pathname, request.headers.get('cookie'));
  return packedMessagesOf(locale, [section]);
}

/**
 * Those messages as the page's data carries them, one string: `id^message~id^message…`, no quotes to
 * escape twice (the data is JSON inside a script). In the build, where ids are numbers (vite.config.ts),
 * only the first message of a run of consecutive ones names its number: `12^Home~Contact Us~…`.
 */
export function packedMessagesOf(locale: Locale, sections: readonly string[]): string {
  const messages = messagesOf(locale, sections);
  if (!import.meta.env.PROD) return Object.entries(messages).map(([id, message]) => id + idSep + message).join(entrySep);
  let next = -1;
  return ids
    .flatMap((id, i) => {
      if (!(id in messages)) return [];
      const entry = i === next ? messages[id] : i + idSep + messages[id];
      next = i + 1;
      return [entry];
    })
    .join(entrySep);
}
