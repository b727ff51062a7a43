// The web app's pages, rendered by React Router's server build in this process (decision record 020).
// Route loaders read the API through `api` in the load context: requests injected into this app, so a
// page holds exactly what the public API answers. Rendered pages are cached by URL under a version of
// everything they show (catalogue, blogs and careers, the lab's details, today's date in India), so a
// staff edit made by any process is on the next request (within a second on another process); the
// versions are known without a query while nothing changed (decision records 027 and 030) and are read
// before rendering, so a race can only make a cached page newer than its key, never stale.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { cookieLocale, inIndia } from '@lab/contract';
import type { FastifyRequest } from 'fastify';
import { type AppLoadContext, createRequestHandler, type ServerBuild } from 'react-router';
import type { App } from '../lib/context.ts';
import { cspHeader, inlineScriptHashes, inlineStyleHashes } from '../lib/csp.ts';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** One rendered answer, compressed once, with the CSP that allows exactly its inline scripts. */
export interface RenderedPage {
  status: number;
  contentType: string;
  body: Buffer;
  br: Buffer;
  gzip: Buffer;
  /** for HTML: `script-src` and `style-src` with the hash of each inline script and style of this render (decision record 001) */
  csp: string | undefined;
}

/** what the web app's loaders and actions find in their load context (apps/web/src/shared/api/server-data.ts) */
interface PageLoadContext extends AppLoadContext {
  api: (path: string, init?: { method: 'GET' | 'POST'; body?: unknown }) => Promise<{ status: number; body: unknown }>;
}

/** how many rendered URLs are kept; a flood of odd URLs only pushes the oldest out */
const CACHE_LIMIT = 300;

/** the server build beside the client build the server serves (apps/web/build/{client,server}) */
export function serverBuildFile(webDist: string): string {
  return path.join(webDist, '..', 'server', 'index.js');
}

export async function loadServerBuild(webDist: string): Promise<ServerBuild | undefined> {
  const file = serverBuildFile(webDist);
  if (!existsSync(file)) return undefined;
  return (await import(pathToFileURL(file).href)) as ServerBuild;
}

async function compressed(status: number, contentType: string, body: Buffer): Promise<RenderedPage> {
  const isHtml = contentType.startsWith('text/html');
  const [br, gz] = await Promise.all([
    brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    gzip(body, { level: 9 }),
  ]);
  const html = isHtml ? body.toString('utf8') : '';
  return { status, contentType, body, br, gzip: gz, csp: isHtml ? cspHeader(inlineScriptHashes(html), inlineStyleHashes(html)) : undefined };
}

/** renders pages with the server build, and keeps the answers of GET requests that anyone may share */
export function pageRenderer(app: App, build: ServerBuild) {
  const handle = createRequestHandler(build, 'production');
  const cache = new Map<string, Promise<RenderedPage>>();
  let cachedVersion = '';

  /** what the pages show, as one string: any edit changes it */
  const version = async () => {
    const { catalogue, content, lab } = await app.deps.catalogVersion.versions();
    return `${catalogue}.${content}.${lab}.${inIndia(app.deps.now()).date}`;
  };

  /** the API, asked in-process on behalf of the page's visitor (their address counts for rate limits) */
  const loadContext = (request: FastifyRequest): PageLoadContext => ({
    api: async (apiPath, init) => {
      const res = await app.inject({
        method: init?.method ?? 'GET',
        url: apiPath,
        remoteAddress: request.ip,
        ...(init?.body === undefined ? {} : { payload: init.body as object }),
      });
      return { status: res.statusCode, body: res.body ? (JSON.parse(res.body) as unknown) : null };
    },
  });

  const toWebRequest = (request: FastifyRequest, method: string): Request => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (typeof value === 'string') headers.set(name, value);
      else if (Array.isArray(value)) headers.set(name, value.join(', '));
    }
    const body = method === 'POST' && typeof request.body === 'string' ? request.body : undefined;
    return new Request(`http://${request.host}${request.url}`, { method, headers, ...(body === undefined ? {} : { body }) });
  };

  const render = async (request: FastifyRequest, method: string): Promise<RenderedPage> => {
    const response = await handle(toWebRequest(request, method), loadContext(request));
    const body = Buffer.from(await response.arrayBuffer());
    return compressed(response.status, response.headers.get('content-type') ?? 'text/html; charset=utf-8', body);
  };

  return {
    /** a POST (the contact form without JavaScript): rendered for this visitor, never cached */
    post: (request: FastifyRequest) => render(request, 'POST'),

    /** GET and HEAD: from the cache while nothing the page shows has changed */
    async get(request: FastifyRequest): Promise<RenderedPage> {
      const current = await version();
      if (current !== cachedVersion) {
        cache.clear();
        cachedVersion = current;
      }
      // Patient screens follow the `lang` cookie (docs/i18n.md): their frame is drawn in that language.
      const key = `${request.url} ${cookieLocale(request.headers.cookie) ?? ''}`;
      const hit = cache.get(key);
      if (hit) return hit;
      const rendering = render(request, 'GET');
      if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value ?? '');
      cache.set(key, rendering);
      // A failed render is not kept: the next request tries again. Only pages meant for everyone are
      // kept (a 200, or the 404 of a missing page), not a 5xx of a moment.
      void rendering.then(
        (page) => page.status !== 200 && page.status !== 404 && cache.get(key) === rendering && cache.delete(key),
        () => cache.get(key) === rendering && cache.delete(key),
      );
      return rendering;
    },
  };
}
