// The samples module's long-lived part: the runner of the late-report notices (late-notice.ts), started as
// the app's options ask (it follows the retention jobs' option: tests run it by hand at their clock) and
// stopped on close.
import fp from 'fastify-plugin';
import { LateNoticeRunner } from './late-notice.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** this process's runner of the late-report notices (tests drive it with runDue()) */
    lateNotices: LateNoticeRunner;
  }
}

export const lateNoticePlugin = fp<{ jobs?: 'background' | 'manual' }>(
  async (app, options) => {
    const runner = new LateNoticeRunner({ ...app.deps, log: app.log });
    if ((options.jobs ?? 'background') === 'background') runner.start();
    app.addHook('onClose', async () => runner.stop());
    app.decorate('lateNotices', runner);
  },
  { name: 'late-notices' },
);
