// HTTP routes of time slots: GET /api/slots/?date=YYYY-MM-DD&home_sample=true|false, public.
import { fieldErrorsSchema, slotDaySchema, slotsQuerySchema } from '@lab/contract';
import type { App } from '../../lib/context.ts';
import { fieldErrors } from '../../lib/errors.ts';
import { dateErrors } from '../booking/rules.ts';
import { listSlots } from './service.ts';

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
