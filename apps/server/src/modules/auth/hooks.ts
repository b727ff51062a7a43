// Bearer tokens. `authenticate` runs on every /api request: a request that carries a bearer token
// that is not valid (forged, expired, revoked by logout or a password change) is refused with 401
// on every route, even where a guest is welcome, so a client renews and retries instead of silently
// acting as a guest. Routes that trade credentials (login, refresh, logout, …) never read the caller
// and set `config.ignoresBearer`. `requireAuth` refuses a request without a caller; `requireStaff`
// also refuses a patient with 403.
import { m } from '@lab/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { findRole } from './queries.ts';
import { forbidden, unauthorized } from '../../lib/errors.ts';

export const TOKEN_INVALID = m('auth.token_expired');

declare module 'fastify' {
  interface FastifyContextConfig {
    /** the route never reads the caller, so a stale token sent along is not refused */
    ignoresBearer?: boolean;
  }
}

export async function authenticate(request: FastifyRequest): Promise<void> {
  request.auth = null;
  const header = request.headers.authorization;
  if (header === undefined || request.routeOptions.config?.ignoresBearer) return;
  const m = /^Bearer\s+(\S*)$/i.exec(header);
  // Another scheme (e.g. Basic from a proxy) is not ours to judge: no caller.
  if (!m) return;
  const { tokens, tokenVersions } = request.server.deps;
  const claims = m[1] ? await tokens.verifyAccess(m[1]) : null;
  if (!claims) throw unauthorized(TOKEN_INVALID);
  if ((await tokenVersions.current(claims.userId)) !== claims.version) throw unauthorized(TOKEN_INVALID);
  request.auth = claims;
}

export async function requireAuth(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!request.auth) throw unauthorized(m('auth.no_credentials'));
}

export async function requireStaff(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await requireAuth(request, reply);
  // The role in the token is checked against the database so a demoted account loses access at once.
  const role = await findRole(request.server.deps.db, request.auth!.userId);
  if (!role) throw unauthorized(TOKEN_INVALID);
  if (role !== 'staff') throw forbidden();
  // Staff data only after the second sign-in step (TOTP): a stolen password alone opens nothing here.
  if (!request.auth!.mfa) throw forbidden(m('second_factor.required'));
}

/** the caller's user id; only after requireAuth */
export function userId(request: FastifyRequest): number {
  if (!request.auth) throw unauthorized();
  return request.auth.userId;
}
