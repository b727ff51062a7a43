// HTTP routes of the contact form: POST /api/contact/ keeps a message (201), limited per client address.
import { contactRequestSchema, contactResponseSchema, errorSchema, fieldErrorsSchema } from '@lab/contract';
import type { App } from '../../lib/context.ts';
import { limits } from '../../lib/rate-limit.ts';
import { saveMessage } from './service.ts';

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
