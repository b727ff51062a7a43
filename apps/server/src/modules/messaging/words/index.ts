// The words of each language, and the choice of language for what the server writes to a person.
import { isLocale, type Locale } from '@lab/contract';
import { en } from './en.ts';
import { hi } from './hi.ts';
import type { MailWords } from './types.ts';

export type { MailWords } from './types.ts';

export const mailWords: Record<Locale, MailWords> = { en, hi };

/**
 * The language of an e-mail or document (docs/i18n.md): the first of, in order, the logged-in person's
 * profile, the `lang` cookie of the request that caused it, and the language the request named; else
 * English. Anything that is not one of the two languages is passed over.
 */
export function chooseLanguage(...candidates: unknown[]): Locale {
  return candidates.find(isLocale) ?? 'en';
}
