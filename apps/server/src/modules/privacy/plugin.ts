// The privacy module's long-lived parts: the daily retention runner (retention.ts) and the staff read
// log's writer (access-log.ts), each created here, decorated and stopped on close.
import fp from 'fastify-plugin';
import { ReadLog } from './access-log.ts';
import { RetentionRunner } from './retention.ts';

declare module '../../lib/context.ts' {
  interface Deps {
    /** the staff read log's writer: entries written together, off the request (decision 040) */
    readLog: ReadLog;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** this process's runner of the daily retention tasks (tests drive it with runDue()) */
    retention: RetentionRunner;
  }
}

export interface RetentionPluginOptions {
  /** the daily retention job: 'background' (the server's way) or 'manual' (tests call app.retention.runDue()) */
  retentionJobs?: 'background' | 'manual';
}

export const retentionPlugin = fp<RetentionPluginOptions>(
  async (app, options) => {
    const retention = new RetentionRunner({ ...app.deps, log: app.log });
    if ((options.retentionJobs ?? 'background') === 'background') retention.start();
    app.addHook('onClose', async () => retention.stop());
    app.decorate('retention', retention);
  },
  { name: 'retention' },
);

/** Register after the hook that closes the database: onClose hooks run last-registered first, so the log's last entries are written before the database closes (decision 040). */
export const readLogPlugin = fp(
  async (app) => {
    const readLog = new ReadLog(app.deps.db, app.deps.dialect, (err) => app.log.error({ err }, 'staff read log: a write failed; its entries are kept for the next one'));
    app.addHook('onClose', async () => readLog.close());
    app.deps.readLog = readLog;
  },
  { name: 'read-log' },
);
