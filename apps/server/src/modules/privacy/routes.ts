// HTTP routes of privacy. For the signed-in person (under /api/users/me/): consents, and the privacy
// notice's facts for /privacy; their rights (the summary of what is held, the JSON download, correction
// requests, the nominee, grievances, closing the account); and "Who looked" (the access log). For staff
// (under /api/staff/, roles in modules/staff/access.ts): correction requests and grievances (the front
// desk and admins answer them), the records a closed account keeps by law (admins only; every read in
// the audit log), and the safeguards: the read log and the breach register (admins only).
import {
  accessLogPageSchema,
  accessLogQuerySchema,
  accountClosedSchema,
  breachInputSchema,
  breachListSchema,
  breachSchema,
  closeAccountSchema,
  consentPurposeParams,
  consentsResponseSchema,
  correctionRequestInputSchema,
  correctionRequestSchema,
  correctionResolutionSchema,
  dataExportSchema,
  dataSummarySchema,
  errorSchema,
  fieldErrorsSchema,
  giveConsentRequestSchema,
  grievanceAnswerSchema,
  grievanceInputSchema,
  grievanceSchema,
  keptRecordsQuerySchema,
  keptRecordsSchema,
  languageQuerySchema,
  localeCookie,
  nomineeAnswerSchema,
  nomineeInputSchema,
  privacyNotice,
  privacyNoticeFactsSchema,
  staffCorrectionPageSchema,
  staffCorrectionQuerySchema,
  staffCorrectionSchema,
  staffGrievancePageSchema,
  staffGrievanceQuerySchema,
  staffGrievanceSchema,
  staffReadLogQuerySchema,
  staffReadPageSchema,
  withdrawConsentResponseSchema,
  DATA_PURPOSE_CODES,
  m,
  sayIn,
} from '@lab/contract';
import { z } from 'zod';
import { requireAuth, userId } from '../auth/hooks.ts';
import type { App } from '../../lib/context.ts';
import { messageLanguage, sayTo } from '../../lib/message-language.ts';
import { limits } from '../../lib/rate-limit.ts';
import { actor, idParam, refusals } from '../staff/responses.ts';
import { patientAccessLog, staffReadLog } from './access-log.ts';
import { breachDetail, listBreaches, markBoardReportSent, recordBreach, sendNotices } from './breach.ts';
import { consentsOf, giveConsents, requestAddressHash, withdrawConsent } from './consents.ts';
import { noticeRetention } from './consents-notice.ts';
import { closeAccount, keptRecordsOf } from './erasure.ts';
import { dataSummary, exportData } from './export.ts';
import { answerGrievance, fileGrievance, grievancesOf, listGrievances } from './grievances.ts';
import { correctionsOf, fileCorrection, listCorrections, nomineeOf, removeNominee, resolveCorrection, setNominee } from './rights.ts';

const MINUTE = 60_000;
const badRequest = fieldErrorsSchema.or(errorSchema);
const patientRefusals = { 400: badRequest, 401: errorSchema, 429: errorSchema } as const;

/** the signed-in person's side, under /api/ */
export default async function privacyRoutes(app: App): Promise<void> {
  await app.register(consentRoutes);
  await app.register(rightsRoutes);
  await app.register(patientAccessLogRoutes);
}

/** the staff's side, registered in the guarded /api/staff/ scope (modules/staff/registrar.ts) */
export async function privacyStaffRoutes(app: App): Promise<void> {
  await app.register(rightsStaffRoutes);
  await app.register(staffSafeguardRoutes);
}

// --- consents ----------------------------------------------------------------------------------------

