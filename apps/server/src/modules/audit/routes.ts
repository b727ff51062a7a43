// HTTP route of the audit trail (admin): GET /api/staff/audit, a page of entries filtered by entity.
import { auditPageSchema, auditQuerySchema } from '@lab/contract';
import type { App } from '../../lib/context.ts';
import { refusals } from '../staff/responses.ts';
import { listAudit } from './service.ts';

export async function auditStaffRoutes(app: App): Promise<void> {
  const { db } = app.deps;
  app.get('/audit', { schema: { querystring: auditQuerySchema, response: { 200: auditPageSchema, ...refusals } } }, (request) => listAudit(db, request.query));
}
