// Staff routes of test parameters and reference intervals: a test's list, a new parameter, an edit.
import { parameterInputSchema, parameterListSchema, parameterSchema, idParam } from '@lab/contract';
import type { App } from '../../../lib/context.ts';
import { actor, refusals } from '../responses.ts';
import { createParameter, listParameters, updateParameter } from './service.ts';

export default async function parameterRoutes(app: App): Promise<void> {
  const { db } = app.deps;

  app.get('/tests/:id/parameters', { schema: { params: idParam, response: { 200: parameterListSchema, ...refusals } } }, (request) =>
    listParameters(db, request.params.id),
  );

  app.post('/tests/:id/parameters', { schema: { params: idParam, body: parameterInputSchema, response: { 201: parameterSchema, ...refusals } } }, async (request, reply) =>
    reply.code(201).send(await createParameter(db, actor(request), request.params.id, request.body)),
  );

  app.put('/parameters/:id', { schema: { params: idParam, body: parameterInputSchema, response: { 200: parameterSchema, ...refusals } } }, (request) =>
    updateParameter(db, actor(request), request.params.id, request.body),
  );
}
