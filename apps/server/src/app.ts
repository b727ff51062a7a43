// Builds the whole server as a Fastify instance: plugins, the API modules and the web app.
// Tests call buildApp() and talk to it with inject(); main.ts only listens and shuts down.
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyError, type FastifyReply, type RouteOptions } from 'fastify';
import { hasZodFastifySchemaValidationErrors, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthSchema, personMessages } from '@lab/contract';
import { Redis } from 'ioredis';
import { z } from 'zod';
import type { Config } from './config.ts';
import { createDb, type Db, type DbOptions } from './db/index.ts';
import { migrateToLatest } from './db/migrations/index.ts';
import { isEmpty, seed } from './db/seed/index.ts';
import type { App } from './lib/context.ts';
import { cspDirectives } from './lib/csp.ts';
import { HttpError } from './lib/errors.ts';
import { TokenSigner } from './lib/tokens.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { registerOpenApi } from './modules/docs/openapi.ts';
import { modules } from './modules/index.ts';
import { webApp } from './web/static.ts';

export interface BuildOptions {
  /** replaces the mailer of the configuration (tests capture mail) */
  mailer?: Mailer;
  db?: DbOptions;
  /** pino logger options; tests pass false */
  logger?: boolean | object;
  /** the clock of the booking rules; the real one unless a test pins it */
  now?: () => Date;
  /** told of every route as it is registered (tests list the routes the server has) */
  onRoute?: (route: RouteOptions) => void;
}

export const BODY_LIMIT = 64 * 1024;

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<App> {
  const database: Db = await createDb(config.databaseUrl, options.db);
  await migrateToLatest(database.db, database.dialect);
  if (config.seed === true || (config.seed === undefined && (await isEmpty(database.db)))) {
    await seed(database.db, { tests: config.seedTests });
  }

  const app = Fastify({
    logger: options.logger ?? {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
    },
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxy,
    return503OnClosing: true,
    // A path with a malformed escape (`/api/billing/%E0%A4%A/`) names nothing: a 404 like any unknown
    // API path, never Fastify's bare 400. (Such a path is refused before routing, so the web app's own
    // 404 page is not reachable from here; no link of ours makes one.)
    frameworkErrors: (err, _request, reply) => {
      const r = reply as unknown as FastifyReply;
      if (err.code === 'FST_ERR_BAD_URL') return r.code(404).send({ error: 'Not found.' });
      if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') return r.code(414).send({ error: 'This address is too long.' });
      return r.code(err.statusCode ?? 400).send({ error: 'This request could not be read.' });
    },
    // The spec's paths end in a slash and clients also call them without it: one route answers both.
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  // Every message zod would word itself is worded for a person instead (one voice for every 400).
  z.config({ customError: personMessages });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', {
    db: database.db,
    dialect: database.dialect,
    config,
    mailer: options.mailer ?? createMailer({ smtpUrl: config.smtpUrl, outboxDir: config.mailOutboxDir }),
    tokens: new TokenSigner(config.jwtSecret),
    now: options.now ?? (() => new Date()),
  });
  app.decorateRequest('auth', null);
  app.addHook('onClose', async () => database.close());

  app.setErrorHandler((err: FastifyError | HttpError, request, reply) => {
    if (err instanceof HttpError) {
      if (err.headers) reply.headers(err.headers);
      return reply.code(err.statusCode).send(err.body());
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string[]> = {};
      for (const v of err.validation) {
        const key = v.instancePath.split('/').filter(Boolean).join('.') || (err.validationContext === 'body' ? 'non_field_errors' : (err.validationContext ?? 'request'));
        (fields[key] ??= []).push(v.message ?? 'Invalid value.');
      }
      return reply.code(400).send(fields);
    }
    const status = err.statusCode ?? 500;
    if (status < 500) {
      // Malformed JSON, a body too large, a wrong content type: the client's mistake, said plainly.
      const message =
        err.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? `Request body is larger than ${(request.routeOptions.bodyLimit ?? BODY_LIMIT) / 1024} KB.`
          : err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError
            ? 'Request body is not valid JSON.'
            : err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
              ? 'Request body is empty. Send the fields as JSON.'
              : err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
                ? 'Send the request body as JSON (Content-Type: application/json).'
                : err.message;
      return reply.code(status).send({ error: message });
    }
    request.log.error({ err }, 'request failed');
    return reply.code(500).send({ error: 'Something went wrong on our side. Please try again.' });
  });

  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // HTTPS is terminated in front of us; HSTS there, not on plain-HTTP localhost.
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  });
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'], brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } } });
  await app.register(rateLimit, {
    global: false,
    ...(config.redisUrl ? { redis: new Redis(config.redisUrl, { connectTimeout: 2000, maxRetriesPerRequest: 1 }), nameSpace: 'lab-rl:' } : {}),
  });

  // Before any route: the OpenAPI document learns the routes as they are registered.
  await registerOpenApi(app);
  app.get('/api/health', { schema: { response: { 200: healthSchema } } }, async () => ({ status: 'ok' as const }));
  for (const mod of modules) await app.register(mod, { prefix: '/api' });
  await app.register(webApp);
  return app;
}
