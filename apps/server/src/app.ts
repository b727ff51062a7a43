// Builds the whole server as a Fastify instance: plugins, the API modules and the web app.
// Tests call buildApp() and talk to it with inject(); main.ts only listens and shuts down.
import cluster from 'node:cluster';
import { createHash, randomUUID } from 'node:crypto';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyError, type FastifyReply, type RouteOptions } from 'fastify';
import { hasZodFastifySchemaValidationErrors, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthSchema, personMessages } from '@lab/contract';
import { Redis } from 'ioredis';
import { z } from 'zod';
import type { Config } from './config.ts';
import { createDb, type Db, type DbOptions } from './db/index.ts';
import { migrateToLatest } from './db/migrations/index.ts';
import { isEmpty, seed } from './db/seed/index.ts';
import { authenticate } from './lib/auth-hooks.ts';
import type { App } from './lib/context.ts';
import { cspDirectives } from './lib/csp.ts';
import { fieldsOfValidation, HttpError } from './lib/errors.ts';
import { requestSerializer } from './lib/log-masking.ts';
import { securityHeaders } from './lib/security-headers.ts';
import { countedMailer, createMetrics, registerMetrics } from './lib/metrics.ts';
import { ClusterCounterStore } from './lib/cluster-counters.ts';
import { type Clock, type CounterStore, FallbackStore, MemoryStore, RedisStore, type StoreState, systemClock } from './lib/rate-limit.ts';
import { messageLanguage, translateError, translateMessage } from './lib/message-language.ts';
import { TokenSigner } from './lib/tokens.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { TokenVersions } from './modules/auth/token-versions.ts';
import { registerOpenApi } from './modules/docs/openapi.ts';
import { imageFiles } from './modules/images/routes.ts';
import { watchLabDetailsVersion } from './modules/lab/service.ts';
import { waitingCount } from './modules/mail-jobs/queries.ts';
import { MailRunner, type RunnerOptions } from './modules/mail-jobs/runner.ts';
import { CatalogVersion } from './modules/catalog/catalog-version.ts';
import { modules } from './modules/index.ts';
import { RetentionRunner } from './modules/privacy/retention.ts';
import { ReadLog } from './modules/privacy/access-log.ts';
import { webApp } from './web/static.ts';

export interface BuildOptions {
  /** replaces the mailer of the configuration (tests capture mail) */
  mailer?: Mailer;
  db?: DbOptions;
  /** pino logger options; tests pass false */
  logger?: boolean | object;
  /**
   * the clock of rate limits, lockouts, second-factor codes and the booking rules: the real one unless
   * a test pins it (`now`) or moves it on by hand (`clock`)
   */
  clock?: Clock;
  now?: () => Date;
  /**
   * how e-mail jobs are delivered: 'background' (a poll every second; the server's way),
   * 'after-each-request' (each API answer first delivers the jobs due: tests that read the mail a call
   * sent), 'manual' (only app.mailJobs.runDue(): tests of the jobs themselves)
   */
  mailJobs?: 'background' | 'after-each-request' | 'manual';
  mailRunner?: Partial<RunnerOptions>;
  /** the daily retention job (modules/privacy/retention.ts): 'background' (the server's way) or 'manual' (tests call app.retention.runDue()) */
  retentionJobs?: 'background' | 'manual';
  /** told of every route as it is registered (tests list the routes the server has) */
  onRoute?: (route: RouteOptions) => void;
  /** the HTTP server's timeouts (SERVER_TIMEOUTS unless a test makes them short) */
  timeouts?: Partial<ServerTimeouts>;
}

export const BODY_LIMIT = 64 * 1024;

export interface ServerTimeouts {
  /** the request line and headers must have arrived by then */
  headersMs: number;
  /** the whole request, body included (an image upload on a slow phone link fits) */
  requestMs: number;
  /** a connection with nothing sent either way (a client that stopped reading its answer) */
  idleMs: number;
  /** an idle keep-alive connection between requests: longer than a load balancer's idle timeout (60 s) */
  keepAliveMs: number;
}

/**
 * A client that sends a byte now and then holds a connection and a socket for as long as the server
 * lets it: none of these is unlimited (Fastify's requestTimeout is off by default). Decision 048.
 */
