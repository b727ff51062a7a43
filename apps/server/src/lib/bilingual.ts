// Content written in two languages (docs/i18n.md): the Hindi text where the reader asked for Hindi and
// someone wrote it, the English otherwise. English answers stay exactly what they were.
import type { Locale } from '@lab/contract';

export function inLanguage(language: Locale, english: string, hindi: string | null | undefined): string {
  return language === 'hi' && hindi ? hindi : english;
}

/** a test's name in the language asked for; in Hindi, its English name beside it (`name_en`) so a person can still find or quote it */
export function nameIn(language: Locale, english: string, hindi: string | null | undefined): { name: string; name_en?: string } {
  return language === 'hi' && hindi ? { name: hindi, name_en: english } : { name: english };
}

/**
 * The Hindi text after a staff edit: left out of the request (a client that knows no Hindi field),
 * it stays as written; null (the contract turns a blank into null) removes it.
 */
export function editedHindi(given: string | null | undefined, current: string | null): string | null {
  return given === undefined ? current : given;
}
