// How large a request body may be and how long the HTTP server waits for a client.

export const BODY_LIMIT = 64 * 1024;

export interface ServerTimeouts {
  /** the request line and headers must have arrived by then */
  headersMs: number;
  /** the whole request, body included (an image upload on a slow phone link fits) */
  requestMs: number;
  /** a connection with nothing sent either way (a client that stopped reading its answer) */
  idleMs: number;
  /** an idle keep-alive connection between requests: longer than a load balancer's idle timeout (60 s) */
  keepAliveMs: number;
}

/**
 * A client that sends a byte now and then holds a connection and a socket for as long as the server
 * lets it: none of these is unlimited (Fastify's requestTimeout is off by default). Decision 048.
 */
export const SERVER_TIMEOUTS: ServerTimeouts = { headersMs: 15_000, requestMs: 60_000, idleMs: 120_000, keepAliveMs: 72_000 };

/** Fastify's and Node's options for `t`; Node looks for late requests every `connectionsCheckingInterval` */
export function serverTimeouts(t: ServerTimeouts) {
  return {
    connectionTimeout: t.idleMs,
    keepAliveTimeout: t.keepAliveMs,
    requestTimeout: t.requestMs,
    http: { headersTimeout: t.headersMs, connectionsCheckingInterval: Math.min(5_000, Math.max(10, Math.floor(t.headersMs / 4))) },
  };
}
