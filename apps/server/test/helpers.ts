// Test factories shared by the API tests: a real app on a fresh database (SQLite in memory, or a
// schema of its own on the PostgreSQL of DATABASE_URL), with e-mail captured instead of sent.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { App } from '../src/lib/context.ts';
import type { MailMessage } from '../src/mail/mailer.ts';

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
  clock?: TestClock;
  logger?: object;
  /** runs on the database of another test app (as a second server process would); it drops nothing */
  shareDatabaseOf?: TestApp;
  /** SQLite in a file rather than in memory, so a second app can open it */
  sqliteFile?: boolean;
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
      ...env,
    }),
    webDist: undefined,
  };
  const mail: MailMessage[] = [];
  const routes: string[] = [];
  const app = await buildApp(config, {
    onRoute: (route) => {
      for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push(`${method} ${route.url}`);
    },
    logger: options.logger ?? false,
    clock: options.clock,
    mailer: { send: async (m) => void mail.push(m) },
    db: schema ? { pgSchema: schema, poolSize: 5 } : {},
  });
  return {
    app,
    mail,
    database: { url, schema },
    routes,
    async close() {
      await app.close();
      if (schema && !shared) {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        await client.query(`DROP SCHEMA "${schema}" CASCADE`);
        await client.end();
      }
    },
  };
}

export function json<T = any>(res: LightMyRequestResponse): T {
  return res.json() as T;
}

let counter = 0;
/** a unique suffix for usernames and e-mails within a run */
export function unique(prefix = 'u'): string {
  counter++;
  return `${prefix}${Date.now().toString(36)}${counter}${randomBytes(2).toString('hex')}`;
}

export interface Account {
  username: string;
  password: string;
  email: string;
  first_name: string;
  last_name: string;
  access: string;
  refresh: string;
  id: number;
}

/** registers and logs in a patient through the real API */
export async function createUser(app: App, overrides: Partial<Omit<Account, 'access' | 'refresh' | 'id'>> = {}): Promise<Account> {
  const id = unique();
  const data = {
    username: `user_${id}`,
    // Not derived from the username: Django's similarity rule would refuse it once the id grows.
    password: `Lab-pass-${randomBytes(5).toString('hex')}!`,
    email: `user_${id}@example.com`,
    first_name: 'Asha',
    last_name: 'Rao',
    ...overrides,
  };
  // Each account comes from an address of its own, so per-address limits on register and login
  // (RATE_LIMITS is on in tests) never trip however many accounts a test file makes.
  const remoteAddress = `10.${counter % 250}.${randomBytes(1)[0]!}.${(randomBytes(1)[0]! % 250) + 1}`;
  const reg = await app.inject({ method: 'POST', url: '/api/users/register/', payload: data, remoteAddress });
  if (reg.statusCode !== 201) throw new Error(`register failed: ${reg.statusCode} ${reg.body}`);
  const login = await app.inject({ method: 'POST', url: '/api/users/login/', payload: { username: data.username, password: data.password }, remoteAddress });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.statusCode} ${login.body}`);
  const body = login.json();
  return { ...data, access: body.tokens.access, refresh: body.tokens.refresh, id: reg.json().id };
}

export const bearer = (a: { access: string }) => ({ authorization: `Bearer ${a.access}` });

/** a date in India a number of days from today, as YYYY-MM-DD */
export function istDate(days = 1): string {
  return new Date(Date.now() + 330 * 60_000 + days * 86_400_000).toISOString().slice(0, 10);
}
