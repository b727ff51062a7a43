// HTTP routes of samples: the rejected sample's recollection link (public, by its signed token), and under
// /api/staff (roles: modules/staff/access.ts) the tests' containers and turnaround
// (read by everyone, set by the lab), the turnaround queue (received containers by expected time), the TAT report per test and week, a visit's containers to draw and drawn, its collection, its labels
// as a PDF (a 50 × 25 mm roll or an A4 sheet), and receipt (or rejection) at the bench by the scanned accession number.
import {
  appointmentRefParams,
  appointmentSamplesSchema,
  collectRequestSchema,
  labelsPdfSchema,
  labelsQuerySchema,
  errorSchema,
  fieldErrorsSchema,
  receivedSampleSchema,
  recollectionParams,
  recollectionRequestSchema,
  recollectionSchema,
  receiveRequestSchema,
  rejectRequestSchema,
  testContainerListSchema,
  testContainerParams,
  testContainerRequestSchema,
  testContainerSchema,
  testTurnaroundRequestSchema,
  tatReportQuerySchema,
  tatReportSchema,
  turnaroundQueueQuerySchema,
  turnaroundQueueSchema,
} from '@lab/contract';
import type { FastifyRequest } from 'fastify';
import type { App } from '../../lib/context.ts';
import { HttpError } from '../../lib/errors.ts';
import { limits, missLimit } from '../../lib/rate-limit.ts';
import { BILL_MISS_LIMIT } from '../billing/service.ts';
import { actor, refusals } from '../staff/responses.ts';
import { tatReport } from './tat-report.ts';
import { collect, listTestContainers, pickRecollection, putTestContainer, putTestTurnaround, readRecollection, receive, reject, turnaroundQueue, visitLabels, visitSamples } from './service.ts';

/** the rejected sample's e-mail link (no login): what is drawn again, and picking its slot once */
export default async function recollectionRoutes(app: App): Promise<void> {
  const misses = missLimit(app, BILL_MISS_LIMIT);
  const response = { 200: recollectionSchema, 400: fieldErrorsSchema, 404: errorSchema, 409: errorSchema, 429: errorSchema };
  // a link that is not ours counts against the same per-address budget as bills, so links cannot be tried in bulk
  const counted = async <T>(request: FastifyRequest, run: () => Promise<T>): Promise<T> => {
    await misses.check(request);
    try {
      return await run();
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 404) await misses.miss(request);
      throw error;
    }
  };
  app.get('/recollections/:token/', { config: { ignoresBearer: true }, schema: { params: recollectionParams, response } }, (request) =>
    counted(request, () => readRecollection(app.deps, request.params.token)),
  );
  app.post(
    '/recollections/:token/',
    { config: { ignoresBearer: true }, preHandler: limits(app, RECOLLECTION_LIMIT), schema: { params: recollectionParams, body: recollectionRequestSchema, response } },
    (request) => counted(request, () => pickRecollection(app.deps, request.params.token, request.body)),
  );
}

export const RECOLLECTION_LIMIT = { name: 'recollection', max: 10, windowMs: 15 * 60_000 };

export async function sampleStaffRoutes(app: App): Promise<void> {
  const { db } = app.deps;
  app.get('/samples/containers', { schema: { response: { 200: testContainerListSchema, ...refusals } } }, () => listTestContainers(db));
  app.put(
    '/samples/containers/:id',
    { schema: { params: testContainerParams, body: testContainerRequestSchema, response: { 200: testContainerSchema, ...refusals } } },
    (request) => putTestContainer(db, actor(request), request.params.id, request.body),
  );
  app.put(
    '/samples/turnaround/:id',
    { schema: { params: testContainerParams, body: testTurnaroundRequestSchema, response: { 200: testContainerSchema, ...refusals } } },
    (request) => putTestTurnaround(db, actor(request), request.params.id, request.body),
  );
  app.get('/samples/queue', { schema: { querystring: turnaroundQueueQuerySchema, response: { 200: turnaroundQueueSchema, ...refusals } } }, (request) =>
    turnaroundQueue(db, request.query.limit, app.deps.now()),
  );
  app.get('/samples/tat', { schema: { querystring: tatReportQuerySchema, response: { 200: tatReportSchema, ...refusals } } }, (request) =>
    tatReport(db, request.query, app.deps.now()),
  );
  app.get('/samples/appointments/:id', { schema: { params: appointmentRefParams, response: { 200: appointmentSamplesSchema, ...refusals } } }, (request) =>
    visitSamples(db, request.params.id),
  );
  app.post(
    '/samples/appointments/:id/collect',
    { schema: { params: appointmentRefParams, body: collectRequestSchema, response: { 200: appointmentSamplesSchema, ...refusals } } },
    (request) => collect(db, actor(request), request.params.id, request.body ?? {}, app.deps.now()),
  );
  app.get(
    '/samples/appointments/:id/labels',
    { schema: { params: appointmentRefParams, querystring: labelsQuerySchema, response: { 200: labelsPdfSchema, ...refusals } } },
    async (request, reply) => {
      const pdf = await visitLabels(db, request.params.id, request.query.format);
      return reply.type('application/pdf').header('content-disposition', `inline; filename="labels-${request.params.id}.pdf"`).send(pdf);
    },
  );
  app.post('/samples/receive', { schema: { body: receiveRequestSchema, response: { 200: receivedSampleSchema, ...refusals } } }, (request) =>
    receive(app.deps, actor(request), request.body.accession, request.body.problem ?? null),
  );
  app.post('/samples/reject', { schema: { body: rejectRequestSchema, response: { 200: receivedSampleSchema, ...refusals } } }, (request) =>
    reject(app.deps, actor(request), request.body.accession, request.body.reason),
  );
}
