// HTTP routes of messaging. For the signed-in patient: their channels (GET and PUT /api/users/me/channels/:
// e-mail, SMS, WhatsApp, and the opt-outs of their number). On the staff side: an appointment's delivery
// log (confirmation, reminder, report ready; e-mails and phone messages), for whoever sees the queue.
// The providers' webhooks are channels/webhook-routes.ts, registered here in a scope of their own (raw bodies).
import { appointmentRefParams, channelSettingsSchema, channelSettingsUpdateSchema, errorSchema, fieldErrorsSchema, mailDeliveryLogSchema } from '@lab/contract';
import type { App } from '../../lib/context.ts';
import { requireAuth, userId } from '../auth/hooks.ts';
import { requestAddressHash } from '../privacy/consents.ts';
import { refusals } from '../staff/responses.ts';
import { channelSettingsOf, updateChannelSettings } from './channels/settings.ts';
import channelWebhookRoutes from './channels/webhook-routes.ts';
import { deliveryLog } from './service.ts';

export default async function messagingRoutes(app: App): Promise<void> {
  const { db } = app.deps;
  await app.register(channelWebhookRoutes);
  app.get('/users/me/channels/', { preHandler: requireAuth, schema: { response: { 200: channelSettingsSchema, 401: errorSchema } } }, (request) =>
    channelSettingsOf(db, userId(request)),
  );
  app.put(
    '/users/me/channels/',
    { preHandler: requireAuth, schema: { body: channelSettingsUpdateSchema, response: { 200: channelSettingsSchema, 400: fieldErrorsSchema.or(errorSchema), 401: errorSchema } } },
    (request) => updateChannelSettings(db, userId(request), request.body, { addressHash: requestAddressHash(app, request), now: app.deps.now() }),
  );
}

export async function mailLogStaffRoutes(app: App): Promise<void> {
  app.get(
    '/appointments/:id/mail',
    { schema: { params: appointmentRefParams, response: { 200: mailDeliveryLogSchema, ...refusals } } },
    // in the read log by its answer's schema (modules/privacy/read-logging.ts)
    (request) => deliveryLog(app.deps.db, request.params.id),
  );
}
