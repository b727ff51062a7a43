// HTTP routes of the second sign-in step: the caller's status, enrolment (a secret and its QR code),
// confirmation with a first code, and the step at each sign-in. Outside /api/staff on purpose: they
// are what a staff member calls before the second step is passed. Resetting another staff member's
// factor is a staff call (modules/staff-accounts/routes.ts).
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
import type { FastifyReply, FastifyRequest } from 'fastify';
import { requireAuth, userId } from '../auth/hooks.ts';
import type { App } from '../../lib/context.ts';
import { DEVICE_TTL_SECONDS } from '../../lib/tokens.ts';
import * as service from './service.ts';

/** marks a browser that passed the second step: its wrong codes are its own (service.ts, reserveTry) */
export const SECOND_FACTOR_DEVICE_COOKIE = 'lab_staff_device';
const COOKIE_PATH = '/api/users/second-factor';

const refusals = { 400: fieldErrorsSchema.or(errorSchema), 401: errorSchema, 409: errorSchema, 429: errorSchema };

export default async function secondFactorRoutes(app: App): Promise<void> {
  const deps = app.deps;
  const { sealed, unreadable } = await service.sealStoredSecrets(deps);
  if (sealed) app.log.info({ sealed }, 'second factor: TOTP secrets sealed under the current TOTP_KEY');
  if (unreadable) app.log.error({ unreadable }, 'second factor: TOTP secrets no key of TOTP_KEY opens; those staff cannot pass the second step until another staff member resets it');

  const deviceOf = async (request: FastifyRequest): Promise<service.Device> => {
    const cookie = request.cookies[SECOND_FACTOR_DEVICE_COOKIE];
    const device = cookie === undefined ? null : await deps.tokens.deviceOf(cookie, 'second-factor');
    return { known: device && device.userId === userId(request) ? device.id : null, address: request.ip };
  };
  const remember = async (reply: FastifyReply, id: number) => {
    reply.setCookie(SECOND_FACTOR_DEVICE_COOKIE, await deps.tokens.signDevice(id, 'second-factor'), {
      path: COOKIE_PATH,
      httpOnly: true,
      sameSite: 'strict',
      secure: deps.config.publicUrl.startsWith('https:'),
      maxAge: DEVICE_TTL_SECONDS,
    });
  };
  app.get('/users/second-factor/', { preHandler: requireAuth, schema: { response: { 200: secondFactorStatusSchema, 401: errorSchema } } }, (request) =>
    service.status(deps, request.auth!),
  );
  app.post('/users/second-factor/enrol/', { preHandler: requireAuth, schema: { response: { 200: secondFactorEnrolmentSchema, ...refusals } } }, (request) =>
    service.enrol(deps, userId(request)),
  );
  app.post(
    '/users/second-factor/confirm/',
    { preHandler: requireAuth, schema: { body: secondFactorConfirmRequestSchema, response: { 200: secondFactorConfirmedSchema, ...refusals } } },
    async (request, reply) => {
      const answer = await service.confirm(deps, userId(request), request.body.code, await deviceOf(request));
      await remember(reply, userId(request));
      return answer;
    },
  );
  app.post(
    '/users/second-factor/verify/',
    { preHandler: requireAuth, schema: { body: secondFactorVerifyRequestSchema, response: { 200: secondFactorPassedSchema, ...refusals } } },
    async (request, reply) => {
      const answer = await service.verifyStep(deps, userId(request), request.body, await deviceOf(request));
      await remember(reply, userId(request));
      return answer;
    },
  );
}
