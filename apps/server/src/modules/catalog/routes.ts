// HTTP routes of the catalog domain: the priced test list, categories and packages.
import { categorySchema, errorSchema, fieldErrorsSchema, languageQuerySchema, packageListSchema, testListSchema } from '@lab/contract';
import { z } from 'zod';
import fresh from 'fresh';
import type { App } from '../../lib/context.ts';
import { negotiateEncoding } from '../../lib/encoding.ts';
import { todayIst } from '../../lib/time.ts';
import { listCategories, listPackages, memberDiscount, TestListCache } from './service.ts';

export default async function catalogRoutes(app: App): Promise<void> {
  const cache = new TestListCache(app.deps.catalogVersion);

  app.get(
    '/tests/',
    {
      // The body is compressed once per catalogue version by the service, not per request.
      compress: false,
      schema: {
        querystring: languageQuerySchema,
        response: { 200: testListSchema, 304: z.undefined(), 400: fieldErrorsSchema.or(errorSchema) },
      },
    },
    async (request, reply) => {
      const { db } = app.deps;
      const today = todayIst();
      const percent = await memberDiscount(db, request.auth?.userId, today);
      const list = await cache.list(db, percent, today, request.query.lang);
      const encoding = negotiateEncoding(request.headers['accept-encoding']);
      const suffix = encoding === 'br' ? '-br' : encoding === 'gzip' ? '-gz' : '';
      reply.header('cache-control', cacheControl(request.auth));
      reply.header('vary', 'Accept-Encoding, Authorization');
      reply.header('etag', `"${list.etag}${suffix}"`);
      if (unchanged(request.headers, list.etag)) {
        // No body at all: a 304 announcing a length would make some clients wait for bytes that never come.
        return reply.code(304).send(undefined);
      }
      const body = await list.body(encoding);
      reply.header('content-type', 'application/json; charset=utf-8');
      if (encoding !== 'identity') reply.header('content-encoding', encoding);
      // Pre-serialised bytes (checked against testListSchema by the tests) skip the serializer.
      return reply.code(200).send(body as unknown as z.infer<typeof testListSchema>);
    },
  );

  app.get('/categories/', { schema: { querystring: languageQuerySchema, response: { 200: z.array(categorySchema), 400: fieldErrorsSchema } } }, async (request) =>
    listCategories(app.deps.db, request.query.lang),
  );

  app.get('/packages/', { schema: { querystring: languageQuerySchema, response: { 200: packageListSchema, 400: fieldErrorsSchema } } }, async (request, reply) => {
    reply.header('cache-control', cacheControl(request.auth));
    return listPackages(app.deps.db, request.auth?.userId, request.query.lang);
  });
}

/**
 * The list a guest sees is the same for everyone and revalidated by its ETag; a member's prices tell
 * that they hold a membership, which is theirs alone: never stored.
 */
const cacheControl = (auth: unknown) => (auth ? 'private, no-store' : 'private, no-cache');

/**
 * If-None-Match against the list's tag, read by `fresh` (weak comparison, `*`, and a request's own
 * Cache-Control: no-cache). The br, gzip and plain forms carry suffixed tags of one content hash; any
 * of them still describes the same list, so any of them earns a 304.
 */
function unchanged(headers: Record<string, string | string[] | undefined>, etag: string): boolean {
  if (!headers['if-none-match']) return false;
  return [etag, `${etag}-br`, `${etag}-gz`].some((tag) => fresh(headers, { etag: `"${tag}"` }));
}
