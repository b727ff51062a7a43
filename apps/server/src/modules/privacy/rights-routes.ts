// HTTP routes of the patient's rights (issue 17), all for the signed-in patient under /api/users/me/:
// the summary of what is held, the JSON download, correction requests, the nominee, grievances, and
// closing the account. Staff routes are in rights-staff-routes.ts.
import {
  accountClosedSchema,
  closeAccountSchema,
  correctionRequestInputSchema,
  correctionRequestSchema,
  dataExportSchema,
  dataSummarySchema,
  errorSchema,
  fieldErrorsSchema,
  grievanceInputSchema,
  grievanceSchema,
  localeCookie,
  nomineeAnswerSchema,
  nomineeInputSchema,
} from '@lab/contract';
import { z } from 'zod';
import { requireAuth, userId } from '../../lib/auth-hooks.ts';
import type { App } from '../../lib/context.ts';
import { inMessageLanguage, messageLanguage } from '../../lib/message-language.ts';
import { limits } from '../../lib/rate-limit.ts';
import { closeAccount } from './erasure.ts';
import { dataSummary, exportData } from './export.ts';
import { fileGrievance, grievancesOf } from './grievances.ts';
import { correctionsOf, fileCorrection, nomineeOf, removeNominee, setNominee } from './rights.ts';

const MINUTE = 60_000;
const badRequest = fieldErrorsSchema.or(errorSchema);
const refusals = { 400: badRequest, 401: errorSchema, 429: errorSchema } as const;

export default async function rightsRoutes(app: App): Promise<void> {
  const deps = app.deps;
  const { db } = deps;
  const signedIn = { preHandler: requireAuth };
  // Requests and grievances are written by people: a few an hour is plenty, a flood is not a person.
  const writes = limits(app, { name: 'privacy-requests', max: 20, windowMs: 60 * MINUTE, key: (request) => String(request.auth?.userId ?? request.ip) });

  app.get('/users/me/data/', { ...signedIn, schema: { response: { 200: dataSummarySchema, 401: errorSchema } } }, async (request) => {
    const summary = await dataSummary(db, deps.config, userId(request));
    // Each purpose in the language the screen asked for (decision 039).
    const language = messageLanguage(request);
    return { ...summary, items: summary.items.map((item) => ({ ...item, purpose: inMessageLanguage(language, item.purpose) })) };
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
    { preHandler: [requireAuth, ...writes], schema: { body: correctionRequestInputSchema, response: { 201: correctionRequestSchema, ...refusals } } },
    async (request, reply) => reply.code(201).send(await fileCorrection(db, userId(request), request.body, deps.now())),
  );

  app.get('/users/me/grievances/', { ...signedIn, schema: { response: { 200: z.array(grievanceSchema), 401: errorSchema } } }, (request) => grievancesOf(db, userId(request)));
  app.post(
    '/users/me/grievances/',
    { preHandler: [requireAuth, ...writes], schema: { body: grievanceInputSchema, response: { 201: grievanceSchema, ...refusals } } },
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
      schema: { body: closeAccountSchema, response: { 200: accountClosedSchema, ...refusals, 409: errorSchema } },
    },
    (request) => closeAccount(deps, userId(request), request.body.password, deps.now(), request.cookies[localeCookie]),
  );
}
