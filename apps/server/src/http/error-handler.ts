// The one place an error becomes an answer: a client's mistake as JSON in the request's language
// (decision 039), a server's failure logged with its request and answered without its message.
import type { FastifyError, FastifyReply, FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { inEnglish, m, sayIn } from '@lab/contract';
import { fieldsOfValidation, HttpError, sayFields } from '../lib/errors.ts';
import { messageLanguage } from '../lib/message-language.ts';
import { BODY_LIMIT } from './limits.ts';

/**
 * A path with a malformed escape (`/api/billing/%E0%A4%A/`) names nothing: a 404 like any unknown
 * API path, never Fastify's bare 400. (Such a path is refused before routing, so the web app's own
 * 404 page is not reachable from here; no link of ours makes one.)
 */
export const frameworkErrors: FastifyServerOptions['frameworkErrors'] = (err, _request, reply) => {
  const r = reply as unknown as FastifyReply;
  if (err.code === 'FST_ERR_BAD_URL') return r.code(404).send({ error: inEnglish(m('request.not_found')) });
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') return r.code(414).send({ error: inEnglish(m('request.address_too_long')) });
  return r.code(err.statusCode ?? 400).send({ error: inEnglish(m('request.unreadable')) });
};

export const errorHandler = fp(
  async (app) => {
    app.setErrorHandler((err: FastifyError | HttpError, request, reply) => {
      // In Hindi when the request asked for it (decision 039); English otherwise, as always.
      const language = messageLanguage(request);
      if (err instanceof HttpError) {
        if (err.headers) reply.headers(err.headers);
        return reply.code(err.statusCode).send(err.body(language));
      }
      if (hasZodFastifySchemaValidationErrors(err)) {
        return reply.code(400).send(sayFields(language, fieldsOfValidation(err.validation, err.validationContext)));
      }
      const status = err.statusCode ?? 500;
      if (status < 500) {
        // Malformed JSON, a body too large, a wrong content type: the client's mistake, said plainly.
        const said =
          err.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? m('request.body_too_large', { kb: (request.routeOptions.bodyLimit ?? BODY_LIMIT) / 1024 })
            : err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError
              ? m('request.body_not_json')
              : err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
                ? m('request.body_empty')
                : err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
                  ? m('request.body_not_json_type')
                  : err.message;
        return reply.code(status).send({ error: sayIn(language, said) });
      }
      request.log.error({ err }, 'request failed');
      return reply.code(500).send({ error: sayIn(language, m('request.failed')) });
    });
  },
  { name: 'error-handler' },
);
