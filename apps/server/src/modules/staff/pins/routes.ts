// Staff routes of home collection areas: the PIN codes served, with their locality names.
import { servedPinListSchema, servedPinParams, servedPinRequestSchema, servedPinSchema } from '@lab/contract';
import { z } from 'zod';
import type { App } from '../../../lib/context.ts';
import { deletePin, listPins, putPin } from '../../home-collection/service.ts';
import { actor, refusals } from '../responses.ts';

export default async function staffPinRoutes(app: App): Promise<void> {
  const { db } = app.deps;
  app.get('/pins', { schema: { response: { 200: servedPinListSchema, ...refusals } } }, () => listPins(db));
  app.put('/pins/:pin', { schema: { params: servedPinParams, body: servedPinRequestSchema, response: { 200: servedPinSchema, ...refusals } } }, (request) =>
    putPin(db, actor(request), request.params.pin, request.body.locality),
  );
  app.delete('/pins/:pin', { schema: { params: servedPinParams, response: { 204: z.null(), ...refusals } } }, async (request, reply) => {
    await deletePin(db, actor(request), request.params.pin);
    return reply.code(204).send(null);
  });
}
