// Staff routes of home collections: a day's visits with what the run sheet prints, and giving a visit
// to a phlebotomist.
import { appointmentRefParams, assignPhlebotomistSchema, homeVisitDaySchema, homeVisitSchema, homeVisitsQuerySchema } from '@lab/contract';
import type { App } from '../../../lib/context.ts';
import { actor, refusals } from '../responses.ts';
import { assignPhlebotomist, homeVisitDay } from './service.ts';

export default async function homeVisitRoutes(app: App): Promise<void> {
  const { db } = app.deps;
  app.get('/home-visits', { schema: { querystring: homeVisitsQuerySchema, response: { 200: homeVisitDaySchema, ...refusals } } }, (request) =>
    // A phlebotomist reads the visits given to them; the front desk plans the whole day.
    homeVisitDay(db, request.query.date, app.deps.now(), request.staffRole === 'phlebotomist' ? actor(request) : null),
  );
  app.put(
    '/home-visits/:id/phlebotomist',
    { schema: { params: appointmentRefParams, body: assignPhlebotomistSchema, response: { 200: homeVisitSchema, ...refusals } } },
    (request) => assignPhlebotomist(db, actor(request), request.params.id, request.body, app.deps.now()),
  );
}
