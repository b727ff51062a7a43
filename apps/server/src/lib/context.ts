// What every module gets from the app: the configuration, the token signer, the clock, the counters,
// Redis and the metrics. This file is the bottom layer and knows no database and no module: the layers
// above add their parts to `Deps` by module augmentation where they create them (docs/decisions/
// 054-server-layers-and-module-plugins.md): db/index.ts adds the database, and each module's plugin adds
// the services it owns (`declare module '…/lib/context.ts' { interface Deps { … } }`), so a call site
// still reads `deps.tokenVersions`.
// Modules are Fastify plugins typed with the zod type provider.
import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Config } from '../config.ts';
import type { Metrics } from './metrics.ts';
import type { Clock, CounterStore } from './rate-limit.ts';
import type { AccessClaims, TokenSigner } from './tokens.ts';

export interface Deps {
  config: Config;
  tokens: TokenSigner;
  clock: Clock;
  /** rate-limit and lockout counters (Redis, or this process) */
  counters: CounterStore;
  /** the Redis of REDIS_URL, when set */
  redis: Redis | undefined;
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
  }
  interface FastifyRequest {
    /** set by the auth hooks: the caller, when a valid bearer token came with the request */
    auth: AccessClaims | null;
  }
}