async function consentRoutes(app: App): Promise<void> {
  const { db } = app.deps;

  app.get('/privacy/notice/', { schema: { querystring: languageQuerySchema, response: { 200: privacyNoticeFactsSchema, 400: fieldErrorsSchema } } }, async (request) => ({
    ...privacyNotice,
    retention: noticeRetention(app.deps.config.privacy, request.query.lang),
  }));

  app.get(
    '/users/me/consents/',
    { preHandler: requireAuth, schema: { response: { 200: consentsResponseSchema, 401: errorSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return consentsOf(db, userId(request));
    },
  );

  app.post(
    '/users/me/consents/',
    { preHandler: requireAuth, schema: { body: giveConsentRequestSchema, response: { 201: consentsResponseSchema, 400: fieldErrorsSchema.or(errorSchema), 401: errorSchema } } },
    async (request, reply) =>
      reply.code(201).send(await giveConsents(db, userId(request), request.body, requestAddressHash(app, request), app.deps.now())),
  );

  app.post(
    '/users/me/consents/:purpose/withdraw/',
    {
      preHandler: requireAuth,
      schema: { params: consentPurposeParams, response: { 200: withdrawConsentResponseSchema, 400: fieldErrorsSchema.or(errorSchema), 401: errorSchema, 404: errorSchema } },
    },
    async (request) => {
      const withdrawn = await withdrawConsent(db, userId(request), request.params.purpose, app.deps.now());
      return { ...withdrawn, message: sayTo(request, withdrawn.message) };
    },
  );
}

// --- the patient's rights ----------------------------------------------------------------------------

async function rightsRoutes(app: App): Promise<void> {
  const deps = app.deps;
  const { db } = deps;
  const signedIn = { preHandler: requireAuth };
  // Requests and grievances are written by people: a few an hour is plenty, a flood is not a person.
  const writes = limits(app, { name: 'privacy-requests', max: 20, windowMs: 60 * MINUTE, key: (request) => String(request.auth?.userId ?? request.ip) });

  app.get('/users/me/data/', { ...signedIn, schema: { response: { 200: dataSummarySchema, 401: errorSchema } } }, async (request) => {
    // Each purpose (and the grievance officer) in the language the screen asked for, by code (decision records 039, 055).
    const language = messageLanguage(request);
    const summary = await dataSummary(db, deps.config, userId(request), language);
    return { ...summary, items: summary.items.map((item) => ({ ...item, purpose: sayIn(language, m(DATA_PURPOSE_CODES[item.kind])) })) };
  });

  app.get('/users/me/export/', { ...signedIn, schema: { response: { 200: dataExportSchema, 401: errorSchema } } }, async (request, reply) => {
    const now = deps.now();
    reply.header('content-disposition', `attachment; filename="lab-centre-my-data-${now.toISOString().slice(0, 10)}.json"`);
    await deps.readLog.flush(); // the export's access log holds this process's latest reads too
    return exportData(db, userId(request), now);
  });

  app.get('/users/me/corrections/', { ...signedIn, schema: { response: { 200: z.array(correctionRequestSchema), 401: errorSchema } } }, (request) => correctionsOf(db, userId(request)));
  app.post(
    '/users/me/corrections/',
    { preHandler: [requireAuth, ...writes], schema: { body: correctionRequestInputSchema, response: { 201: correctionRequestSchema, ...patientRefusals } } },
    async (request, reply) => reply.code(201).send(await fileCorrection(db, userId(request), request.body, deps.now())),
  );

  app.get('/users/me/grievances/', { ...signedIn, schema: { response: { 200: z.array(grievanceSchema), 401: errorSchema } } }, (request) => grievancesOf(db, userId(request)));
  app.post(
    '/users/me/grievances/',
    { preHandler: [requireAuth, ...writes], schema: { body: grievanceInputSchema, response: { 201: grievanceSchema, ...patientRefusals } } },
    async (request, reply) => reply.code(201).send(await fileGrievance(db, deps.config, userId(request), request.body, deps.now())),
  );

  app.get('/users/me/nominee/', { ...signedIn, schema: { response: { 200: nomineeAnswerSchema, 401: errorSchema } } }, async (request) => ({ nominee: await nomineeOf(db, userId(request)) }));
  app.put('/users/me/nominee/', { ...signedIn, schema: { body: nomineeInputSchema, response: { 200: nomineeAnswerSchema, 400: badRequest, 401: errorSchema } } }, async (request) => ({
    nominee: await setNominee(db, userId(request), request.body, deps.now()),
  }));
  app.delete('/users/me/nominee/', { ...signedIn, schema: { response: { 200: nomineeAnswerSchema, 401: errorSchema } } }, async (request) => {
    await removeNominee(db, userId(request));
    return { nominee: null };
  });

  // The password again, so a borrowed unlocked phone cannot erase an account; tries are limited like logins.
  app.post(
    '/users/me/close/',
    {
      preHandler: [requireAuth, ...limits(app, { name: 'close-account', max: 5, windowMs: 15 * MINUTE, key: (request) => String(request.auth?.userId ?? request.ip) })],
      schema: { body: closeAccountSchema, response: { 200: accountClosedSchema, ...patientRefusals, 409: errorSchema } },
    },
    async (request) => {
      const closed = await closeAccount(deps, userId(request), request.body.password, deps.now(), request.cookies[localeCookie]);
      return { ...closed, message: sayTo(request, closed.message) };
    },
  );
}

// --- "Who looked": the patient's access log ----------------------------------------------------------

async function patientAccessLogRoutes(app: App): Promise<void> {
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

// --- staff: correction requests, grievances, kept records --------------------------------------------

async function rightsStaffRoutes(app: App): Promise<void> {
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

// --- staff: the read log and the breach register -----------------------------------------------------

async function staffSafeguardRoutes(app: App): Promise<void> {
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
