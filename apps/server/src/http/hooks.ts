// Hooks every answer goes through, whatever module answers it: security headers, no caching of API
// answers by default, and connections closed while the server shuts down.
import fp from 'fastify-plugin';
import { cspDirectives } from '../lib/csp.ts';
import { securityHeaders } from '../lib/security-headers.ts';

/**
 * Shutting down, a request already in flight is answered, then its connection closed: kept alive,
 * it would hold close() (which waits for every connection) until the grace period ran out. Fastify
 * closes the connections idle when close() starts; this covers those busy then.
 */
export const closeConnectionsOnShutdown = fp(
  async (app) => {
    let closing = false;
    app.addHook('preClose', async () => {
      closing = true;
    });
    app.addHook('onSend', async (_request, reply) => {
      if (closing) reply.header('connection', 'close');
    });
  },
  { name: 'close-connections-on-shutdown' },
);

/**
 * Answers of the API carry personal data or tokens unless a route says otherwise (the public
 * catalogue does): nothing is kept by the browser or a shared cache by default.
 */
export const noStoreByDefault = fp(
  async (app) => {
    app.addHook('onSend', async (request, reply) => {
      if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    });
  },
  { name: 'no-store-by-default' },
);

export const securityHeadersOnEveryAnswer = fp(
  async (app) => {
    const headers = securityHeaders({
      contentSecurityPolicy: { useDefaults: false, directives: cspDirectives },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      // HTTPS is terminated in front of us; HSTS there, not on plain-HTTP localhost.
      strictTransportSecurity: false,
      crossOriginEmbedderPolicy: false,
    });
    app.addHook('onRequest', async (_request, reply) => {
      reply.headers(headers);
    });
  },
  { name: 'security-headers' },
);
