// What the request log may say about a URL. Some paths and query values are secrets or personal data:
// a password-reset link holds a token, a bill's path holds the appointment id that is the capability
// to read it, and staff search for patients by name, phone or e-mail. Those parts are masked before
// anything is written.
const MASK = '***';

/** path segments that are capabilities, after the prefix that announces them */
const SECRET_PATHS: Array<[RegExp, string]> = [
  [/^(\/(?:api\/)?reset-password\/)[^?]*/i, `$1${MASK}/${MASK}/`],
  [/^(\/(?:api\/)?billing\/)[^/?]+/i, `$1${MASK}`],
];

/** query keys whose values are personal data or secrets anywhere; under /api/staff every value is masked */
const SECRET_KEYS = new Set(['search', 'q', 'query', 'email', 'phone', 'name', 'token', 'refresh']);

export function maskUrl(url: string): string {
  const q = url.indexOf('?');
  let path = q === -1 ? url : url.slice(0, q);
  for (const [pattern, replacement] of SECRET_PATHS) path = path.replace(pattern, replacement);
  if (q === -1) return path;
  const everyValue = /^\/api\/staff\//i.test(path);
  const params = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq === -1) return pair;
      const key = pair.slice(0, eq);
      return everyValue || SECRET_KEYS.has(key.toLowerCase()) ? `${key}=${MASK}` : pair;
    });
  return `${path}?${params.join('&')}`;
}

/** pino serializer of the request: Fastify's default fields, with the URL masked */
export function requestSerializer(request: { method: string; url: string; host?: string; ip?: string; socket?: { remotePort?: number } }) {
  return {
    method: request.method,
    url: maskUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
