// HTTP routes of consent (issue 17): the notice's facts for /privacy, and the signed-in person's
// consents: list, give (dashboard or the prompt after a login), withdraw one purpose.
import {
  consentPurposeParams,
  consentsResponseSchema,
  errorSchema,
  fieldErrorsSchema,
  giveConsentRequestSchema,
  languageQuerySchema,
  privacyNotice,
  privacyNoticeFactsSchema,
  withdrawConsentResponseSchema,
} from '@lab/contract';
import type { FastifyRequest } from 'fastify';
import { requireAuth, userId } from '../../lib/auth-hooks.ts';
import type { App } from '../../lib/context.ts';
import { addressHash, consentsOf, giveConsents, withdrawConsent } from './consents.ts';
import { noticeRetention } from './consents-notice.ts';

/** the client's address, hashed, for a consent record */
export const requestAddressHash = (app: App, request: FastifyRequest) => addressHash(app.deps.config.jwtSecret, request.ip);

export default async function consentRoutes(app: App): Promise<void> {
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
    async (request) => withdrawConsent(db, userId(request), request.params.purpose, app.deps.now()),
  );
}
