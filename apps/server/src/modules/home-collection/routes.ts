// HTTP routes of home collection: GET /api/home-collection/pins/{pin}/ tells whether a PIN code is
// served (public: the booking page asks as the PIN is typed), naming the locality in the request's
// language as its refusal is (`?lang=hi` or the booking page's `lang` cookie; decision 039). The staff side (homeCollectionStaffRoutes,
// under /api/staff): the PIN codes served with their locality names, a day's visits with what the run
// sheet prints, and giving a visit to a phlebotomist.
import {
  appointmentRefParams,
  assignPhlebotomistSchema,
  errorSchema,
  fieldErrorsSchema,
  homeVisitDaySchema,
  homeVisitSchema,
  homeVisitsQuerySchema,
  servedPinListSchema,
  servedPinParams,
  servedPinRequestSchema,
  servedPinSchema,
  staffServedPinSchema,
} from '@lab/contract';
import { z } from 'zod';
import type { App } from '../../lib/context.ts';
import { messageLanguage } from '../../lib/message-language.ts';
import { actor, refusals } from '../staff/responses.ts';
import { assignPhlebotomist, deletePin, homeVisitDay, listPins, markOnTheWay, putPin, servedPin } from './service.ts';

export default async function homeCollectionRoutes(app: App): Promise<void> {
  app.get(
    '/home-collection/pins/:pin/',
    { schema: { params: servedPinParams, response: { 200: servedPinSchema, 400: fieldErrorsSchema, 404: errorSchema } } },
    (request) => servedPin(app.deps.db, request.params.pin, messageLanguage(request)),
  );
}

/** the areas served and the day's home visits, under /api/staff (roles: modules/staff/access.ts) */
export async function homeCollectionStaffRoutes(app: App): Promise<void> {
  const { db } = app.deps;
  app.get('/pins', { schema: { response: { 200: servedPinListSchema, ...refusals } } }, () => listPins(db));
  app.put('/pins/:pin', { schema: { params: servedPinParams, body: servedPinRequestSchema, response: { 200: staffServedPinSchema, ...refusals } } }, (request) =>
    putPin(db, actor(request), request.params.pin, request.body),
  );
  app.delete('/pins/:pin', { schema: { params: servedPinParams, response: { 204: z.null(), ...refusals } } }, async (request, reply) => {
    await deletePin(db, actor(request), request.params.pin);
    return reply.code(204).send(null);
  });

  app.get('/home-visits', { schema: { querystring: homeVisitsQuerySchema, response: { 200: homeVisitDaySchema, ...refusals } } }, (request) =>
    // A phlebotomist reads the visits given to them; the front desk plans the whole day.
    homeVisitDay(db, request.query.date, app.deps.now(), request.staffRole === 'phlebotomist' ? actor(request) : null),
  );
  app.put(
    '/home-visits/:id/phlebotomist',
    { schema: { params: appointmentRefParams, body: assignPhlebotomistSchema, response: { 200: homeVisitSchema, ...refusals } } },
    (request) => assignPhlebotomist(db, actor(request), request.params.id, request.body, app.deps.now()),
  );
  // "On the way": the patient's phone is told the collector is coming (docs/messaging.md); once per visit.
  app.post('/home-visits/:id/on-the-way', { schema: { params: appointmentRefParams, response: { 200: homeVisitSchema, ...refusals } } }, (request) =>
    markOnTheWay(db, actor(request), request.params.id, app.deps.now(), request.staffRole === 'phlebotomist' ? actor(request) : null),
  );
}
