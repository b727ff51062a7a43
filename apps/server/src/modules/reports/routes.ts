// HTTP routes of reports. The public side: a signed-in patient's released reports and their values
// over time (trends), the PDF of an appointment's report (the bill's capability: the appointment id),
// and verification by short code. The staff side (/api/staff/results): the queue (critical values
// first), an appointment's worksheet, the patient's age and sex, when the sample was collected and
// received, result entry (draft or final), release by a pathologist, amendment by one pathologist
// released (or discarded) by another (decision 046), the record of a critical-value call, and a
// released version's PDF and FHIR bundle for staff (audited as a view). The FHIR bundle of the current
// version is served by the same capability as the PDF (fhir/, docs/abdm.md).
import {
  amendmentSchema,
  appointmentRef,
  appointmentRefParams,
  criticalCallSchema,
  errorSchema,
  fhirBundleSchema,
  fieldErrorsSchema,
  languageQuerySchema,
  memberQuerySchema,
  myReportListSchema,
  patientDetailsSchema,
  pdfBodySchema,
  resultEntrySchema,
  resultsQueueSchema,
  sampleTimesSchema,
  trendListSchema,
  verificationCodeParams,
  verificationSchema,
  worksheetSchema,
} from '@lab/contract';
import { z } from 'zod';
import { requireAuth, userId } from '../auth/hooks.ts';
import type { App } from '../../lib/context.ts';
import { HttpError, notFound } from '../../lib/errors.ts';
import { messageLanguage } from '../../lib/message-language.ts';
import { missLimit } from '../../lib/rate-limit.ts';
import { BILL_MISS_LIMIT } from '../billing/service.ts';
import { countDownload, reportPdf, versionPdf } from '../../documents/report-pdf.ts';
import { actor, refusals } from '../staff/responses.ts';
import { patientBundle, staffBundle } from './fhir/service.ts';
import {
  amend,
  appointmentLanguage,
  discardAmendment,
  enterResults,
  myReports,
  myTrends,
  NO_REPORT,
  recordCriticalCall,
  release,
  releaseAmendment,
  resultsQueue,
  setPatientDetails,
  setSampleTimes,
  staffReport,
  verify,
  worksheet,
} from './service.ts';

const params = z.object({ appointmentId: appointmentRef });

/** misses of /api/verify/ per address: a code is 8 of 31 characters, but a wall of guesses is refused all the same */
export const VERIFY_MISS_LIMIT = { name: 'verify-miss', max: 20, windowMs: 15 * 60_000 };

