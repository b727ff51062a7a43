// HTTP routes of issue 17's safeguards: the patient's "Who looked" (/api/users/me/access-log/), and,
// inside the staff tree (admin only, modules/staff/access.ts), the read log and the breach register.
import {
  accessLogPageSchema,
  accessLogQuerySchema,
  breachInputSchema,
  breachListSchema,
  breachSchema,
  errorSchema,
  staffReadLogQuerySchema,
  staffReadPageSchema,
} from '@lab/contract';
import type { App } from '../../lib/context.ts';
import { requireAuth, userId } from '../../lib/auth-hooks.ts';
import { actor, idParam, refusals } from '../staff/responses.ts';
import { patientAccessLog, staffReadLog } from './access-log.ts';
import { breachDetail, listBreaches, markBoardReportSent, recordBreach, sendNotices } from './breach.ts';

export async function patientAccessLogRoutes(app: App): Promise<void> {
  app.get(
    '/users/me/access-log/',
    {
      preHandler: requireAuth,
      schema: {
        querystring: accessLogQuerySchema,
        response: {
          200: accessLogPageSchema,
          400: refusals[400],
          401: errorSchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      await app.deps.readLog.flush(); // this process's reads not yet written are shown too (decision 040)
      return patientAccessLog(app.deps.db, userId(request), request.query);
    },
  );
}

export async function staffSafeguardRoutes(app: App): Promise<void> {
  const { db, now, config, readLog } = app.deps;
  const deps = { db, now, publicUrl: config.publicUrl };

  app.get(
    '/access-log',
    {
      schema: {
        querystring: staffReadLogQuerySchema,
        response: { 200: staffReadPageSchema, ...refusals },
      },
    },
    async (request) => {
      await readLog.flush(); // this process's reads not yet written are shown too (decision 040)
      return staffReadLog(db, request.query);
    },
  );

  app.get('/breaches', { schema: { response: { 200: breachListSchema, ...refusals } } }, () => listBreaches(deps));
  app.post(
    '/breaches',
    {
      schema: {
        body: breachInputSchema,
        response: { 201: breachSchema, ...refusals },
      },
    },
    async (request, reply) => {
      reply.code(201);
      await readLog.flush(); // the affected people are found from the read log too
      return recordBreach(deps, actor(request), request.body);
    },
  );
  app.get(
    '/breaches/:id',
    {
      schema: { params: idParam, response: { 200: breachSchema, ...refusals } },
    },
    (request) => breachDetail(deps, request.params.id),
  );
  app.post(
    '/breaches/:id/notices',
    {
      schema: { params: idParam, response: { 200: breachSchema, ...refusals } },
    },
    (request) => sendNotices(deps, actor(request), request.params.id),
  );
  app.post(
    '/breaches/:id/board-report',
    {
      schema: { params: idParam, response: { 200: breachSchema, ...refusals } },
    },
    (request) => markBoardReportSent(deps, actor(request), request.params.id),
  );
}
