// HTTP routes of the booking domain: book (guest or member), the caller's appointments, cancel and
// reschedule.
import {
  appointmentCreatedSchema,
  appointmentIdParams,
  appointmentRequestSchema,
  cancelAppointmentRequestSchema,
  errorSchema,
  fieldErrorsSchema,
  findBookingRequestSchema,
  foundBookingSchema,
  rescheduleRequestSchema,
  userAppointmentListSchema,
  userAppointmentSchema,
} from '@lab/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireAuth, userId } from '../auth/hooks.ts';
import type { App } from '../../lib/context.ts';
import { localeCookie } from '@lab/contract';
import { toRupees } from '../../lib/money.ts';
import { limits } from '../../lib/rate-limit.ts';
import { requestAddressHash } from '../privacy/consents.ts';
import { messageLanguage } from '../../lib/message-language.ts';
import { BookingService, cancelAppointment, findBooking, listUserAppointments, rescheduleAppointment } from './service.ts';
import { calendarFileOf } from './calendar-file.ts';
import { refundCancelledOnline } from '../payments/gateway-service.ts';
import { z } from 'zod';

/** the body of the calendar file route: the .ics text, sent as it is */
const calendarBodySchema = z.custom<Uint8Array>((v) => v instanceof Uint8Array).describe('text/calendar');

/** generous: a family booking for several people is fine, a script filling the calendar is not */
export const BOOKING_LIMIT = { name: 'booking', max: 30, windowMs: 10 * 60_000 };

/**
 * "Find my booking": every attempt counts, per address and per reference, so neither one address trying
 * many references nor many addresses trying one reference's contacts gets far; a guest needs one try.
 */
export const FIND_BOOKING_LIMITS = [
  { name: 'find-booking-address', max: 10, windowMs: 15 * 60_000 },
  { name: 'find-booking-reference', max: 5, windowMs: 15 * 60_000, key: (request: FastifyRequest) => (request.body as { reference?: string } | undefined)?.reference },
];

export default async function bookingRoutes(app: App): Promise<void> {
  const service = new BookingService(app.deps, app.log);

  app.post(
    '/appointments/',
    {
      preHandler: limits(app, BOOKING_LIMIT),
      schema: {
        body: appointmentRequestSchema,
        response: { 201: appointmentCreatedSchema, 400: fieldErrorsSchema.or(errorSchema), 429: errorSchema },
      },
    },
    async (request, reply) => {
      const booked = await service.book(request.body, request.auth?.userId ?? null, app.deps.now(), requestAddressHash(app, request), request.cookies[localeCookie]);
      return reply
        .code(201)
        .send({
          id: booked.id,
          reference: booked.reference,
          date: booked.date,
          time: booked.time,
          total_price: toRupees(booked.totalPaise),
          status: booked.status,
          report_expected_at: booked.reportExpectedAt,
          ...(booked.household ? { household: booked.household.map((p) => ({ id: p.id, reference: p.reference, member_id: p.member_id, total_price: toRupees(p.totalPaise) })) } : {}),
        });
    },
  );

  app.post(
    '/bookings/find/',
    {
      preHandler: limits(app, ...FIND_BOOKING_LIMITS),
      schema: { body: findBookingRequestSchema, response: { 200: foundBookingSchema, 400: fieldErrorsSchema, 404: errorSchema, 429: errorSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return findBooking(app.deps.db, request.body.reference, request.body.contact);
    },
  );

  // The visit as a calendar event, for whoever holds the appointment's id (the bill's capability): the
  // confirmation page's "Add to calendar" (decision 053).
  app.get(
    '/appointments/:id/calendar.ics',
    { schema: { params: appointmentIdParams, response: { 200: calendarBodySchema, 400: fieldErrorsSchema, 404: errorSchema, 409: errorSchema } } },
    async (request, reply) => {
      const file = await calendarFileOf(app.deps.db, app.deps.config.publicUrl, request.params.id);
      return reply
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .type('text/calendar; charset=utf-8')
        .send(Buffer.from(file.content, 'utf8'));
    },
  );

  app.get(
    '/users/userappointments/',
    { preHandler: requireAuth, schema: { response: { 200: userAppointmentListSchema, 401: errorSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return listUserAppointments(app.deps.db, userId(request), messageLanguage(request));
    },
  );

  // The web client sends this PATCH with no body, sometimes still labelled as JSON: an empty body is
  // accepted here rather than refused as malformed JSON.
  await app.register(async (scoped: FastifyInstance) => {
    const s = scoped as unknown as App;
    const parseJson = s.getDefaultJsonParser('error', 'error');
    s.removeContentTypeParser('application/json');
    s.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      if (typeof body === 'string' && body.trim() === '') return done(null, undefined);
      parseJson(request, body as string, done);
    });
    s.patch(
      '/appointments/:id/cancel/',
      {
        preHandler: requireAuth,
        schema: {
          params: appointmentIdParams,
          body: cancelAppointmentRequestSchema,
          response: { 200: userAppointmentSchema, 400: fieldErrorsSchema.or(errorSchema), 401: errorSchema, 404: errorSchema, 409: errorSchema },
        },
      },
      async (request) => {
        const cancelled = await cancelAppointment(app.deps.db, request.params.id, userId(request), messageLanguage(request));
        // paid online, and the cancel step's refund chosen: what it owes back goes back through the gateway now (docs/payments-gateway.md)
        if (request.body?.refund_online) await refundCancelledOnline(app.deps.config, app.deps, cancelled.id, userId(request));
        return cancelled;
      },
    );
  });

  app.post(
    '/appointments/:id/reschedule/',
    {
      preHandler: requireAuth,
      schema: {
        params: appointmentIdParams,
        body: rescheduleRequestSchema,
        response: {
          200: userAppointmentSchema,
          400: fieldErrorsSchema.or(errorSchema),
          401: errorSchema,
          404: errorSchema,
          409: errorSchema,
        },
      },
    },
    async (request) => rescheduleAppointment(app.deps.db, request.params.id, userId(request), request.body, app.deps.now(), messageLanguage(request)),
  );
}
