// Staff route of an appointment's e-mail delivery log (confirmation, reminder, report ready).
import { appointmentRefParams, mailDeliveryLogSchema } from '@lab/contract';
import type { App } from '../../../lib/context.ts';
import { deliveryLog } from '../../mail-jobs/service.ts';
import { refusals } from '../responses.ts';
import { readerOf } from '../../privacy/access-log.ts';

export default async function mailLogRoutes(app: App): Promise<void> {
  app.get(
    '/appointments/:id/mail',
    { schema: { params: appointmentRefParams, response: { 200: mailDeliveryLogSchema, ...refusals } } },
    async (request) => {
      const log = await deliveryLog(app.deps.db, request.params.id);
      app.deps.readLog.appointments(readerOf(request), app.deps.now(), 'mail_log', [request.params.id]);
      return log;
    },
  );
}
