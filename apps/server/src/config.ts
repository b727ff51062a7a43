// The one place that reads process.env: every setting is parsed and checked here, once, at start.
import { createHmac, randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { ChannelConfigError, type ChannelSettings, parseChannelSettings } from './modules/messaging/channels/provider-config.ts';
import { GatewayConfigError, parseGatewaySettings, type RazorpaySettings } from './modules/payments/gateway/razorpay.ts';

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
  /** one JSON file per WhatsApp or SMS message when no provider is set; unset: `channel-outbox` beside MAIL_OUTBOX_DIR */
  CHANNEL_OUTBOX_DIR: z.string().min(1).optional(),
  IMAGES_DIR: z.string().min(1).default('./data/images'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** keys of the staff TOTP secrets at rest: 64 hex digits, or several by commas (the first seals, the others only open: rotation) */
  TOTP_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}(,[0-9a-fA-F]{64})*$/, 'must be 64 hex digits (32 bytes), or several such keys separated by commas (the first encrypts, the others only decrypt)')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis://')
    .optional(),
  RATE_LIMITS: onOff.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z
    .string()
    .default('off')
    .transform((v, ctx) => {
      const trust = parseTrustProxy(v);
      if (trust === null) {
        ctx.addIssue({
          code: 'custom',
          message:
            'must be off, a number of proxy hops (e.g. 1), or proxy addresses/CIDRs (e.g. 10.0.0.0/8,127.0.0.1); a range must lie inside private, loopback or link-local networks (a wider one would trust the public internet)',
        });
        return z.NEVER;
      }
      return trust;
    }),
  /** the absolute lifetime of a login session (a refresh token family), in days */
  SESSION_MAX_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  WORKERS: z
    .string()
    .regex(/^(auto|[1-9]|1[0-6])$/, 'must be auto or a number of processes from 1 to 16')
    .optional(),
  WEB_DIST: z.string().optional(),
  /** privacy (modules/privacy; docs/personal-data.md): how long what the law requires is kept, and the grievance deadline */
  RETENTION_BILLS_YEARS: z.coerce.number().int('must be a whole number of years').min(1).max(30).default(8),
  RETENTION_REPORTS_YEARS: z.coerce.number().int('must be a whole number of years').min(1).max(30).default(3),
  RETENTION_GUEST_CONTACT_DAYS: z.coerce.number().int('must be a whole number of days').min(30).max(3650).default(365),
  RETENTION_CONSENT_YEARS: z.coerce.number().int('must be a whole number of years').min(1).max(30).default(7),
  GRIEVANCE_DUE_DAYS: z.coerce.number().int('must be a whole number of days').min(1).max(90, 'must be at most 90 (the DPDP Rules allow at most 90 days)').default(30),
  /** the HL7 v2/MLLP listener for analysers (docs/analysers.md): its port, its address, and who may connect */
  ANALYSER_PORT: z.coerce.number({ error: 'must be a port number' }).int('must be a port number').min(0, 'must be a port from 1 to 65535 (0: any free port)').max(65535, 'must be a port from 1 to 65535').optional(),
  ANALYSER_HOST: z.string().refine((v) => isIP(v) !== 0, 'must be an IP address to listen on (0.0.0.0: every interface)').default('0.0.0.0'),
  ANALYSERS: z.string().optional(),
  /** how long an order to an analyser waits for its acknowledgement (docs/analysers.md) */
  ANALYSER_ACK_TIMEOUT_MS: z.coerce.number({ error: 'must be a number of milliseconds' }).int('must be a whole number of milliseconds').min(100, 'must be at least 100 ms').max(600_000, 'must be at most 600000 ms').default(30_000),
  /** days the staff read log is kept (docs/personal-data.md): the DPDP Rules ask for at least a year */
  READ_LOG_RETENTION_DAYS: z.coerce
    .number({ error: 'must be a whole number of days' })
    .int('must be a whole number of days')
    .min(365, 'must be at least 365: the DPDP Rules keep the staff read log for at least a year')
    .max(36_500, 'must be at most 36500')
    .default(365),
});

