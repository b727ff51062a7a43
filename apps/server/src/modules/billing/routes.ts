// HTTP routes of the billing domain: the bill of an appointment, to whoever holds its id.
import { appointmentRef, billSchema, errorSchema } from '@lab/contract';
import { z } from 'zod';
import type { App } from '../../lib/context.ts';
import { missLimit } from '../../lib/rate-limit.ts';
import { notFound } from '../../lib/errors.ts';
import { NO_BILL, readBill } from './service.ts';

const params = z.object({ appointmentId: appointmentRef });

/** misses per address: someone mistyping an id is never near it, a scan of the id space stops at once */
export const BILL_MISS_LIMIT = { name: 'bill-miss', max: 20, windowMs: 15 * 60_000 };

export default async function billingRoutes(app: App): Promise<void> {
  const misses = missLimit(app, BILL_MISS_LIMIT);
  app.get('/billing/:appointmentId/', { schema: { params, response: { 200: billSchema, 404: errorSchema, 429: errorSchema } } }, async (request, reply) => {
    // Bills carry personal data: never kept by shared caches.
    reply.header('cache-control', 'private, no-store');
    await misses.check(request);
    const bill = await readBill(app.deps.db, request.params.appointmentId);
    if (bill) return bill;
    // The same answer whether the id never existed, was deleted or is not an id at all.
    await misses.miss(request);
    throw notFound(NO_BILL);
  });
}
