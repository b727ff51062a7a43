// The analysers' listener as part of the app: started when ANALYSER_PORT and ANALYSERS are set
// (docs/analysers.md), closed before the database (onClose hooks run last-registered first).
import fp from 'fastify-plugin';
import { type AnalyserListener, startAnalyserListener } from './listener.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** the MLLP listener, when configured (tests read its port) */
    analyserListener: AnalyserListener | null;
  }
}

export const analyserPlugin = fp(
  async (app) => {
    const settings = app.deps.config.analysers;
    const listener = settings ? await startAnalyserListener({ db: app.deps.db, log: app.log }, settings) : null;
    if (listener) app.addHook('onClose', async () => listener.close());
    app.decorate('analyserListener', listener);
  },
  { name: 'analysers' },
);