export default async function reportRoutes(app: App): Promise<void> {
  const { db } = app.deps;
  // One budget of misses per address for bills and reports: the same capability guards both.
  const misses = missLimit(app, BILL_MISS_LIMIT);
  const verifyMisses = missLimit(app, VERIFY_MISS_LIMIT);

  app.get(
    '/reports/',
    { preHandler: requireAuth, schema: { querystring: memberQuerySchema, response: { 200: myReportListSchema, 400: fieldErrorsSchema, 401: errorSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return myReports(db, userId(request), request.query.member);
    },
  );

  // The patient's own values over time, for the trend charts: health data, so never cached by others.
  app.get(
    '/reports/trends/',
    { preHandler: requireAuth, schema: { querystring: memberQuerySchema, response: { 200: trendListSchema, 400: fieldErrorsSchema, 401: errorSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      // one person's values: the holder's own unless a family member is named (never two people on one line)
      return myTrends(db, userId(request), request.query.member ?? 'self');
    },
  );

  app.get(
    '/reports/:appointmentId/pdf',
    { schema: { params, querystring: languageQuerySchema, response: { 200: pdfBodySchema, 400: fieldErrorsSchema, 401: errorSchema, 404: errorSchema, 429: errorSchema, 503: errorSchema } } },
    async (request, reply) => {
      // Health data: never kept by shared caches.
      reply.header('cache-control', 'private, no-store');
      await misses.check(request);
      await countDownload(app.deps, request.ip);
      // In the language of the booking, unless the reader asks for the other (?lang=, the page's language)
      const language = request.query.lang ?? (await appointmentLanguage(db, request.params.appointmentId));
      // Drawn once per version and language, then read (decision 047); drawing is limited per address.
      const found = await reportPdf(app.deps, request.ip, request.params.appointmentId, language);
      if (!found) {
        await misses.miss(request);
        throw notFound(NO_REPORT);
      }
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="report-${found.reference}-v${found.version}.pdf"`)
        .send(found.pdf);
    },
  );

  // The same report for other systems (a FHIR R4 document, docs/abdm.md), by the same capability and budget of misses.
  app.get(
    '/reports/:appointmentId/fhir',
    { schema: { params, querystring: languageQuerySchema, response: { 200: fhirBundleSchema, 400: fieldErrorsSchema, 401: errorSchema, 404: errorSchema, 429: errorSchema, 503: errorSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      await misses.check(request);
      await countDownload(app.deps, request.ip);
      const language = request.query.lang ?? (await appointmentLanguage(db, request.params.appointmentId));
      const found = await patientBundle(app.deps, request.ip, request.params.appointmentId, language);
      if (!found) {
        await misses.miss(request);
        throw notFound(NO_REPORT);
      }
      return reply
        .type('application/fhir+json; charset=utf-8')
        .header('content-disposition', `attachment; filename="report-${found.reference}-v${found.version}.fhir.json"`)
        .send(found.bundle);
    },
  );

  app.get(
    '/verify/:code',
    { schema: { params: verificationCodeParams, response: { 200: verificationSchema, 400: fieldErrorsSchema, 404: errorSchema, 429: errorSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      // Like the bills' capability: each unknown code counts against the address (decision 048).
      await verifyMisses.check(request);
      try {
        return await verify(db, request.params.code, messageLanguage(request));
      } catch (err) {
        if (err instanceof HttpError && err.statusCode === 404) await verifyMisses.miss(request);
        throw err;
      }
    },
  );
}

const versionParams = appointmentRefParams.extend({
  version: z.coerce.number({ error: 'Enter a whole number.' }).int('Enter a whole number.').min(1, 'Ensure this value is at least 1.').max(10_000, 'Ensure this value is at most 10000.'),
});

export async function reportStaffRoutes(app: App): Promise<void> {
  const { db, config, now } = app.deps;
  const releaseDeps = { db, publicUrl: config.publicUrl, now };
  const one = { params: appointmentRefParams, response: { 200: worksheetSchema, ...refusals } };

  // Each answer that names a patient is in the read log by its schema (modules/privacy/read-logging.ts).
  app.get('/results', { schema: { response: { 200: resultsQueueSchema, ...refusals } } }, () => resultsQueue(db));

  app.get('/results/:id', { schema: one }, (request) => worksheet(db, actor(request), request.params.id));

  app.put('/results/:id/patient', { schema: { ...one, body: patientDetailsSchema } }, (request) =>
    setPatientDetails(db, actor(request), request.params.id, request.body),
  );

  app.put('/results/:id/sample', { schema: { ...one, body: sampleTimesSchema } }, (request) =>
    setSampleTimes(db, actor(request), request.params.id, request.body, app.deps.now()),
  );

  app.put('/results/:id', { schema: { ...one, body: resultEntrySchema } }, (request) => enterResults(db, actor(request), request.params.id, request.body));

  app.post('/results/:id/release', { schema: one }, (request) => release(releaseDeps, actor(request), request.params.id));

  app.post('/results/:id/amend', { schema: { ...one, body: amendmentSchema } }, (request) => amend(releaseDeps, actor(request), request.params.id, request.body));

  app.post('/results/:id/amendment/release', { schema: one }, (request) => releaseAmendment(releaseDeps, actor(request), request.params.id));

  app.post('/results/:id/amendment/discard', { schema: one }, (request) => discardAmendment(db, actor(request), request.params.id));

  app.post('/results/:id/critical-call', { schema: { ...one, body: criticalCallSchema } }, (request) =>
    recordCriticalCall(db, actor(request), request.params.id, request.body.note),
  );

  app.get('/results/:id/reports/:version/fhir', { schema: { params: versionParams, response: { 200: fhirBundleSchema, ...refusals, 503: errorSchema } } }, async (request, reply) => {
    const bundle = await staffBundle(app.deps, actor(request), request.params.id, request.params.version);
    return reply
      .type('application/fhir+json; charset=utf-8')
      .header('content-disposition', `attachment; filename="report-${request.params.id}-v${request.params.version}.fhir.json"`)
      .send(bundle);
  });

  app.get(
    '/results/:id/reports/:version/pdf',
    { schema: { params: versionParams, response: { 200: pdfBodySchema, ...refusals, 503: errorSchema } } },
    async (request, reply) => {
      const snapshot = await staffReport(db, actor(request), request.params.id, request.params.version);
      // drawn off the event loop once, then kept, as the patient's (decision 047)
      const pdf = await versionPdf(app.deps, request.params.id, request.params.version, snapshot);
      return reply.type('application/pdf').header('content-disposition', `inline; filename="report-${request.params.id}-v${request.params.version}.pdf"`).send(pdf);
    },
  );
}
