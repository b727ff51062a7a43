// HTTP routes of the billing domain: the bill of an appointment.
import { billSchema, errorSchema } from '@lab/contract';
import { z } from 'zod';
import type { App } from '../../lib/context.ts';
import { readBill } from './service.ts';

const params = z.object({ appointmentId: z.string().min(1).max(200) });

export default async function billingRoutes(app: App): Promise<void> {
  app.get(
    '/billing/:appointmentId/',
    { schema: { params, response: { 200: billSchema, 404: errorSchema } } },
    async (request, reply) => {
      // Bills carry personal data: never kept by shared caches.
      reply.header('cache-control', 'private, no-store');
      return readBill(app.deps.db, request.params.appointmentId, request.auth?.userId ?? null);
    },
  );
}
