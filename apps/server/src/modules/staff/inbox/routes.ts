// Staff routes of the contact inbox and the audit trail.
import { auditPageSchema, auditQuerySchema, staffContactMessageSchema, staffContactPageSchema, staffContactQuerySchema } from '@lab/contract';
import type { App } from '../../../lib/context.ts';
import { readerOf } from '../../privacy/access-log.ts';
import { listAudit, listMessages, markHandled } from './service.ts';
import { actor, idParam, refusals } from '../responses.ts';

export default async function inboxRoutes(app: App): Promise<void> {
  const { db } = app.deps;

  app.get('/contact-messages', { schema: { querystring: staffContactQuerySchema, response: { 200: staffContactPageSchema, ...refusals } } }, async (request) => {
    const page = await listMessages(db, request.query);
    app.deps.readLog.messages(readerOf(request), app.deps.now(), page.items.map((m) => m.id));
    return page;
  });
  app.post('/contact-messages/:id/handled', { schema: { params: idParam, response: { 200: staffContactMessageSchema, ...refusals } } }, (request) =>
    markHandled(db, actor(request), request.params.id),
  );

  app.get('/audit', { schema: { querystring: auditQuerySchema, response: { 200: auditPageSchema, ...refusals } } }, (request) => listAudit(db, request.query));
}
