// HTTP routes of the catalog domain: the public priced test list, categories and packages (the default
// plugin), and the staff side (catalogStaffRoutes, registered under /api/staff): categories, tests,
// packages, offers and membership plans, every entry active or not, partial updates (PATCH); and each
// test's parameters with their reference intervals.
import {
  categoryInputSchema,
  categorySchema,
  categoryUpdateSchema,
  errorSchema,
  fieldErrorsSchema,
  idParam,
  languageQuerySchema,
  offerInputSchema,
  offerUpdateSchema,
  packageInputSchema,
  packageListSchema,
  packageUpdateSchema,
  parameterInputSchema,
  parameterListSchema,
  parameterSchema,
  planInputSchema,
  planUpdateSchema,
  staffCategoryListSchema,
  staffCategoryQuerySchema,
  staffCategorySchema,
  staffOfferListSchema,
  staffOfferSchema,
  staffPackageListSchema,
  staffPackageSchema,
  staffPlanListSchema,
  staffPlanSchema,
  staffTestPageSchema,
  staffTestQuerySchema,
  staffTestSchema,
  testInputSchema,
  testListSchema,
  testUpdateSchema,
} from '@lab/contract';
import { z } from 'zod';
import fresh from 'fresh';
import type { App } from '../../lib/context.ts';
import { negotiateEncoding } from '../../lib/encoding.ts';
import { todayIst } from '../../lib/time.ts';
import { actor, refusals } from '../staff/responses.ts';
import * as parameters from './parameters-service.ts';
import { listCategories, listPackages, memberDiscount, TestListCache } from './service.ts';
import * as s from './staff-service.ts';

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

/** the staff catalogue, under /api/staff (the staff registrar's guard and roles: modules/staff/access.ts) */
export async function catalogStaffRoutes(app: App): Promise<void> {
  const { db } = app.deps;

  app.get('/categories', { schema: { querystring: staffCategoryQuerySchema, response: { 200: staffCategoryListSchema, ...refusals } } }, (request) =>
    s.listCategories(db, request.query.q),
  );
  app.post('/categories', { schema: { body: categoryInputSchema, response: { 201: staffCategorySchema, ...refusals } } }, async (request, reply) =>
    reply.code(201).send(await s.createCategory(db, actor(request), request.body)),
  );
  app.patch('/categories/:id', { schema: { params: idParam, body: categoryUpdateSchema, response: { 200: staffCategorySchema, ...refusals } } }, (request) =>
    s.updateCategory(db, actor(request), request.params.id, request.body),
  );

  app.get('/tests', { schema: { querystring: staffTestQuerySchema, response: { 200: staffTestPageSchema, ...refusals } } }, (request) =>
    s.listTests(db, request.query),
  );
  app.post('/tests', { schema: { body: testInputSchema, response: { 201: staffTestSchema, ...refusals } } }, async (request, reply) =>
    reply.code(201).send(await s.createTest(db, actor(request), request.body)),
  );
  app.patch('/tests/:id', { schema: { params: idParam, body: testUpdateSchema, response: { 200: staffTestSchema, ...refusals } } }, (request) =>
    s.updateTest(db, actor(request), request.params.id, request.body),
  );

  app.get('/tests/:id/parameters', { schema: { params: idParam, response: { 200: parameterListSchema, ...refusals } } }, (request) =>
    parameters.listParameters(db, request.params.id),
  );
  app.post('/tests/:id/parameters', { schema: { params: idParam, body: parameterInputSchema, response: { 201: parameterSchema, ...refusals } } }, async (request, reply) =>
    reply.code(201).send(await parameters.createParameter(db, actor(request), request.params.id, request.body)),
  );
  app.put('/parameters/:id', { schema: { params: idParam, body: parameterInputSchema, response: { 200: parameterSchema, ...refusals } } }, (request) =>
    parameters.updateParameter(db, actor(request), request.params.id, request.body),
  );

  app.get('/packages', { schema: { response: { 200: staffPackageListSchema, ...refusals } } }, () => s.listPackages(db));
  app.post('/packages', { schema: { body: packageInputSchema, response: { 201: staffPackageSchema, ...refusals } } }, async (request, reply) =>
    reply.code(201).send(await s.createPackage(db, actor(request), request.body)),
  );
  app.patch('/packages/:id', { schema: { params: idParam, body: packageUpdateSchema, response: { 200: staffPackageSchema, ...refusals } } }, (request) =>
    s.updatePackage(db, actor(request), request.params.id, request.body),
  );

  app.get('/offers', { schema: { response: { 200: staffOfferListSchema, ...refusals } } }, () => s.listOffers(db));
  app.post('/offers', { schema: { body: offerInputSchema, response: { 201: staffOfferSchema, ...refusals } } }, async (request, reply) =>
    reply.code(201).send(await s.createOffer(db, actor(request), request.body)),
  );
  app.patch('/offers/:id', { schema: { params: idParam, body: offerUpdateSchema, response: { 200: staffOfferSchema, ...refusals } } }, (request) =>
    s.updateOffer(db, actor(request), request.params.id, request.body),
  );

  app.get('/membership-plans', { schema: { response: { 200: staffPlanListSchema, ...refusals } } }, () => s.listPlans(db));
  app.post('/membership-plans', { schema: { body: planInputSchema, response: { 201: staffPlanSchema, ...refusals } } }, async (request, reply) =>
    reply.code(201).send(await s.createPlan(db, actor(request), request.body)),
  );
  app.patch('/membership-plans/:id', { schema: { params: idParam, body: planUpdateSchema, response: { 200: staffPlanSchema, ...refusals } } }, (request) =>
    s.updatePlan(db, actor(request), request.params.id, request.body),
  );
}
