// Test factories shared by the API tests: a real app on a fresh database (SQLite in memory, or a
// schema of its own on the PostgreSQL of DATABASE_URL), with e-mail captured instead of sent.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { type CompiledQuery as Compiled, CompiledQuery, type Kysely, Migrator } from 'kysely';
import { PDFParse } from 'pdf-parse';
import { buildApp, type BuildOptions } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createDb } from '../src/db/index.ts';
import { migrationsFor } from '../src/db/migrations/index.ts';
import type { App } from '../src/lib/context.ts';
import { withCalendar } from '../src/modules/messaging/mailer.ts';
import { writeWholeFile } from '../src/lib/whole-file.ts';
import type { MailMessage } from '../src/modules/messaging/message.ts';
import { proofLink } from '../src/modules/auth/service.ts';
import { logIn, type NewUser, type Post, registerUser } from '../../../test-support/users.ts';

export interface TestApp {
  app: App;
  mail: MailMessage[];
  /** every route registered, as `METHOD /url` (HEAD routes Fastify adds by itself left out) */
  routes: string[];
  close(): Promise<void>;
  /** where its data lives, for a second app on the same database */
  database: { url: string; schema: string | undefined };
}

export const isPostgres = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '');

/** each test app's captured e-mails, for the account factory (proveAddress) */
const mailOf = new WeakMap<App, MailMessage[]>();

/** a clock the test moves on by hand, so limits can be seen to release without waiting */
export class TestClock {
  constructor(public ms = Date.now()) {}
  now(): number {
    return this.ms;
  }
  advance(ms: number): void {
    this.ms += ms;
  }
}

export interface MakeAppOptions {
  /** the clock of the booking rules, for a test that must not depend on the time it runs at */
  now?: () => Date;
  /** a clock the test moves on by hand (limits, second-factor codes) */
  clock?: TestClock;
  logger?: object;
  /** runs on the database of another test app (as a second server process would); it drops nothing */
  shareDatabaseOf?: TestApp;
  /** SQLite in a file rather than in memory, so a second app can open it */
  sqliteFile?: boolean;
  /** serve this web build (its client folder), for tests of the rendered pages; none by default */
  webDist?: string;
  /** e-mail jobs: delivered before each API answer (the default, so `mail` holds what a call sent), or only by app.mailJobs.runDue() */
  mailJobs?: 'after-each-request' | 'manual';
  mailRunner?: BuildOptions['mailRunner'];
}

export async function makeApp(env: Record<string, string> = {}, options: MakeAppOptions = {}): Promise<TestApp> {
  const shared = options.shareDatabaseOf?.database;
  const url =
    shared?.url ??
    (isPostgres ? process.env.DATABASE_URL! : options.sqliteFile ? `file:${path.join(mkdtempSync(path.join(tmpdir(), 'lab-test-')), 'lab.db')}` : ':memory:');
  const schema = shared ? shared.schema : isPostgres ? `t_${randomBytes(6).toString('hex')}` : undefined;
  const config = {
    ...loadConfig({
      DATABASE_URL: url,
      JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
      RATE_LIMITS: 'on',
      PUBLIC_URL: 'http://lab.test',
      // WhatsApp and SMS with no provider write JSON files: never into the repository's data folder
      CHANNEL_OUTBOX_DIR: path.join(tmpdir(), `lab-test-channel-outbox-${process.pid}`),
      ...env,
    }),
    webDist: options.webDist,
  };
  const mail: MailMessage[] = [];
  const routes: string[] = [];
  const app = await buildApp(config, {
    onRoute: (route) => {
      for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push(`${method} ${route.url}`);
    },
    logger: options.logger ?? false,
    clock: options.clock,
    // as the mail thread composes it: the calendar event made into its attachment
    // and the phone outbox's files handed to it (Mailer.writeFile), as the mail thread is handed them
    mailer: { send: async (m) => void mail.push(withCalendar(m)), writeFile: (file, data) => writeWholeFile(file, data, 0o600) },
    mailJobs: options.mailJobs ?? 'after-each-request',
    // Retention runs only when a test asks (app.retention.runDue()), at the test's clock.
    retentionJobs: 'manual',
    ...(options.mailRunner ? { mailRunner: options.mailRunner } : {}),
    ...(options.now ? { now: options.now } : {}),
    db: schema ? { pgSchema: schema, poolSize: 5 } : {},
  });
  mailOf.set(app, mail);
  return {
    app,
    mail,
    database: { url, schema },
    routes,
    async close() {
      // The schema itself is dropped after the whole run (test/drop-schemas.ts).
      await app.close();
    },
  };
}

export function json<T = any>(res: LightMyRequestResponse): T {
  return res.json() as T;
}

export { istDate, unique, weekdayIst } from '../../../test-support/users.ts';
export { closedDate, lastOpenDate, openDate, spreadVisit } from '../../../test-support/dates.ts';

