// Content written in two languages (issue 18): the Hindi text where the reader asked for Hindi and
// someone wrote it, the English otherwise. English answers stay exactly what they were.
import type { Locale } from '@lab/contract';

export function inLanguage(language: Locale, english: string, hindi: string | null | undefined): string {
  return language === 'hi' && hindi ? hindi : english;
}

/**
 * The Hindi text after a staff edit: left out of the request (a client that knows no Hindi field),
 * it stays as written; null (the contract turns a blank into null) removes it.
 */
export function editedHindi(given: string | null | undefined, current: string | null): string | null {
  return given === undefined ? current : given;
}
