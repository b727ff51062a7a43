// The security headers of every answer, worked out once by helmet at start. @fastify/helmet builds a
// new helmet middleware (parsing the CSP directives again) for each request, which a profile of the
// catalogue under load showed as about 5% of the server's time; the headers never vary by request, so
// they are computed once and set from a plain object. Pages with their own CSP (script hashes) replace
// the Content-Security-Policy header after this.
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

export function securityHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, () => {});
  return headers;
}
