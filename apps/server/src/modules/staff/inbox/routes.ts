// Staff routes of the contact inbox and the audit trail.
import { auditPageSchema, auditQuerySchema, staffContactMessageSchema, staffContactPageSchema, staffContactQuerySchema } from '@lab/contract';
import type { App } from '../../../lib/context.ts';
import { listAudit, listMessages, markHandled } from './service.ts';
import { actor, idParam, refusals } from '../responses.ts';

export default async function inboxRoutes(app: App): Promise<void> {
  const { db } = app.deps;

  // in the read log by its answer's schema (../read-logging.ts)
  app.get('/contact-messages', { schema: { querystring: staffContactQuerySchema, response: { 200: staffContactPageSchema, ...refusals } } }, (request) =>
    listMessages(db, request.query),
  );
  app.post('/contact-messages/:id/handled', { schema: { params: idParam, response: { 200: staffContactMessageSchema, ...refusals } } }, (request) =>
    markHandled(db, actor(request), request.params.id),
  );

  app.get('/audit', { schema: { querystring: auditQuerySchema, response: { 200: auditPageSchema, ...refusals } } }, (request) => listAudit(db, request.query));
}
