// What every module gets from the app: the database, the configuration, the mailer, the token signer
// and the clock.
// Modules are Fastify plugins typed with the zod type provider.
import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { TokenVersions } from '../modules/auth/token-versions.ts';
import type { MailRunner } from '../modules/mail-jobs/runner.ts';
import type { RetentionRunner } from '../modules/privacy/retention.ts';
import type { ReadLog } from '../modules/privacy/access-log.ts';
import type { CatalogVersion } from '../modules/catalog/catalog-version.ts';
import type { Metrics } from './metrics.ts';
import type { Clock, CounterStore } from './rate-limit.ts';
import type { AccessClaims, TokenSigner } from './tokens.ts';

export interface Deps {
  db: Db['db'];
  dialect: Db['dialect'];
  /** a transaction that settles once its commit is on the disk, the disk's wait off the event loop (decision 042) */
  durableTransaction: Db['durableTransaction'];
  config: Config;
  mailer: Mailer;
  tokens: TokenSigner;
  clock: Clock;
  /** rate-limit and lockout counters (Redis, or this process) */
  counters: CounterStore;
  /** the Redis of REDIS_URL, when set */
  redis: Redis | undefined;
  tokenVersions: TokenVersions;
  /** the catalogue version this process holds, re-read only when a change may have happened */
  catalogVersion: CatalogVersion;
  /** the staff read log's writer: entries written together, off the request (decision 040) */
  readLog: ReadLog;
  /** counters and timings for /metrics */
  metrics: Metrics;
  /** the current time for rules that depend on it (booking dates and times); tests pin it */
  now: () => Date;
}

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
    /** this process's e-mail job runner (tests drive it with runDue()) */
    mailJobs: MailRunner;
    /** this process's runner of the daily retention tasks (tests drive it with runDue()) */
    retention: RetentionRunner;
  }
  interface FastifyRequest {
    /** set by the auth hooks: the caller, when a valid bearer token came with the request */
    auth: AccessClaims | null;
  }
}
