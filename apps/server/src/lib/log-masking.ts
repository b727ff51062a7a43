// What the request log may say about a URL. Many paths carry a capability or data about a patient: an
// appointment id opens the bill and the report, a cancel link's token cancels, a claim token claims, a
// verification code names a report, a reset link holds a token; and staff search for patients by
// name, phone or e-mail. Those parts are masked here, the one place every request's log line passes
// through (the `req` serializer of app.ts), before anything is written (decision 048).
//
// - A request that matched an API route: every parameter of the route's pattern is masked, except the
//   few named in PUBLIC_PARAMS. A new route is covered the day it is registered.
// - Anything else (the web app's pages, answered by the not-found handler, and unknown paths): the
//   segments that the web app's own link builders (`paths`, `staffPaths` in the contract) fill with a
//   value, again unless that link is public; and, in what is left, any segment that looks like an id.
import { paths, staffPaths } from '@lab/contract';

const MASK = '***';

/** route parameters that never identify a person or open anything */
const PUBLIC_PARAMS = new Set(['purpose', 'version', 'date']);

/** link builders of the web app whose values are public (a blog post's id, a day of the run sheet) */
const PUBLIC_LINKS = new Set<string>(['blog', 'staffHomeVisitsOn']);

/** stands for a value in a built link; it cannot occur in a real one (it is encoded as %01) */
const MARK = '\u0001';

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A pattern per link builder that takes values: the path up to each value and the value itself, e.g.
 * `/report/<id>` from paths.report. Each matches at the start of a path (or after `/hi`), whatever follows.
 */
export const PAGE_PATTERNS: RegExp[] = Object.entries({ ...paths, ...staffPaths }).flatMap(([name, build]) => {
  if (typeof build !== 'function' || PUBLIC_LINKS.has(name)) return [];
  const built = (build as (...values: string[]) => string)(...Array.from({ length: build.length }, () => MARK));
  const marked = built.split('?')[0]!;
  if (!marked.includes(encodeURIComponent(MARK)) && !marked.includes(MARK)) return [];
  const pattern = marked
    .split(new RegExp(`${escapeRegExp(encodeURIComponent(MARK))}|${MARK}`))
    .map(escapeRegExp)
    .join('([^/?]+)');
  // the same page under the Hindi prefix too (a language switch keeps the rest of the path)
  return [new RegExp(`^(?:/hi(?=/))?${pattern}`, 'di')];
});

/**
 * A segment of an unknown path that may be an id or a token: 8 or more letters, digits, `-`, `_`, `.`,
 * `%` or `~` with at least one digit (appointment ids, codes, tokens), or 20 and more without.
 * Page names (`/UserDashboard`, `/find-booking`) have no digit and stay readable.
 */
const LOOKS_LIKE_ID = /^(?=[^/]*\d)[\w.~%-]{8,}$|^[\w.~%-]{20,}$/;

function maskPageSegments(path: string): string {
  for (const pattern of PAGE_PATTERNS) {
    const m = pattern.exec(path);
    if (!m) continue;
    // rebuild the matched part with each captured value masked
    let out = '';
    let at = 0;
    for (const [start, end] of m.indices!.slice(1) as Array<[number, number]>) {
      out += path.slice(at, start) + MASK;
      at = end;
    }
    path = out + path.slice(at);
    break;
  }
  return path
    .split('/')
    .map((segment) => (segment !== MASK && LOOKS_LIKE_ID.test(segment) ? MASK : segment))
    .join('/');
}

/** the path of a request that matched `route` (Fastify's pattern, e.g. `/api/billing/:appointmentId/`) with its parameters masked */
function maskRouteSegments(path: string, route: string): string {
  const pattern = route.split('/');
  return path
    .split('/')
    .map((segment, i) => {
      const p = pattern[i];
      if (p === undefined || !p.includes(':')) return segment;
      const names = [...p.matchAll(/:(\w+)/g)].map((m) => m[1]!);
      return names.every((name) => PUBLIC_PARAMS.has(name)) ? segment : MASK;
    })
    .join('/');
}

/**
 * query keys whose values are personal data or secrets anywhere (the plain booking steps carry the
 * patient's tests and home address in theirs); under /api/staff every value is masked
 */
const SECRET_KEYS = new Set(['search', 'q', 'query', 'email', 'phone', 'name', 'token', 'refresh', 'code', 'id', 'appointment', 'appointment_id', 'reference', 'contact', 'tests', 'house', 'street', 'locality', 'city', 'pin']);

/**
 * The URL as the log may show it. `route`: the pattern of the route the request matched, when it
 * matched one with parameters (undefined for pages and unknown paths).
 */
export function maskUrl(url: string, route?: string): string {
  const q = url.indexOf('?');
  let path = q === -1 ? url : url.slice(0, q);
  path = route && route.includes(':') ? maskRouteSegments(path, route) : route ? path : maskPageSegments(path);
  if (q === -1) return path;
  const everyValue = /^\/(?:api\/)?staff\//i.test(path);
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

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
  /** Fastify's: the matched route's pattern (undefined for the not-found handler) */
  routeOptions?: { url?: string };
  is404?: boolean;
}

/** pino serializer of the request: Fastify's default fields, with the URL masked */
export function requestSerializer(request: LoggedRequest) {
  const route = request.is404 ? undefined : request.routeOptions?.url;
  return {
    method: request.method,
    url: maskUrl(request.url, route),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