export type TrustProxy = false | number | string[];

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * Where a range of proxies may lie: private, loopback and link-local networks (and IPv6's unique-local).
 * A range beyond them would trust addresses on the public internet to say who the client is.
 */
const PRIVATE_RANGES: Array<[string, number]> = [
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
];

/** an address as a number of 32 or 128 bits (isIP has accepted it) */
function addressBits(addr: string): bigint {
  if (isIP(addr) === 4) return addr.split('.').reduce((n, part) => (n << 8n) | BigInt(Number(part)), 0n);
  let text = addr;
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    const n = addressBits(v4[1]!);
    text = `${text.slice(0, -v4[1]!.length)}${(n >> 16n).toString(16)}:${(n & 0xffffn).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return groups.reduce((n, g) => (n << 16n) | BigInt(parseInt(g, 16)), 0n);
}

/** whether `addr/prefix` lies wholly inside one of PRIVATE_RANGES */
function isPrivateRange(addr: string, prefix: number): boolean {
  const family = isIP(addr);
  const width = family === 4 ? 32 : 128;
  const bits = addressBits(addr);
  return PRIVATE_RANGES.some(([net, netPrefix]) => {
    if (isIP(net) !== family || prefix < netPrefix) return false;
    const shift = BigInt(width - netPrefix);
    return bits >> shift === addressBits(net) >> shift;
  });
}

/**
 * TRUST_PROXY: `off`, a hop count (`1`: one load balancer in front), or the proxies' addresses and
 * CIDRs. Trusting every hop would let a client's own X-Forwarded-For pick the address that limits
 * count, so there is no such setting, and a CIDR range must lie inside private, loopback or link-local
 * networks (`0.0.0.0/1,128.0.0.0/1` is every address); a single proxy's address may be public. `on`
 * means one hop, the usual single proxy. null: invalid.
 */
export function parseTrustProxy(raw: string): TrustProxy | null {
  const v = raw.trim().toLowerCase();
  if (['off', 'false', '0', 'no'].includes(v)) return false;
  if (v === 'on' || v === 'true') return 1;
  if (/^\d+$/.test(v)) return Number(v) <= 32 ? Number(v) : null;
  const items = v.split(',').map((s) => s.trim()).filter(Boolean);
  const valid = (item: string) => {
    if (PROXY_NAMES.has(item)) return true;
    const [addr = '', prefix, ...rest] = item.split('/');
    const family = isIP(addr);
    if (!family || rest.length) return false;
    const width = family === 4 ? 32 : 128;
    // one proxy's own address may be anywhere; a range of them only inside private networks
    if (prefix === undefined) return true;
    if (!/^\d+$/.test(prefix) || Number(prefix) > width) return false;
    return Number(prefix) === width || isPrivateRange(addr, Number(prefix));
  };
  return items.length > 0 && items.every(valid) ? items : null;
}

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
  /** where WhatsApp and SMS messages are written when no provider is set (docs/messaging.md) */
  channelOutboxDir: string;
  /** the WhatsApp and SMS providers (modules/messaging/channels/provider-config.ts); {} sends to the outbox */
  channels: ChannelSettings;
  /** the payment gateway (Razorpay; docs/payments-gateway.md); undefined: bills offer UPI and the UTR only */
  gateway: RazorpaySettings | undefined;
  /** where uploaded images and their renditions are kept (served under /images/) */
  imagesDir: string;
  jwtSecret: string;
  /** AES-256 keys of the TOTP secrets: the first seals, every one opens (TOTP_KEY; else derived from jwtSecret) */
  totpKeys: Buffer[];
  redisUrl: string | undefined;
  rateLimits: boolean;
  logLevel: string;
  /** Fastify's trustProxy: false, a hop count, or the proxies' addresses and CIDRs */
  trustProxy: TrustProxy;
  /** a login session ends this many days after the login, however often it is refreshed */
  sessionMaxDays: number;
  /** server processes `npm start` runs (the cluster module); 1: no cluster */
  workers: number;
  /** GET /metrics answers only with this bearer token; unset: /metrics is not served */
  metricsToken: string | undefined;
  /** the built web app (React Router's build/client); absent in API-only tests */
  webDist: string | undefined;
  /** the periods of the retention job and the grievance deadline (docs/personal-data.md) */
  privacy: { billsYears: number; reportsYears: number; guestContactDays: number; consentYears: number; grievanceDueDays: number };
  /** days a staff read of personal data stays in the read log (≥ 365) */
  readLogRetentionDays: number;
  /** the analysers' listener (docs/analysers.md); undefined: none */
  analysers: AnalyserSettings | undefined;
};

export interface AnalyserSettings {
  port: number;
  host: string;
  /** each analyser's name, the addresses it connects from, and where its orders go (null: orders off) */
  analysers: Array<{ name: string; addresses: string[]; orders: AnalyserOrders | null }>;
  /** how long an order waits for the instrument's acknowledgement before it is tried again later */
  ackTimeoutMs: number;
}

/** orders out to a host-query instrument (docs/analysers.md, decision 073): its own MLLP server, and the message type it takes */
export interface AnalyserOrders {
  type: 'ORM^O01' | 'OML^O21';
  host: string;
  port: number;
}

/** "ORM@10.0.0.5:5100" or "OML@[fe80::1]:5100" */
function ordersTarget(text: string): AnalyserOrders | null {
  const m = /^(ORM|OML)@(?:\[([0-9A-Fa-f:.]+)\]|([0-9.]+)):(\d{1,5})$/.exec(text);
  if (!m) return null;
  const host = m[2] ?? m[3]!;
  const port = Number(m[4]);
  if (isIP(host) === 0 || port < 1 || port > 65535) return null;
  return { type: m[1] === 'ORM' ? 'ORM^O01' : 'OML^O21', host, port };
}

/**
 * ANALYSERS: `NAME@address` entries separated by commas (`XN-1000@192.168.1.20,AU480@192.168.1.21`);
 * a name given twice connects from either address. An entry may end in `>ORM@host:port` or
 * `>OML@host:port`: the analyser takes orders (ORM^O01 or OML^O21) on its own MLLP server there
 * (`AU480@192.168.1.21>ORM@192.168.1.21:5100`); without it, orders to it are off. With ANALYSER_PORT, or neither.
 */
export function analyserSettings(port: number | undefined, host: string, list: string | undefined, ackTimeoutMs = 30_000): AnalyserSettings | undefined {
  const fail = (why: string) => new ConfigError(`Invalid configuration:\n  ${why}`);
  if (port === undefined && !list) return undefined;
  if (port === undefined) throw fail('ANALYSER_PORT: set the port the analysers connect to, or unset ANALYSERS');
  if (!list) throw fail('ANALYSERS: name the analysers that may connect, as NAME@address,NAME@address');
  const analysers: AnalyserSettings['analysers'] = [];
  for (const entry of list.split(',').map((s) => s.trim()).filter(Boolean)) {
    const arrow = entry.indexOf('>');
    const listen = arrow < 0 ? entry : entry.slice(0, arrow);
    const at = listen.lastIndexOf('@');
    const name = listen.slice(0, at);
    const address = listen.slice(at + 1);
    if (at < 1 || !/^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$/.test(name) || isIP(address) === 0) throw fail(`ANALYSERS: "${entry}" is not NAME@address (a name of letters, digits and . _ -; an IP address)`);
    const orders = arrow < 0 ? null : ordersTarget(entry.slice(arrow + 1));
    if (arrow >= 0 && !orders) throw fail(`ANALYSERS: "${entry}": after ">" give where its orders go, as ORM@host:port or OML@host:port (an IP address; a port from 1 to 65535)`);
    const known = analysers.find((a) => a.name === name);
    if (known && orders && known.orders && (known.orders.type !== orders.type || known.orders.host !== orders.host || known.orders.port !== orders.port)) {
      throw fail(`ANALYSERS: ${name} is given two places for its orders; give ">TYPE@host:port" once`);
    }
    if (known) {
      known.addresses.push(address);
      known.orders ??= orders;
    } else analysers.push({ name, addresses: [address], orders });
  }
  const taken = analysers.flatMap((a) => a.addresses);
  const twice = taken.find((a, i) => taken.indexOf(a) !== i);
  if (twice) throw fail(`ANALYSERS: ${twice} is given to two analysers; the listener knows an analyser by its address`);
  return { port, host, analysers, ackTimeoutMs };
}

export class ConfigError extends Error {}

/** the providers' variables, checked with the rest: a bad or partial setting stops the start naming the variable */
function channelSettings(env: NodeJS.ProcessEnv): ChannelSettings {
  try {
    return parseChannelSettings(env);
  } catch (err) {
    if (err instanceof ChannelConfigError) throw new ConfigError(err.message);
    throw err;
  }
}

/** the gateway's variables, checked with the rest: all of them or none */
function gatewaySettings(env: NodeJS.ProcessEnv): RazorpaySettings | undefined {
  try {
    return parseGatewaySettings(env);
  } catch (err) {
    if (err instanceof GatewayConfigError) throw new ConfigError(err.message);
    throw err;
  }
}

/**
 * WORKERS: PostgreSQL takes writes from many processes, so `auto` (the default there) runs one per
 * core, up to 4 (`auto` on SQLite is 1). SQLite has one writer: two processes writing at once fail each other's transactions
 * (a deferred transaction cannot wait its turn to write), and waiting for the lock would stop the whole
 * process inside a synchronous call; so SQLite runs one process, and asking for more is refused.
 */
function workerCount(setting: string | undefined, databaseUrl: string): number {
  const postgres = /^postgres(ql)?:\/\//.test(databaseUrl);
  if (!setting || setting === 'auto') return postgres ? Math.min(4, availableParallelism()) : 1;
  const n = Number(setting);
  if (!postgres && n > 1) throw new ConfigError('Invalid configuration:\n  WORKERS: more than one server process needs PostgreSQL (DATABASE_URL=postgres://…); SQLite runs as one process');
  return n;
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** The JWT secret is generated once and kept beside the SQLite data so tokens survive restarts. */
function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
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
  const jwtSecret = e.JWT_SECRET ?? persistentSecret(dataDir);
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
    channelOutboxDir: e.CHANNEL_OUTBOX_DIR ? path.resolve(repoRoot, e.CHANNEL_OUTBOX_DIR) : path.join(path.dirname(path.resolve(repoRoot, e.MAIL_OUTBOX_DIR)), 'channel-outbox'),
    channels: channelSettings(env),
    gateway: gatewaySettings(env),
    imagesDir: path.resolve(repoRoot, e.IMAGES_DIR),
    jwtSecret,
    // Unset: derived from the JWT secret like the app's other keys (reset links, cancel links), so a
    // JWT_SECRET change makes the stored secrets unreadable: README, Configuration, says how to rotate.
    totpKeys: e.TOTP_KEY ? e.TOTP_KEY.split(',').map((k) => Buffer.from(k, 'hex')) : [createHmac('sha256', jwtSecret).update('lab.second-factor.secrets').digest()],
    redisUrl: e.REDIS_URL,
    rateLimits: e.RATE_LIMITS,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    sessionMaxDays: e.SESSION_MAX_DAYS,
    metricsToken: e.METRICS_TOKEN,
    workers: workerCount(e.WORKERS, e.DATABASE_URL),
    privacy: { billsYears: e.RETENTION_BILLS_YEARS, reportsYears: e.RETENTION_REPORTS_YEARS, guestContactDays: e.RETENTION_GUEST_CONTACT_DAYS, consentYears: e.RETENTION_CONSENT_YEARS, grievanceDueDays: e.GRIEVANCE_DUE_DAYS },
    webDist: e.WEB_DIST ? path.resolve(repoRoot, e.WEB_DIST) : existsSync(defaultDist) ? defaultDist : undefined,
    readLogRetentionDays: e.READ_LOG_RETENTION_DAYS,
    analysers: analyserSettings(e.ANALYSER_PORT, e.ANALYSER_HOST, e.ANALYSERS, e.ANALYSER_ACK_TIMEOUT_MS),
  };
}

export { repoRoot };
