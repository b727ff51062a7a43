// The language of the server's messages (issue 18, decision 039). A request asks for Hindi with
// `?lang=hi` or the `lang` cookie the web app sets with its language switch (the patient screens follow
// the same cookie); staff routes and every other request get the English the API always sent, byte for
// byte, so spec §7 clients see no change. `Accept-Language` is not read: browsers send it for everyone.
import { isLocale, type Locale, localeCookie } from '@lab/contract';
import type { FastifyRequest } from 'fastify';
import { hindiLabels, hindiMessages } from './hindi-messages.ts';

/** the language a request asked its messages in */
export function messageLanguage(request: FastifyRequest): Locale {
  if (request.url.startsWith('/api/staff/')) return 'en';
  const query = request.query as Record<string, unknown> | undefined;
  const asked = typeof query?.lang === 'string' ? query.lang : request.cookies?.[localeCookie];
  return isLocale(asked) ? asked : 'en';
}

interface Template {
  pattern: RegExp;
  hindi: string;
  /** literal characters, to try the most specific template first */
  weight: number;
}

const escape = (s: string) => s.replace(/[.*+?^$()|[\]\\]/g, '\\$&');

const templates: Template[] = Object.entries(hindiMessages)
  .filter(([english]) => english.includes('{}'))
  .map(([english, hindi]) => ({
    pattern: new RegExp(`^${english.split('{}').map(escape).join('(.+?)')}$`, 's'),
    hindi,
    weight: english.replaceAll('{}', '').length,
  }))
  .sort((a, b) => b.weight - a.weight);

/** the Hindi of a message the server sends, or undefined when it has none */
export function hindiOf(english: string): string | undefined {
  const exact = hindiMessages[english] ?? hindiLabels[english];
  if (exact !== undefined) return exact;
  for (const t of templates) {
    const found = t.pattern.exec(english);
    if (found) return t.hindi.replace(/\{(\d)\}/g, (_, i: string) => {
      const value = found[Number(i) + 1] ?? '';
      return hindiOf(value) ?? value;
    });
  }
  return undefined;
}

/** the message in the language asked for; English, or a message without Hindi, as it is */
export function inMessageLanguage(language: Locale, english: string): string {
  return language === 'hi' ? (hindiOf(english) ?? english) : english;
}

/** an error body in the language asked for: `{"error": …}` or field errors (`{"field": ["…"]}`) */
export function translateError(language: Locale, body: Record<string, unknown>): Record<string, unknown> {
  if (language === 'en') return body;
  return Object.fromEntries(
    Object.entries(body).map(([key, value]) => [
      key,
      typeof value === 'string' ? inMessageLanguage(language, value) : Array.isArray(value) ? value.map((v: unknown) => (typeof v === 'string' ? inMessageLanguage(language, v) : v)) : value,
    ]),
  );
}

/** a successful answer's `{"message": …}` in the language asked for; the rest of the answer as it is */
export function translateMessage(language: Locale, body: unknown): unknown {
  if (language === 'en' || typeof body !== 'object' || body === null || !('message' in body) || typeof body.message !== 'string') return body;
  return { ...body, message: inMessageLanguage(language, body.message) };
}
