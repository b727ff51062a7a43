// Test factories shared by the API tests: a real app on a fresh database (SQLite in memory, or a
// schema of its own on the PostgreSQL of DATABASE_URL), with e-mail captured instead of sent.
import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { App } from '../src/lib/context.ts';
import type { MailMessage } from '../src/mail/mailer.ts';

export interface TestApp {
  app: App;
  mail: MailMessage[];
  close(): Promise<void>;
}

export const isPostgres = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '');

export async function makeApp(env: Record<string, string> = {}): Promise<TestApp> {
  const url = isPostgres ? process.env.DATABASE_URL! : ':memory:';
  const schema = isPostgres ? `t_${randomBytes(6).toString('hex')}` : undefined;
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
  const app = await buildApp(config, {
    logger: false,
    mailer: { send: async (m) => void mail.push(m) },
    db: schema ? { pgSchema: schema, poolSize: 5 } : {},
  });
  return {
    app,
    mail,
    async close() {
      await app.close();
      if (schema) {
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
