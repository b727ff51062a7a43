// Content negotiation of Accept-Encoding, for everything the server compresses ahead of time (the
// priced test list, the static files' .br/.gz twins and the rendered pages): one reading for all.
import { negotiate } from '@fastify/accept-negotiator';

export type Encoding = 'br' | 'gzip' | 'identity';

const SUPPORTED: Encoding[] = ['br', 'gzip', 'identity'];

/** the best encoding the client accepts by its q-values, brotli first on a tie; identity when none fits */
export function negotiateEncoding(header: string | string[] | undefined): Encoding {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value) return 'identity';
  // Coding names are case-insensitive (RFC 9110); the negotiator compares them as written.
  return (negotiate(value.toLowerCase(), SUPPORTED) as Encoding | null) ?? 'identity';
}
