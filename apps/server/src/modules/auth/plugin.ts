// The auth module's long-lived part and its hook: the token versions (a cache in Redis or this process)
// and the check of the bearer token on every /api request (hooks.ts).
import fp from 'fastify-plugin';
import { authenticate } from './hooks.ts';
import { TokenVersions } from './token-versions.ts';

declare module '../../lib/context.ts' {
  interface Deps {
    tokenVersions: TokenVersions;
  }
}

export interface AuthPluginOptions {
  /** the start of this deployment's keys in Redis (lib/counters.ts, redisNamespace) */
  redisNamespace: string;
}

export const authPlugin = fp<AuthPluginOptions>(
  async (app, options) => {
    const { deps } = app;
    deps.tokenVersions = new TokenVersions(
      deps,
      `${options.redisNamespace}tv:`,
      (err) => app.log.error({ err }, 'token versions: Redis is not answering; reading the database'),
      deps.dialect === 'sqlite' && deps.config.workers === 1,
    );
    app.decorateRequest('auth', null);
    app.addHook('onRequest', async (request) => {
      if (request.url.startsWith('/api/')) await authenticate(request);
    });
  },
  { name: 'auth' },
);
