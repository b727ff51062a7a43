// HTTP routes of the mobile sign-in (decision 061): a code to a number, the sign-in (or sign-up) with it,
// a mobile proven by a signed-in account (decision 069), and a password or an e-mail added to the account
// later. Limits: codes per number and per client address, sign-in tries per client address (each code has
// its own SIGN_IN_CODE_MAX_TRIES).
import {
  credentialsUpdateSchema,
  errorSchema,
  fieldErrorsSchema,
  m,
  messageSchema,
  mobileProofRequestSchema,
  phoneCodeRequestSchema,
  phoneCodeResponseSchema,
  phoneSignInRequestSchema,
  phoneSignInResponseSchema,
  SIGN_IN_CODE_TTL_SECONDS,
} from '@lab/contract';
import type { FastifyRequest } from 'fastify';
import type { App } from '../../lib/context.ts';
import { messageAnswer, messageLanguage } from '../../lib/message-language.ts';
import { limits } from '../../lib/rate-limit.ts';
import { requireAuth, userId } from '../auth/hooks.ts';
import { requestAddressHash } from '../privacy/consents.ts';
import * as service from './service.ts';

const MINUTE = 60_000;
const badRequest = fieldErrorsSchema.or(errorSchema);

/** codes one number is sent in 15 minutes, and in a day, whoever asks */
export const CODES_PER_NUMBER = { max: 3, windowMs: 15 * MINUTE };
export const CODES_PER_NUMBER_DAY = { max: 10, windowMs: 24 * 60 * MINUTE };
/** codes one client address asks for in 15 minutes, whatever the numbers */
export const CODES_PER_ADDRESS = { max: 10, windowMs: 15 * MINUTE };
/** sign-in tries from one client address in 15 minutes, across numbers */
export const SIGN_INS_PER_ADDRESS = { max: 30, windowMs: 15 * MINUTE };

/** the number after validation (E.164), so every spelling of one number counts together */
const numberOf = (request: FastifyRequest) => {
  const body = request.body as { phone?: unknown } | undefined;
  return typeof body?.phone === 'string' ? body.phone : undefined;
};

export default async function phoneSignInRoutes(app: App): Promise<void> {
  const deps = app.deps;

  app.post(
    '/users/phone/code/',
    {
      config: { ignoresBearer: true },
      preHandler: limits(
        app,
        { name: 'phone-code-ip', ...CODES_PER_ADDRESS },
        { name: 'phone-code-number', ...CODES_PER_NUMBER, key: numberOf },
        { name: 'phone-code-number-day', ...CODES_PER_NUMBER_DAY, key: numberOf },
      ),
      schema: { body: phoneCodeRequestSchema, response: { 200: phoneCodeResponseSchema, 400: badRequest, 429: errorSchema } },
    },
    async (request) => {
      // Sent to every number alike: the answer (and the work behind it) never tells whether it has an account.
      await service.sendCode(deps, request.body.phone, request.body.channel, messageLanguage(request));
      return { ...messageAnswer(request, m('phone_sign_in.code_sent')), expires_in: SIGN_IN_CODE_TTL_SECONDS };
    },
  );

  app.post(
    '/users/phone/sign-in/',
    {
      config: { ignoresBearer: true },
      preHandler: limits(app, { name: 'phone-sign-in-ip', ...SIGN_INS_PER_ADDRESS }),
      schema: { body: phoneSignInRequestSchema, response: { 200: phoneSignInResponseSchema, 400: badRequest, 403: errorSchema, 429: errorSchema } },
    },
    (request) => service.signIn(deps, request.body, { addressHash: requestAddressHash(app, request), language: messageLanguage(request) }),
  );

  // A password account (or one whose number changed) proves a mobile with its code: decision 069.
  app.post(
    '/users/me/phone/',
    {
      preHandler: [requireAuth, ...limits(app, { name: 'phone-proof', max: 10, windowMs: 15 * MINUTE })],
      schema: { body: mobileProofRequestSchema, response: { 200: messageSchema, 400: badRequest, 401: errorSchema, 403: errorSchema, 429: errorSchema } },
    },
    async (request) => {
      await service.proveMobile(deps, userId(request), request.body);
      return messageAnswer(request, m('phone_sign_in.mobile_proven'));
    },
  );

  app.post(
    '/users/me/credentials/',
    {
      preHandler: [requireAuth, ...limits(app, { name: 'credentials', max: 10, windowMs: 15 * MINUTE })],
      schema: { body: credentialsUpdateSchema, response: { 200: messageSchema, 400: badRequest, 401: errorSchema, 429: errorSchema } },
    },
    async (request) => {
      await service.addCredentials(deps, userId(request), request.body, messageLanguage(request));
      return messageAnswer(request, m('phone_sign_in.credentials_saved'));
    },
  );
}
