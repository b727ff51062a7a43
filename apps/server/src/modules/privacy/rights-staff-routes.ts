// Staff routes of the patient's rights, under /api/staff/privacy/: correction requests and grievances
// (the front desk and admins answer them), and the records a closed account keeps by law (admins only;
// every read in the audit log). Roles in modules/staff/access.ts.
import {
  correctionResolutionSchema,
  grievanceAnswerSchema,
  keptRecordsQuerySchema,
  keptRecordsSchema,
  staffCorrectionPageSchema,
  staffCorrectionQuerySchema,
  staffCorrectionSchema,
  staffGrievancePageSchema,
  staffGrievanceQuerySchema,
  staffGrievanceSchema,
} from '@lab/contract';
import type { App } from '../../lib/context.ts';
import { actor, idParam, refusals } from '../staff/responses.ts';
import { keptRecordsOf } from './erasure.ts';
import { answerGrievance, listGrievances } from './grievances.ts';
import { listCorrections, resolveCorrection } from './rights.ts';

export default async function rightsStaffRoutes(app: App): Promise<void> {
  const deps = app.deps;
  const { db } = deps;

  app.get('/privacy/corrections', { schema: { querystring: staffCorrectionQuerySchema, response: { 200: staffCorrectionPageSchema, ...refusals } } }, (request) => listCorrections(db, request.query));
  app.post('/privacy/corrections/:id/resolve', { schema: { params: idParam, body: correctionResolutionSchema, response: { 200: staffCorrectionSchema, ...refusals } } }, (request) =>
    resolveCorrection(db, actor(request), request.params.id, request.body, deps.now()),
  );

  app.get('/privacy/grievances', { schema: { querystring: staffGrievanceQuerySchema, response: { 200: staffGrievancePageSchema, ...refusals } } }, (request) =>
    listGrievances(db, request.query, deps.now()),
  );
  app.post('/privacy/grievances/:id/answer', { schema: { params: idParam, body: grievanceAnswerSchema, response: { 200: staffGrievanceSchema, ...refusals } } }, (request) =>
    answerGrievance(db, deps.config, actor(request), request.params.id, request.body, deps.now()),
  );

  app.get('/privacy/kept-records', { schema: { querystring: keptRecordsQuerySchema, response: { 200: keptRecordsSchema, ...refusals } } }, async (request) => ({
    items: await keptRecordsOf(db, actor(request), request.query.account),
  }));
}
