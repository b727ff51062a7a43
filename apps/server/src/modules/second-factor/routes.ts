// HTTP routes of the second sign-in step: the caller's status, enrolment (a secret and its QR code),
// confirmation with a first code, and the step at each sign-in. Outside /api/staff on purpose: they
// are what a staff member calls before the second step is passed. Resetting another staff member's
// factor is a staff call (staff/routes.ts).
import {
  errorSchema,
  fieldErrorsSchema,
  secondFactorConfirmedSchema,
  secondFactorConfirmRequestSchema,
  secondFactorEnrolmentSchema,
  secondFactorPassedSchema,
  secondFactorStatusSchema,
  secondFactorVerifyRequestSchema,
} from '@lab/contract';
import { requireAuth, userId } from '../../lib/auth-hooks.ts';
import type { App } from '../../lib/context.ts';
import * as service from './service.ts';

const refusals = { 400: fieldErrorsSchema.or(errorSchema), 401: errorSchema, 409: errorSchema, 429: errorSchema };

export default async function secondFactorRoutes(app: App): Promise<void> {
  const deps = app.deps;
  app.get('/users/second-factor/', { preHandler: requireAuth, schema: { response: { 200: secondFactorStatusSchema, 401: errorSchema } } }, (request) =>
    service.status(deps, request.auth!),
  );
  app.post('/users/second-factor/enrol/', { preHandler: requireAuth, schema: { response: { 200: secondFactorEnrolmentSchema, ...refusals } } }, (request) =>
    service.enrol(deps, userId(request)),
  );
  app.post(
    '/users/second-factor/confirm/',
    { preHandler: requireAuth, schema: { body: secondFactorConfirmRequestSchema, response: { 200: secondFactorConfirmedSchema, ...refusals } } },
    (request) => service.confirm(deps, userId(request), request.body.code),
  );
  app.post(
    '/users/second-factor/verify/',
    { preHandler: requireAuth, schema: { body: secondFactorVerifyRequestSchema, response: { 200: secondFactorPassedSchema, ...refusals } } },
    (request) => service.verifyStep(deps, userId(request), request.body),
  );
}
