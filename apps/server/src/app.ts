// Builds the whole server as a Fastify instance: a short list of plugins from the bottom up (docs/
// decisions/054-server-layers-and-module-plugins.md). Tests call buildApp() and talk to it with
// inject(); main.ts only listens and shuts down.
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import Fastify, { type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthSchema, personMessages } from '@lab/contract';
import { z } from 'zod';
import type { Config } from './config.ts';
import { createDb, type Db, type DbOptions } from './db/index.ts';
import { migrateToLatest } from './db/migrations/index.ts';
import { isEmpty, seed } from './db/seed/index.ts';
import { errorHandler, frameworkErrors } from './http/error-handler.ts';
import { closeConnectionsOnShutdown, noStoreByDefault, securityHeadersOnEveryAnswer } from './http/hooks.ts';
import { BODY_LIMIT, SERVER_TIMEOUTS, type ServerTimeouts, serverTimeouts } from './http/limits.ts';
import type { App, Deps } from './lib/context.ts';
import { openCounters, redisNamespace } from './lib/counters.ts';
import { requestSerializer } from './lib/log-masking.ts';
import { createMetrics, registerMetrics } from './lib/metrics.ts';
import { type Clock, systemClock } from './lib/rate-limit.ts';
import { TokenSigner } from './lib/tokens.ts';
import { analyserPlugin } from './modules/analysers/plugin.ts';
import { authPlugin } from './modules/auth/plugin.ts';
import { catalogPlugin } from './modules/catalog/plugin.ts';
import { registerOpenApi } from './modules/docs/openapi.ts';
import { imageFiles } from './modules/images/routes.ts';
import { modules } from './modules/index.ts';
import { type MessagingOptions, messagingPlugin } from './modules/messaging/plugin.ts';
import { readLogPlugin, retentionPlugin, type RetentionPluginOptions } from './modules/privacy/plugin.ts';
import { lateNoticePlugin } from './modules/samples/plugin.ts';
import { webApp } from './web/static.ts';

export { BODY_LIMIT, SERVER_TIMEOUTS, type ServerTimeouts };

/** mailer, mailJobs, mailRunner: modules/messaging/plugin.ts; retentionJobs: modules/privacy/plugin.ts (and the late-report notices, modules/samples/plugin.ts) */
export interface BuildOptions extends MessagingOptions, RetentionPluginOptions {
  db?: DbOptions;
  /** pino logger options; tests pass false */
  logger?: boolean | object;
  /**
   * the clock of rate limits, lockouts, second-factor codes and the booking rules: the real one unless
   * a test pins it (`now`) or moves it on by hand (`clock`)
   */
  clock?: Clock;
  now?: () => Date;
  /** told of every route as it is registered (tests list the routes the server has) */
  onRoute?: (route: RouteOptions) => void;
  /** the HTTP server's timeouts (SERVER_TIMEOUTS unless a test makes them short) */
  timeouts?: Partial<ServerTimeouts>;
}

/** migrations, then the demo content into an empty database (or always, with SEED=on) */
export async function prepareDatabase(database: Db, config: Config): Promise<void> {
  await migrateToLatest(database.db, database.dialect);
  if (config.seed === true || (config.seed === undefined && (await isEmpty(database.db)))) {
    await seed(database.db, { tests: config.seedTests });
  }
}

const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<App> {
  const metrics = createMetrics();
  // Bound by the catalogue's plugin: a write here may have changed the catalogue.
  let wrote = () => {};
  const database: Db = await createDb(config.databaseUrl, {
    ...options.db,
    onQuery: (ms, failed, write) => {
      metrics.query(ms, failed);
      if (write) wrote();
    },
  });
  if (database.poolStats) metrics.readPool(database.poolStats);
  await prepareDatabase(database, config);

  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie'],
            serializers: { req: requestSerializer },
            ...(typeof options.logger === 'object' ? options.logger : {}),
          },
    bodyLimit: BODY_LIMIT,
    ...serverTimeouts({ ...SERVER_TIMEOUTS, ...options.timeouts }),
    // A hop count as a function: Fastify's types do not list the number form.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    return503OnClosing: true,
    frameworkErrors,
    // The spec's paths end in a slash and clients also call them without it: one route answers both.
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  // Every message zod would word itself is worded for a person instead (one voice for every 400).
  z.config({ customError: personMessages });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // The infrastructure every module gets (lib/context.ts, Deps).
  const now = options.now;
  const clock: Clock = options.clock ?? (now ? { now: () => now().getTime() } : systemClock);
  const namespace = redisNamespace(config, options.db?.pgSchema);
  const counting = await openCounters(config, clock, namespace, app.log);
  const redis = counting.redis;
  if (redis) app.addHook('onClose', async () => redis.disconnect());
  const core = {
    db: database.db,
    dialect: database.dialect,
    durableTransaction: database.durableTransaction,
    config,
    tokens: new TokenSigner(config.jwtSecret),
    clock,
    counters: counting.counters,
    redis,
    metrics,
    now: now ?? (() => new Date(clock.now())),
  };
  // The module plugins below add the services they own to it before any route is registered.
  app.decorate('deps', core as Deps);

  // onClose hooks run last-registered first, so the database, registered first, closes last: after
  // the read log's last entries are written, the runners' passes in flight end and the catalogue stops
  // listening.
  app.addHook('onClose', async () => database.close());
  // The modules' long-lived parts, each with its hooks; their order is the order of those hooks.
  await app.register(catalogPlugin, { database, onWrite: (f) => (wrote = f) });
  await app.register(authPlugin, { redisNamespace: namespace });
  await app.register(messagingPlugin, { mailer: options.mailer, mailJobs: options.mailJobs, mailRunner: options.mailRunner, channels: options.channels });
  await app.register(retentionPlugin, { retentionJobs: options.retentionJobs });
  await app.register(lateNoticePlugin, { jobs: options.retentionJobs });
  await app.register(analyserPlugin);
  await app.register(readLogPlugin);

  // HTTP: what every answer goes through.
  await app.register(closeConnectionsOnShutdown);
  await app.register(noStoreByDefault);
  await app.register(errorHandler);
  await app.register(securityHeadersOnEveryAnswer);
  await app.register(cookie);
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'], brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } } });

  // Before any route: the OpenAPI document learns the routes as they are registered.
  await registerOpenApi(app);
  registerMetrics(app, metrics, config.metricsToken);
  app.get('/api/health', { schema: { response: { 200: healthSchema } } }, async () => ({ status: 'ok' as const, rate_limits: counting.state() }));
  for (const mod of modules) await app.register(mod, { prefix: '/api' });
  await app.register(imageFiles);
  await app.register(webApp);
  return app;
}
