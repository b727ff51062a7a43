// Serves the built web app: hashed assets (immutable, pre-compressed br/gzip) and every page, rendered
// by the web app's server build (web/pages.ts): public pages with their content, the browser-only
// screens as their frame with a <noscript> note, and the not-found page with a real 404.
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../lib/context.ts';
import { negotiateEncoding } from '../lib/encoding.ts';
import { cookieLocale, localeCookie, localeOfPath } from '@lab/contract';
import { loadServerBuild, pageRenderer, type RenderedPage, serverBuildFile } from './pages.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** the contact form posted without JavaScript is small; anything bigger is not one */
const FORM_BODY_LIMIT = 16 * 1024;

export async function webApp(app: App): Promise<void> {
  const dist = app.deps.config.webDist;
  const notFoundJson = (reply: FastifyReply) => reply.code(404).send({ error: 'Not found.' });
  const build = dist ? await loadServerBuild(dist) : undefined;

  if (!dist || !build) {
    // An API without its web app (API tests, API benchmarks): the build is not there on purpose.
    if (dist && !build) app.log.warn(`no web server build at ${serverBuildFile(dist)}: pages answer 404 (run npm run build)`);
    app.setNotFoundHandler((_req, reply) => notFoundJson(reply));
    return;
  }
  const pages = pageRenderer(app, build);

  await app.register(fastifyStatic, {
    root: dist,
    wildcard: false,
    index: false,
    redirect: false,
    preCompressed: true,
    // Pages are answered below, by route, never as a file path.
    allowedPath: (pathname) => !pathname.endsWith('.html'),
    setHeaders(res, filePath) {
      const rel = path.relative(dist, filePath);
      res.header('Cache-Control', rel.startsWith('assets') ? IMMUTABLE : 'public, max-age=3600');
    },
  });

  // The contact form without JavaScript posts its fields form-encoded; the page's action reads them.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_req, body, done) =>
    done(null, body),
  );

  const send = (request: FastifyRequest, reply: FastifyReply, page: RenderedPage) => {
    const encoding = negotiateEncoding(request.headers['accept-encoding']);
    reply.code(page.status).header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding').type(page.contentType);
    if (page.csp) reply.header('Content-Security-Policy', page.csp);
    // A visitor who reads a /hi/ page and has chosen no language keeps Hindi on the patient screens it
    // links to (booking, sign-in, the bill: one path each, drawn by the cookie; docs/i18n.md). A choice
    // made with the switch is never overridden. Said here, so no page carries script for it.
    if (page.status === 200 && localeOfPath(request.url.split('?')[0] ?? '/') === 'hi' && cookieLocale(request.headers.cookie) === undefined) {
      reply.header('Set-Cookie', `${localeCookie}=hi; Path=/; Max-Age=31536000; SameSite=Lax`);
    }
    if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
    return reply.send(encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.body);
  };

  app.setNotFoundHandler(async (request: FastifyRequest, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname.startsWith('/api/') || pathname === '/api') return notFoundJson(reply);
    if (pathname.startsWith('/assets/')) return reply.code(404).type('text/plain').send('Not found');
    if (request.method === 'GET' || request.method === 'HEAD') return send(request, reply, await pages.get(request));
    if (request.method === 'POST' && typeof request.body === 'string') return send(request, reply, await pages.post(request));
    return notFoundJson(reply);
  });
}
