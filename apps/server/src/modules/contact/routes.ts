// HTTP routes of the contact form: POST /api/contact/ keeps a message (201), limited per client address;
// the staff's inbox lists the messages and marks one handled.
import { contactRequestSchema, contactResponseSchema, errorSchema, fieldErrorsSchema, staffContactMessageSchema, staffContactPageSchema, staffContactQuerySchema } from '@lab/contract';
import type { App } from '../../lib/context.ts';
import { limits } from '../../lib/rate-limit.ts';
import { actor, idParam, refusals } from '../staff/responses.ts';
import { listMessages, markHandled, saveMessage } from './service.ts';

export default async function contactRoutes(app: App): Promise<void> {
  app.post(
    '/contact/',
    {
      preHandler: limits(app, { name: 'contact', max: 5, windowMs: 10 * 60_000 }),
      schema: {
        body: contactRequestSchema,
        response: { 201: contactResponseSchema, 400: fieldErrorsSchema.or(errorSchema), 413: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await saveMessage(app.deps.db, request.body)),
  );
}

export async function contactStaffRoutes(app: App): Promise<void> {
  const { db } = app.deps;

  // in the read log by its answer's schema (modules/privacy/read-logging.ts)
  app.get('/contact-messages', { schema: { querystring: staffContactQuerySchema, response: { 200: staffContactPageSchema, ...refusals } } }, (request) =>
    listMessages(db, request.query),
  );
  app.post('/contact-messages/:id/handled', { schema: { params: idParam, response: { 200: staffContactMessageSchema, ...refusals } } }, (request) =>
    markHandled(db, actor(request), request.params.id),
  );
}
