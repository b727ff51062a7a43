// HTTP routes of reports on the public side: a signed-in patient's released reports and their values
// over time (trends), the PDF of an appointment's report (the bill's capability: the appointment id),
// and verification by short code.
import { appointmentRef, errorSchema, fieldErrorsSchema, languageQuerySchema, myReportListSchema, pdfBodySchema, trendListSchema, verificationCodeParams, verificationSchema } from '@lab/contract';
import { z } from 'zod';
import { requireAuth, userId } from '../../lib/auth-hooks.ts';
import type { App } from '../../lib/context.ts';
import { HttpError, notFound } from '../../lib/errors.ts';
import { messageLanguage } from '../../lib/message-language.ts';
import { missLimit } from '../../lib/rate-limit.ts';
import { BILL_MISS_LIMIT } from '../billing/routes.ts';
import { countDownload, reportPdf } from '../../documents/report-pdf.ts';
import { appointmentLanguage, myReports, myTrends, NO_REPORT, verify } from './service.ts';

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