export interface Account extends NewUser {
  access: string;
  refresh: string;
  id: number;
}

/**
 * The shared factory's view of the app: POSTs through inject, from an address of its own, so the
 * per-address limits on register and login (RATE_LIMITS is on in tests) never trip however many
 * accounts a test file makes.
 */
export function poster(app: App): Post {
  const remoteAddress = `10.${randomBytes(1)[0]! % 250}.${randomBytes(1)[0]!}.${(randomBytes(1)[0]! % 250) + 1}`;
  return async (url, payload) => {
    const res = await app.inject({ method: 'POST', url, payload, remoteAddress });
    return { status: res.statusCode, body: res.json() };
  };
}

/**
 * registers and logs in a patient through the real API (the factory the browser tests use too). The
 * patient proves the address, as one who opened the proof e-mail (decision 049), unless `proven: false`.
 */
export async function createUser(app: App, overrides: Partial<NewUser> = {}, options: { proven?: boolean } = {}): Promise<Account> {
  const post = poster(app);
  const user = await registerUser(post, overrides);
  if (options.proven ?? true) await proveAddress(app, user.id);
  const { tokens } = await logIn(post, user);
  return { ...user, access: tokens.access, refresh: tokens.refresh };
}

export const bearer = (a: { access: string }) => ({ authorization: `Bearer ${a.access}` });

/** the link of the account's proof e-mail, as its parts (decision 049) */
export async function proofLinkOf(app: App, userId: number): Promise<{ uidb64: string; token: string }> {
  const user = await app.deps.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
  const [uidb64, token] = proofLink(app.deps, user).split('/').slice(-2) as [string, string];
  return { uidb64, token };
}

/**
 * proves the account's address through the real API, as its owner opening the proof link; the proof
 * e-mail the registration sent is taken out of the app's `mail`, so a test sees only what its own calls sent
 */
export async function proveAddress(app: App, userId: number): Promise<void> {
  const res = await poster(app)('/api/users/verify-email/', await proofLinkOf(app, userId));
  if (res.status !== 200) throw new Error(`proving the address failed: ${res.status} ${JSON.stringify(res.body)}`);
  const mail = mailOf.get(app);
  for (let i = mail ? mail.length - 1 : -1; i >= 0; i--) if ((mail![i]!.text ?? '').includes('/verify-email/')) mail!.splice(i, 1);
}

/**
 * Runs `check` on a database of its own migrated up to `upTo` (a fresh in-memory SQLite, or a fresh
 * schema of DATABASE_URL's PostgreSQL, dropped afterwards): for tests of a migration on existing data.
 */
export async function withDatabaseAt(upTo: string, check: (database: Awaited<ReturnType<typeof createDb>>) => Promise<void>): Promise<void> {
  const schema = isPostgres ? `m_${randomBytes(6).toString('hex')}` : undefined;
  const database = await createDb(isPostgres ? process.env.DATABASE_URL! : ':memory:', schema ? { pgSchema: schema, poolSize: 2 } : {});
  try {
    const migrations = migrationsFor(database.dialect);
    const migrator = new Migrator({ db: database.db, provider: { getMigrations: async () => migrations }, ...(schema ? { migrationTableSchema: schema } : {}) });
    const { error } = await migrator.migrateTo(upTo);
    if (error) throw error;
    await check(database);
  } finally {
    // The schema itself is dropped after the whole run (test/drop-schemas.ts).
    await database.close();
  }
}

/** how many database queries the app has run so far (its metrics count every one) */
export async function queriesRun(t: TestApp): Promise<number> {
  const metric = await t.app.deps.metrics.registry.getSingleMetric('db_query_duration_seconds')!.get();
  return (metric.values as { metricName?: string; value: number }[]).filter((v) => v.metricName === 'db_query_duration_seconds_count').reduce((n, v) => n + v.value, 0);
}

/** the text of a PDF, as a reader's copy-and-paste would give it */
export async function pdfText(body: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(body) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

/**
 * The plan the database makes for a compiled query, as text: PostgreSQL's EXPLAIN with sequential scans
 * turned off (a small test table would otherwise be scanned, which says nothing of a big one), SQLite's
 * EXPLAIN QUERY PLAN. Tests of reads that must stay a range of an index match it.
 */
export async function queryPlan(db: Kysely<any>, compiled: Compiled): Promise<string> {
  if (isPostgres) {
    return db.transaction().execute(async (trx) => {
      await trx.executeQuery(CompiledQuery.raw('set local enable_seqscan = off'));
      const rows = await trx.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain ${compiled.sql}`, [...compiled.parameters]));
      return rows.rows.map((r) => r['QUERY PLAN']).join('\n');
    });
  }
  const rows = await db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]));
  return rows.rows.map((r) => r.detail).join('\n');
}