export const SERVER_TIMEOUTS: ServerTimeouts = { headersMs: 15_000, requestMs: 60_000, idleMs: 120_000, keepAliveMs: 72_000 };

/**
 * Keys in Redis start with a name of the database, so one Redis can serve several deployments (or
 * test runs) without their counters and token versions mixing; the processes of one deployment
 * share a database, hence the name.
 */
function redisNamespace(config: Config, db: DbOptions | undefined): string {
  const where = config.databaseUrl === ':memory:' ? randomUUID() : `${config.databaseUrl}#${db?.pgSchema ?? ''}`;
  return `lab:${createHash('sha256').update(where).digest('hex').slice(0, 12)}:`;
}

/** migrations, then the demo content into an empty database (or always, with SEED=on) */
export async function prepareDatabase(database: Db, config: Config): Promise<void> {
  await migrateToLatest(database.db, database.dialect);
  if (config.seed === true || (config.seed === undefined && (await isEmpty(database.db)))) {
    await seed(database.db, { tests: config.seedTests });
  }
}

/** Fastify's and Node's options for `t`; Node looks for late requests every `connectionsCheckingInterval` */
function serverTimeouts(t: ServerTimeouts) {
  return {
    connectionTimeout: t.idleMs,
    keepAliveTimeout: t.keepAliveMs,
    requestTimeout: t.requestMs,
    http: { headersTimeout: t.headersMs, connectionsCheckingInterval: Math.min(5_000, Math.max(10, Math.floor(t.headersMs / 4))) },
  };
}

