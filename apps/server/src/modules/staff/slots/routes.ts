// Staff routes of time slots: the weekly seats per slot and the dates set apart from it.
import { slotOverrideListSchema, slotOverrideParams, slotOverrideRequestSchema, slotOverrideSchema, slotWeekSchema } from '@lab/contract';
import { z } from 'zod';
import type { App } from '../../../lib/context.ts';
import { actor, refusals } from '../responses.ts';
import { deleteOverride, getWeek, listOverrides, putOverride, putWeek } from './service.ts';

export default async function staffSlotRoutes(app: App): Promise<void> {
  const { db } = app.deps;

  app.get('/slots/week', { schema: { response: { 200: slotWeekSchema, ...refusals } } }, () => getWeek(db));
  app.put('/slots/week', { schema: { body: slotWeekSchema, response: { 200: slotWeekSchema, ...refusals } } }, (request) => putWeek(db, actor(request), request.body));

  app.get('/slots/overrides', { schema: { response: { 200: slotOverrideListSchema, ...refusals } } }, () => listOverrides(db, app.deps.now()));
  app.put('/slots/overrides/:date', { schema: { params: slotOverrideParams, body: slotOverrideRequestSchema, response: { 200: slotOverrideSchema, ...refusals } } }, (request) =>
    putOverride(db, actor(request), request.params.date, request.body),
  );
  app.delete('/slots/overrides/:date', { schema: { params: slotOverrideParams, response: { 204: z.null(), ...refusals } } }, async (request, reply) => {
    await deleteOverride(db, actor(request), request.params.date);
    return reply.code(204).send(null);
  });
}
