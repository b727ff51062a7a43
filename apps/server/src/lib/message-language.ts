// The language of the server's messages (decision records 039 and 055). A request asks for Hindi with
// `?lang=hi` or the `lang` cookie the web app sets with its language switch (the patient screens follow
// the same cookie); staff routes and every other request get the English the API always sent, byte for
// byte, so spec clients see no change. `Accept-Language` is not read: browsers send it for everyone.
// Messages are said by code from the contract's catalogues (`sayIn`), never by matching English.
import { isLocale, type Locale, localeCookie, type Said, sayIn } from '@lab/contract';
import type { FastifyRequest } from 'fastify';

/** the language a request asked its messages in */
export function messageLanguage(request: FastifyRequest): Locale {
  if (request.url.startsWith('/api/staff/')) return 'en';
  const query = request.query as Record<string, unknown> | undefined;
  const asked = typeof query?.lang === 'string' ? query.lang : request.cookies?.[localeCookie];
  return isLocale(asked) ? asked : 'en';
}

/** a message in the language the request asked for */
export const sayTo = (request: FastifyRequest, said: Said): string => sayIn(messageLanguage(request), said);

/** a successful answer's `{"message": …}` in the language the request asked for */
export const messageAnswer = (request: FastifyRequest, said: Said): { message: string } => ({ message: sayTo(request, said) });
