// Staff routes of the catalogue: categories, tests, packages, offers and membership plans.
// Lists answer everything, inactive entries too; updates are partial (PATCH).
import {
  categoryInputSchema,
  categoryUpdateSchema,
  offerInputSchema,
  offerUpdateSchema,
  packageInputSchema,
  packageUpdateSchema,
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
  testUpdateSchema,
} from '@lab/contract';
import type { App } from '../../../lib/context.ts';
import * as s from './service.ts';
import { actor, idParam, refusals } from '../responses.ts';

export default async function catalogRoutes(app: App): Promise<void> {
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
