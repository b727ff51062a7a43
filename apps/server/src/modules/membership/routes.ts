// HTTP routes of the membership domain: the plans (public), and the caller's membership, subscribe and
// unsubscribe (bearer token, checked before the body so a caller without one always gets 401). Plans are
// named in the request's language, as its messages are (`?lang=hi` or the patient screens' `lang`
// cookie; decision 039): the membership screens are patient screens, and an older client asks for neither.
import {
  errorSchema,
  fieldErrorsSchema,
  membershipStatusSchema,
  messageSchema,
  planListSchema,
  subscribeRequestSchema,
  subscribeResponseSchema,
} from '@lab/contract';
import { requireAuth, userId } from '../auth/hooks.ts';
import type { App } from '../../lib/context.ts';
import { messageAnswer, messageLanguage, sayTo } from '../../lib/message-language.ts';
import * as service from './service.ts';

export default async function membershipRoutes(app: App): Promise<void> {
  const deps = app.deps;

  app.get('/membership/plans/', { schema: { response: { 200: planListSchema } } }, (request) => service.listPlans(deps, messageLanguage(request)));

  // Without a membership the answer is 404, as clients of the original API expect (any 2xx is a membership
  // to them). The web app asks with `?none=null` and gets 200 `null` instead: a browser logs every answer
  // that is not 2xx as an error in the patient's console, and "no membership" is no error. Read without
  // a query schema, so the original call takes any other query as before.
  app.get(
    '/membership/status/',
    { onRequest: requireAuth, schema: { response: { 200: membershipStatusSchema.nullable(), 401: errorSchema, 404: errorSchema } } },
    (request) =>
      (request.query as Record<string, unknown> | undefined)?.none === 'null'
        ? service.statusOrNull(deps, userId(request), messageLanguage(request))
        : service.status(deps, userId(request), messageLanguage(request)),
  );

  app.post(
    '/membership/subscribe/',
    {
      onRequest: requireAuth,
      schema: {
        body: subscribeRequestSchema,
        response: { 201: subscribeResponseSchema, 400: fieldErrorsSchema.or(errorSchema), 401: errorSchema },
      },
    },
    async (request, reply) => {
      const made = await service.subscribe(deps, userId(request), request.body.plan_id, messageLanguage(request));
      return reply.code(201).send({ ...made, message: sayTo(request, made.message) });
    },
  );

  app.delete(
    '/membership/unsubscribe/',
    { onRequest: requireAuth, schema: { response: { 200: messageSchema, 400: errorSchema, 401: errorSchema } } },
    async (request) => messageAnswer(request, (await service.unsubscribe(deps, userId(request))).message),
  );
}
