// HTTP routes of accounts: register, login, token refresh, logout, the caller's account, password
// reset by e-mail, and the proof of an account's address (decision 049).
import {
  emailProofRequestSchema,
  errorSchema,
  fieldErrorsSchema,
  localeCookie,
  loginRequestSchema,
  loginResponseSchema,
  m,
  meResponseSchema,
  messageSchema,
  profileUpdateSchema,
  publicUserSchema,
  refreshRequestSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  sendResetEmailRequestSchema,
  tokenPairSchema,
} from '@lab/contract';
import { z } from 'zod';
import { requireAuth, userId } from './hooks.ts';
import type { App } from '../../lib/context.ts';
import { fieldsOfValidation } from '../../lib/errors.ts';
import { messageAnswer } from '../../lib/message-language.ts';
import { dummyHash } from '../../lib/passwords.ts';
import { limits } from '../../lib/rate-limit.ts';
import { updateProfile } from '../profile/service.ts';
import { requestAddressHash } from '../privacy/consents.ts';
import { loginGuard } from './login-guard.ts';
import * as service from './service.ts';

const MINUTE = 60_000;
const badRequest = fieldErrorsSchema.or(errorSchema);

export default async function authRoutes(app: App): Promise<void> {
  const deps = app.deps;

  app.post(
    '/users/register/',
    {
      config: { ignoresBearer: true },
      preHandler: limits(app, { name: 'register', max: 10, windowMs: 60 * MINUTE }),
      schema: { body: registerRequestSchema, response: { 201: publicUserSchema, 400: badRequest, 429: errorSchema } },
      // The schema's refusals are answered with the account's own (a taken name, a weak password) in one go.
      attachValidation: true,
    },
    async (request, reply) => {
      if (request.validationError) throw await service.registrationRefusal(deps, request.body, fieldsOfValidation(request.validationError.validation ?? [], request.validationError.validationContext));
      return reply.code(201).send(await service.register(deps, request.body, requestAddressHash(app, request), request.cookies[localeCookie]));
    },
  );

  // The proof link's page posts here (a GET would be "used" by any mail scanner that opens links).
  app.post(
    '/users/verify-email/',
    {
      config: { ignoresBearer: true },
      preHandler: limits(app, { name: 'verify-email', max: 20, windowMs: 15 * MINUTE }),
      schema: { body: emailProofRequestSchema, response: { 200: messageSchema, 400: badRequest, 409: errorSchema, 429: errorSchema } },
    },
    async (request) => {
      await service.proveEmail(deps, request.body.uidb64, request.body.token);
      return messageAnswer(request, m('auth.email_proven'));
    },
  );

  // Made now, so that even the first login of an unknown name costs no more than a wrong password.
  await dummyHash();
  const guard = loginGuard(app);
  app.post(
    '/users/login/',
    {
      config: { ignoresBearer: true },
      preHandler: guard.preHandler,
      schema: { body: loginRequestSchema, response: { 200: loginResponseSchema, 400: badRequest, 401: errorSchema, 429: errorSchema } },
    },
    (request, reply) =>
      service.login(deps, request.body.username, request.body.password, {
        reserve: (key, id) => guard.reserve(request, key, id),
        succeeded: (id) => guard.rememberDevice(reply, id),
      }),
  );

  app.post(
    '/users/token/refresh/',
    { config: { ignoresBearer: true }, schema: { body: refreshRequestSchema, response: { 200: tokenPairSchema, 400: badRequest, 401: errorSchema } } },
    (request) => service.refresh(deps, request.body.refresh),
  );

  const logoutOptions = { config: { ignoresBearer: true }, schema: { body: refreshRequestSchema, response: { 200: messageSchema, 400: badRequest } } };
  app.post('/users/logout/', logoutOptions, async (request) => {
    await service.logout(deps, request.body.refresh);
    return messageAnswer(request, m('auth.logged_out'));
  });

  app.get('/users/me/', { preHandler: requireAuth, schema: { response: { 200: meResponseSchema, 401: errorSchema } } }, (request) =>
    service.me(deps, userId(request), deps.now()),
  );

  // The patient's own age and sex (optional fields; left out stays, null clears), prefilled into bookings.
  app.patch(
    '/users/me/',
    { preHandler: requireAuth, schema: { body: profileUpdateSchema, response: { 200: meResponseSchema, 400: badRequest, 401: errorSchema } } },
    async (request) => {
      await updateProfile(deps.db, userId(request), request.body, deps.now());
      return service.me(deps, userId(request), deps.now());
    },
  );

  const resetEmailLimits = limits(
    app,
    { name: 'reset-email-ip', max: 5, windowMs: 15 * MINUTE },
    {
      name: 'reset-email-address',
      max: 5,
      windowMs: 15 * MINUTE,
      key: (request) => {
        const body = request.body as { email?: unknown } | undefined;
        return typeof body?.email === 'string' ? body.email.trim().toLowerCase() : undefined;
      },
    },
  );
  app.post(
    '/send-reset-email/',
    {
      config: { ignoresBearer: true },
      preHandler: resetEmailLimits,
      schema: { body: sendResetEmailRequestSchema, response: { 200: messageSchema, 400: badRequest, 429: errorSchema } },
    },
    async (request) => {
      await service.requestPasswordReset(deps, request.body.email, request.cookies[localeCookie]);
      return messageAnswer(request, m('auth.reset_email_sent'));
    },
  );

  app.post(
    '/reset-password/:uidb64/:token/',
    {
      config: { ignoresBearer: true },
      preHandler: limits(app, { name: 'reset-password', max: 20, windowMs: 15 * MINUTE }),
      schema: {
        // Any text is accepted here: a malformed link gets the same answer as an expired one.
        params: z.object({ uidb64: z.string(), token: z.string() }),
        body: resetPasswordRequestSchema,
        response: { 200: messageSchema, 400: badRequest, 429: errorSchema },
      },
    },
    async (request, reply) => {
      const id = await service.resetPassword(deps, request.params.uidb64, request.params.token, request.body.password);
      // The link came from the account's mailbox: its owner. The slowdown others caused ends, and this
      // browser gets in however many guesses come later (login-guard.ts).
      await guard.lift(id);
      await guard.rememberDevice(reply, id);
      return messageAnswer(request, m('auth.reset_done'));
    },
  );
}
