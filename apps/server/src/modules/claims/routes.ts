// HTTP routes of claiming guest bookings: ask for the confirmation link (logged in), and open it (any
// device, logged in or not: the link itself proves the e-mail address).
import { claimAnswerSchema, claimConfirmSchema, claimRequestedSchema, errorSchema, fieldErrorsSchema } from '@lab/contract';
import { requireAuth, userId } from '../auth/hooks.ts';
import { localeCookie } from '@lab/contract';
import type { App } from '../../lib/context.ts';
import { limits } from '../../lib/rate-limit.ts';
import { confirmClaim, requestClaim } from './service.ts';

/** each request sends an e-mail: a few per account an hour */
export const CLAIM_REQUEST_LIMIT = { name: 'claim-request', max: 5, windowMs: 60 * 60_000 };

export default async function claimRoutes(app: App): Promise<void> {
  app.post(
    '/users/claim-bookings/',
    { preHandler: [requireAuth, ...limits(app, CLAIM_REQUEST_LIMIT)], schema: { response: { 202: claimRequestedSchema, 401: errorSchema, 404: errorSchema, 429: errorSchema } } },
    async (request, reply) => {
      const { waiting } = await requestClaim(app.deps, userId(request), request.cookies[localeCookie]);
      return reply.code(202).send({ waiting });
    },
  );

  app.post(
    '/claim-bookings/confirm/',
    { schema: { body: claimConfirmSchema, response: { 200: claimAnswerSchema, 400: fieldErrorsSchema.or(errorSchema) } } },
    async (request) => confirmClaim(app.deps, request.body.token),
  );
}
