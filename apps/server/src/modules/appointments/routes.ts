// HTTP routes of appointments, all on the staff side (appointmentStaffRoutes, under /api/staff): the queue
// with filters, a move along the lifecycle, a payment of the amount due. Patients book, cancel and
// reschedule through modules/booking.
import { appointmentRefParams, paymentChangeSchema, staffAppointmentPageSchema, staffAppointmentQuerySchema, staffAppointmentSchema, statusChangeSchema } from '@lab/contract';
import type { App } from '../../lib/context.ts';
import { actor, refusals } from '../staff/responses.ts';
import { changePayment, changeStatus, listQueue } from './service.ts';

export async function appointmentStaffRoutes(app: App): Promise<void> {
  const { db } = app.deps;

  app.get(
    '/appointments',
    { schema: { querystring: staffAppointmentQuerySchema, response: { 200: staffAppointmentPageSchema, ...refusals } } },
    // every appointment on the page shows its patient: in the read log by its answer (read-logging.ts)
    (request) => listQueue(db, request.query, app.deps.now()),
  );

  app.post(
    '/appointments/:id/status',
    { schema: { params: appointmentRefParams, body: statusChangeSchema, response: { 200: staffAppointmentSchema, ...refusals } } },
    (request) => changeStatus(db, actor(request), request.params.id, request.body.status, app.deps.now()),
  );

  app.post(
    '/appointments/:id/paid',
    { schema: { params: appointmentRefParams, body: paymentChangeSchema, response: { 200: staffAppointmentSchema, ...refusals } } },
    (request) => changePayment(app.deps, actor(request), request.params.id, request.body.is_paid),
  );
}
