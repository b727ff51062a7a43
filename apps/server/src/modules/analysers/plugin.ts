// The analysers' listener as part of the app: started when ANALYSER_PORT and ANALYSERS are set
// (docs/analysers.md), closed before the database (onClose hooks run last-registered first); and the
// delivery of orders out, for analysers that take them (orders.ts).
import fp from 'fastify-plugin';
import { type AnalyserListener, startAnalyserListener } from './listener.ts';
import { ORDER_CHANNEL, orderHandler } from './orders.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** the MLLP listener, when configured (tests read its port) */
    analyserListener: AnalyserListener | null;
  }
}

export const analyserPlugin = fp(
  async (app) => {
    const settings = app.deps.config.analysers;
    // Orders out (orders.ts) are jobs of the messaging module's runner, on a channel of their own; handled
    // even with orders off, so an order queued before the configuration changed is settled, not stuck.
    app.mailJobs.handle(ORDER_CHANNEL, orderHandler({ db: app.deps.db, settings, log: app.log.child({ module: 'analyser-orders' }), now: app.deps.now }));
    const listener = settings ? await startAnalyserListener({ db: app.deps.db, log: app.log }, settings) : null;
    if (listener) app.addHook('onClose', async () => listener.close());
    app.decorate('analyserListener', listener);
  },
  { name: 'analysers', dependencies: ['messaging'] },
);