const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/** the e-mail job runner of this process, run as BuildOptions.mailJobs asks, stopped on close */
function startMailJobs(app: App, options: BuildOptions): MailRunner {
  const runner = new MailRunner({ ...app.deps, log: app.log }, options.mailRunner);
  app.deps.metrics.readJobDepth(() => waitingCount(app.deps.db));
  const mode = options.mailJobs ?? 'background';
  if (mode === 'background') runner.start();
  if (mode === 'after-each-request') {
    app.addHook('onSend', async (request) => {
      if (request.url.startsWith('/api/')) await runner.runDue().catch((err: unknown) => request.log.error({ err }, 'mail jobs: a pass failed'));
    });
  }
  app.addHook('onClose', async () => runner.stop());
  return runner;
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<App> {
  const metrics = createMetrics();
  // Bound once the catalogue version exists: a write here may have changed the catalogue.
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

  const now = options.now;
  const clock: Clock = options.clock ?? (now ? { now: () => now().getTime() } : systemClock);
  const memory = new MemoryStore(clock);
  let counters: CounterStore = memory;
  let counterState = (): StoreState => (config.rateLimits ? 'memory' : 'off');
  if (cluster.isWorker && config.workers > 1 && !config.redisUrl) {
    counters = new ClusterCounterStore();
    counterState = () => (config.rateLimits ? 'cluster' : 'off');
  }
  let redis: Redis | undefined;
  if (config.redisUrl) {
    // No offline queue: while Redis is unreachable a command fails at once (and counting falls back to
    // this process) instead of waiting in a queue while the request hangs.
    redis = new Redis(config.redisUrl, { connectTimeout: 2000, commandTimeout: 1000, maxRetriesPerRequest: 1, enableOfflineQueue: false });
    // ioredis reconnects by itself; each failed try is an 'error' event, reported once by the store.
    redis.on('error', () => {});
    // Start counting in Redis from the first request when it answers; without it, start anyway.
    await new Promise<void>((resolve) => {
      const done = () => resolve();
      redis!.once('ready', done).once('error', done);
      setTimeout(done, 2000).unref();
    });
    const fallback = new FallbackStore(new RedisStore(redis, `${redisNamespace(config, options.db)}rl:`), memory, app.log);
    counters = fallback;
    const r = redis;
    counterState = () => (!config.rateLimits ? 'off' : r.status === 'ready' ? fallback.state : 'memory-fallback');
    app.addHook('onClose', async () => r.disconnect());
  }

  const base = {
    db: database.db,
    dialect: database.dialect,
    durableTransaction: database.durableTransaction,
    config,
    mailer: countedMailer(options.mailer ?? createMailer({ smtpUrl: config.smtpUrl, outboxDir: config.mailOutboxDir }), metrics),
    tokens: new TokenSigner(config.jwtSecret),
    clock,
    counters,
    redis,
    metrics,
    now: options.now ?? (() => new Date(clock.now())),
  };
  const catalogVersion = new CatalogVersion(database.db, database.changeSignature);
  watchLabDetailsVersion(database.db, () => catalogVersion.lab());
  // A write of this process outside a transaction has committed when it is logged. SQLite's one
  // connection makes a later read wait for an open transaction; on PostgreSQL a staff write's answer
  // (sent after its commit) marks it again, and every commit anywhere is announced by NOTIFY as well.
  wrote = () => catalogVersion.invalidate();
  if (database.connection) {
    await catalogVersion.listen(database.connection.url, database.connection.schema);
    app.addHook('onSend', async (request) => {
      if (request.method !== 'GET' && request.method !== 'HEAD' && request.url.startsWith('/api/staff/')) catalogVersion.invalidate();
    });
  }
  app.addHook('onClose', () => catalogVersion.close());
  const tokenVersions = new TokenVersions(
    base,
    `${redisNamespace(config, options.db)}tv:`,
    (err) => app.log.error({ err }, 'token versions: Redis is not answering; reading the database'),
    database.dialect === 'sqlite' && config.workers === 1,
  );
  const readLog = new ReadLog(database.db, database.dialect, (err) => app.log.error({ err }, 'staff read log: a write failed; its entries are kept for the next one'));
  app.decorate('deps', { ...base, tokenVersions, catalogVersion, readLog });
  app.decorate('mailJobs', startMailJobs(app, options));
  const retention = new RetentionRunner({ ...app.deps, log: app.log });
  if ((options.retentionJobs ?? 'background') === 'background') retention.start();
  app.addHook('onClose', async () => retention.stop());
  app.decorate('retention', retention);
  app.decorateRequest('auth', null);
  // Shutting down, a request already in flight is answered, then its connection closed: kept alive,
  // it would hold close() (which waits for every connection) until the grace period ran out. Fastify
  // closes the connections idle when close() starts; this covers those busy then.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  app.addHook('onRequest', async (request) => {
    if (request.url.startsWith('/api/')) await authenticate(request);
  });
  app.addHook('onClose', async () => {
    // the read log's last entries are written before the database closes (decision 040)
    await readLog.close();
    await database.close();
  });
  // Answers of the API carry personal data or tokens unless a route says otherwise (the public
  // catalogue does): nothing is kept by the browser or a shared cache by default.
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });

  app.setErrorHandler((err: FastifyError | HttpError, request, reply) => {
    // In Hindi when the request asked for it (decision 039); English otherwise, as always.
    const language = messageLanguage(request);
    if (err instanceof HttpError) {
      if (err.headers) reply.headers(err.headers);
      return reply.code(err.statusCode).send(translateError(language, err.body()));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      return reply.code(400).send(translateError(language, fieldsOfValidation(err.validation, err.validationContext)));
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
      return reply.code(status).send(translateError(language, { error: message }));
    }
    request.log.error({ err }, 'request failed');
    return reply.code(500).send(translateError(language, { error: 'Something went wrong on our side. Please try again.' }));
  });

  const headers = securityHeaders({
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // HTTPS is terminated in front of us; HSTS there, not on plain-HTTP localhost.
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers);
  });
  await app.register(cookie);
  // A successful answer's message ({"message": …}) in Hindi when the request asked for it (decision 039).
  app.addHook('preSerialization', async (request, _reply, payload) => translateMessage(messageLanguage(request), payload));
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'], brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } } });

  // Before any route: the OpenAPI document learns the routes as they are registered.
  await registerOpenApi(app);
  registerMetrics(app, metrics, config.metricsToken);
  app.get('/api/health', { schema: { response: { 200: healthSchema } } }, async () => ({ status: 'ok' as const, rate_limits: counterState() }));
  for (const mod of modules) await app.register(mod, { prefix: '/api' });
  await app.register(imageFiles);
  await app.register(webApp);
  return app;
}
