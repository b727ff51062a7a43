// HTTP routes of reports on the public side: a signed-in patient's released reports and their values
// over time (trends), the PDF of an appointment's report (the bill's capability: the appointment id),
// and verification by short code.
import { appointmentRef, errorSchema, fieldErrorsSchema, languageQuerySchema, myReportListSchema, pdfBodySchema, trendListSchema, verificationCodeParams, verificationSchema } from '@lab/contract';
import { z } from 'zod';
import { requireAuth, userId } from '../../lib/auth-hooks.ts';
import type { App } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { messageLanguage } from '../../lib/message-language.ts';
import { missLimit } from '../../lib/rate-limit.ts';
import { BILL_MISS_LIMIT } from '../billing/routes.ts';
import { renderPdf } from '../../documents/pdf-thread.ts';
import { appointmentLanguage, myReports, myTrends, NO_REPORT, patientReport, verify } from './service.ts';

const params = z.object({ appointmentId: appointmentRef });

export default async function reportRoutes(app: App): Promise<void> {
  const { db, config } = app.deps;
  // One budget of misses per address for bills and reports: the same capability guards both.
  const misses = missLimit(app, BILL_MISS_LIMIT);

  app.get(
    '/reports/',
    { preHandler: requireAuth, schema: { response: { 200: myReportListSchema, 401: errorSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return myReports(db, userId(request));
    },
  );

  // The patient's own values over time, for the trend charts: health data, so never cached by others.
  app.get(
    '/reports/trends/',
    { preHandler: requireAuth, schema: { response: { 200: trendListSchema, 401: errorSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return myTrends(db, userId(request));
    },
  );

  app.get(
    '/reports/:appointmentId/pdf',
    { schema: { params, querystring: languageQuerySchema, response: { 200: pdfBodySchema, 400: fieldErrorsSchema, 401: errorSchema, 404: errorSchema, 429: errorSchema } } },
    async (request, reply) => {
      // Health data: never kept by shared caches.
      reply.header('cache-control', 'private, no-store');
      await misses.check(request);
      const snapshot = await patientReport(db, request.params.appointmentId);
      if (!snapshot) {
        await misses.miss(request);
        throw notFound(NO_REPORT);
      }
      // In the language of the booking, unless the reader asks for the other (?lang=, the page's language)
      const language = request.query.lang ?? (await appointmentLanguage(db, request.params.appointmentId));
      const pdf = await renderPdf({ kind: 'report', snapshot, publicUrl: config.publicUrl, language });
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="report-${snapshot.patient.booking_id}-v${snapshot.version}.pdf"`)
        .send(pdf);
    },
  );

  app.get(
    '/verify/:code',
    { schema: { params: verificationCodeParams, response: { 200: verificationSchema, 404: errorSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return verify(db, request.params.code, messageLanguage(request));
    },
  );
}
