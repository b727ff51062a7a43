// Serves the built web app: hashed assets (immutable, pre-compressed br/gzip), the prerendered HTML of
// the public pages, the SPA shell for client-rendered screens, and a real 404 for everything else.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { isKnownPath, prerenderedPaths } from '@lab/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../lib/context.ts';
import { cspHeader, inlineScriptHashes } from '../lib/csp.ts';
import { negotiateEncoding } from '../lib/encoding.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

interface Page {
  body: Buffer;
  /** compressed once at start: pages are answered on every first visit and never change */
  br: Buffer;
  gzip: Buffer;
  csp: string;
}

const page = (body: Buffer): Page => ({
  body,
  br: zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
  gzip: zlib.gzipSync(body, { level: 9 }),
  csp: cspHeader(inlineScriptHashes(body.toString('utf8'))),
});

export async function webApp(app: App): Promise<void> {
  const dist = app.deps.config.webDist;
  const notFoundJson = (reply: FastifyReply) => reply.code(404).send({ error: 'Not found.' });

  if (!dist) {
    app.setNotFoundHandler((_req, reply) => notFoundJson(reply));
    return;
  }

  // Prerendered pages by lower-cased path: routes match case-insensitively, as in the browser router.
  const pages = new Map<string, Page>();
  for (const p of prerenderedPaths) {
    const file = path.join(dist, p === '/' ? 'index.html' : `${p.slice(1)}/index.html`);
    if (existsSync(file)) pages.set(p.toLowerCase(), page(readFileSync(file)));
  }
  const shellFile = path.join(dist, '__spa-fallback.html');
  const shell = existsSync(shellFile) ? page(readFileSync(shellFile)) : pages.get('/');
  if (!shell) throw new Error(`the web build in ${dist} has no __spa-fallback.html: run npm run build`);

  await app.register(fastifyStatic, {
    root: dist,
    wildcard: false,
    index: false,
    redirect: false,
    preCompressed: true,
    // HTML is answered below, by route, never as a file path.
    allowedPath: (pathname) => !pathname.endsWith('.html'),
    setHeaders(res, filePath) {
      const rel = path.relative(dist, filePath);
      res.header('Cache-Control', rel.startsWith('assets') ? IMMUTABLE : 'public, max-age=3600');
    },
  });

  const html = (request: FastifyRequest, reply: FastifyReply, p: Page, status = 200) => {
    const encoding = negotiateEncoding(request.headers['accept-encoding']);
    reply
      .code(status)
      .header('Cache-Control', 'no-cache')
      .header('Content-Security-Policy', p.csp)
      .header('Vary', 'Accept-Encoding')
      .type('text/html; charset=utf-8');
    if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
    return reply.send(encoding === 'br' ? p.br : encoding === 'gzip' ? p.gzip : p.body);
  };

  app.setNotFoundHandler((request: FastifyRequest, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname.startsWith('/api/') || pathname === '/api' || !['GET', 'HEAD'].includes(request.method)) {
      return notFoundJson(reply);
    }
    if (pathname.startsWith('/assets/')) return reply.code(404).type('text/plain').send('Not found');
    const key = pathname.replace(/\/+$/, '').toLowerCase() || '/';
    const page = pages.get(key);
    if (page) return html(request, reply, page);
    // The shell renders the client-side screens, and its router's own "page not found" screen otherwise.
    return html(request, reply, shell, isKnownPath(pathname) ? 200 : 404);
  });
}
