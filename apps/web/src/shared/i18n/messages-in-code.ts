// The few messages a page module carries in its own code, in both languages: those its error screen
// shows when the page's data, and the messages that come with it, could not be read (the offers' and
// careers' pages, decision 034). Tests and `react-router dev` read them from the catalogues here; the
// build writes the messages in place of the call (`numberedMessageIds` in vite.config.ts), so no
// catalogue travels in a chunk.
import type { Locale } from '@lab/contract';
import english from './catalogues/en.json';
import hindi from './catalogues/hi.json';
import type { MessageId } from './message-id.ts';

/** the messages of these ids in English and Hindi, by the names given (ids written out: see vite.config.ts) */
export function messagesInCode<K extends string>(ids: Record<K, MessageId>): Record<Locale, Record<K, string>> {
  const pick = (catalogue: Record<string, string>) => Object.fromEntries(Object.entries<string>(ids).map(([name, id]) => [name, catalogue[id] ?? id])) as Record<K, string>;
  return { en: pick(english), hi: pick(hindi) };
}
