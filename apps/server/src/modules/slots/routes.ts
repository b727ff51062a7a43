// HTTP routes of time slots: GET /api/slots/?date=YYYY-MM-DD&home_sample=true|false, public; and the
// staff side (slotStaffRoutes, under /api/staff): the weekly seats per slot and the dates set apart from it.
import { fieldErrorsSchema, slotDaySchema, slotOverrideListSchema, slotOverrideParams, slotOverrideRequestSchema, slotOverrideSchema, slotsQuerySchema, slotWeekSchema } from '@lab/contract';
import { z } from 'zod';
import type { App } from '../../lib/context.ts';
import { fieldErrors } from '../../lib/errors.ts';
import { actor, refusals } from '../staff/responses.ts';
import { dateErrors } from './dates.ts';
import { deleteOverride, getWeek, listOverrides, listSlots, putOverride, putWeek } from './service.ts';

export default async function slotRoutes(app: App): Promise<void> {
  app.get('/slots/', { schema: { querystring: slotsQuerySchema, response: { 200: slotDaySchema, 400: fieldErrorsSchema } } }, async (request, reply) => {
    const now = app.deps.now();
    const errors = dateErrors(request.query.date, now);
    if (Object.keys(errors).length > 0) throw fieldErrors(errors);
    // Seats change with every booking: never kept by a cache.
    reply.header('cache-control', 'no-store');
    return listSlots(app.deps.db, request.query.date, request.query.home_sample, now);
  });
}

/** the week's seats and the dates set apart, under /api/staff (roles: modules/staff/access.ts) */
export async function slotStaffRoutes(app: App): Promise<void> {
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
