// The one place that reads process.env: every setting is parsed and checked here, once, at start.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const onOff = z
  .enum(['on', 'off', 'true', 'false', '1', '0'])
  .transform((v) => v === 'on' || v === 'true' || v === '1');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .default('file:./data/lab.db')
    .refine((v) => v.startsWith('file:') || /^postgres(ql)?:\/\//.test(v) || v === ':memory:', {
      message: 'must be file:<path>, :memory: or postgres://…',
    }),
  SEED: onOff.optional(),
  SEED_TESTS: z.coerce.number().int().min(1).max(100_000).optional(),
  PUBLIC_URL: z.url().optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_OUTBOX_DIR: z.string().min(1).default('./data/outbox'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis://')
    .optional(),
  RATE_LIMITS: onOff.default(true),
  /** multiplies every rate-limit window; tests use a small one to see a limit release */
  RATE_LIMIT_WINDOW_SCALE: z.coerce.number().positive().max(1000).default(1),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: onOff.default(false),
  WEB_DIST: z.string().optional(),
});

export type Config = {
  port: number;
  host: string;
  databaseUrl: string;
  /** undefined: seed only when the database is empty */
  seed: boolean | undefined;
  seedTests: number | undefined;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailOutboxDir: string;
  jwtSecret: string;
  redisUrl: string | undefined;
  rateLimits: boolean;
  /** every rate-limit window is multiplied by this (1 in production) */
  rateLimitWindowScale: number;
  logLevel: string;
  trustProxy: boolean;
  /** the built web app (React Router's build/client); absent in API-only tests */
  webDist: string | undefined;
};

export class ConfigError extends Error {}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** The JWT secret is generated once and kept beside the SQLite data so tokens survive restarts. */
function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const known = Object.fromEntries(
    Object.keys(envSchema.shape).flatMap((k) => (env[k] === undefined || env[k] === '' ? [] : [[k, env[k]]])),
  );
  const parsed = envSchema.safeParse(known);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(repoRoot, 'data');
  const defaultDist = path.resolve(repoRoot, 'apps/web/build/client');
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    seed: e.SEED,
    seedTests: e.SEED_TESTS,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    smtpUrl: e.SMTP_URL,
    mailOutboxDir: path.resolve(repoRoot, e.MAIL_OUTBOX_DIR),
    jwtSecret: e.JWT_SECRET ?? persistentSecret(dataDir),
    redisUrl: e.REDIS_URL,
    rateLimits: e.RATE_LIMITS,
    rateLimitWindowScale: e.RATE_LIMIT_WINDOW_SCALE,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    webDist: e.WEB_DIST ? path.resolve(repoRoot, e.WEB_DIST) : existsSync(defaultDist) ? defaultDist : undefined,
  };
}

export { repoRoot };
