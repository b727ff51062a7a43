// The server's messages said in a language (decision record 055): the Hindi looked up by code, never
// by matching the English. Only the server reads this, so the web's scripts never carry the Hindi.
import type { Locale } from '../locale.ts';
import { type MessageCode, messagesEn } from './en.ts';
import { messagesHi } from './hi.ts';
import { fillTemplate, type Said } from './message.ts';

const catalogues: Readonly<Record<Locale, Readonly<Record<MessageCode, string>>>> = { en: messagesEn, hi: messagesHi };

/** a message in the language asked for; a plain text as it is */
export function sayIn(language: Locale, said: Said): string {
  if (typeof said === 'string') return said;
  return fillTemplate(catalogues[language][said.code], said.values, (value) => sayIn(language, value));
}
