// Staff route of an appointment's e-mail delivery log (confirmation, reminder, report ready).
import { appointmentRefParams, mailDeliveryLogSchema } from '@lab/contract';
import type { App } from '../../../lib/context.ts';
import { deliveryLog } from '../../mail-jobs/service.ts';
import { refusals } from '../responses.ts';

export default async function mailLogRoutes(app: App): Promise<void> {
  app.get(
    '/appointments/:id/mail',
    { schema: { params: appointmentRefParams, response: { 200: mailDeliveryLogSchema, ...refusals } } },
    // in the read log by its answer's schema (../read-logging.ts)
    (request) => deliveryLog(app.deps.db, request.params.id),
  );
}
