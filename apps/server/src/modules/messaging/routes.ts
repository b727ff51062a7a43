// HTTP route of mail jobs on the staff side: an appointment's e-mail delivery log (confirmation,
// reminder, report ready), for whoever sees the queue.
import { appointmentRefParams, mailDeliveryLogSchema } from '@lab/contract';
import type { App } from '../../lib/context.ts';
import { refusals } from '../staff/responses.ts';
import { deliveryLog } from './service.ts';

export async function mailLogStaffRoutes(app: App): Promise<void> {
  app.get(
    '/appointments/:id/mail',
    { schema: { params: appointmentRefParams, response: { 200: mailDeliveryLogSchema, ...refusals } } },
    // in the read log by its answer's schema (modules/privacy/read-logging.ts)
    (request) => deliveryLog(app.deps.db, request.params.id),
  );
}
