// Bearer-token hooks for routes: `optionalAuth` reads a token when one is sent, `requireAuth` refuses
// a missing, expired or forged one with 401, `requireStaff` also refuses a patient with 403.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { findRole } from '../modules/auth/queries.ts';
import { forbidden, unauthorized } from './errors.ts';

function bearer(request: FastifyRequest): string | null {
  const h = request.headers.authorization;
  if (!h) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(h);
  return m?.[1] ?? '';
}

export async function optionalAuth(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const token = bearer(request);
  // A stale token on a public call is ignored, not refused: a guest can always browse and book.
  request.auth = token ? await request.server.deps.tokens.verifyAccess(token) : null;
}

export async function requireAuth(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const token = bearer(request);
  if (!token) throw unauthorized('Authentication credentials were not provided.');
  const claims = await request.server.deps.tokens.verifyAccess(token);
  if (!claims) throw unauthorized('Given token not valid or expired.');
  request.auth = claims;
}

export async function requireStaff(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await requireAuth(request, reply);
  // The role in the token is checked against the database so a demoted account loses access at once.
  const role = await findRole(request.server.deps.db, request.auth!.userId);
  if (!role) throw unauthorized('Given token not valid or expired.');
  if (role !== 'staff') throw forbidden();
}

/** the caller's user id; only after requireAuth */
export function userId(request: FastifyRequest): number {
  if (!request.auth) throw unauthorized();
  return request.auth.userId;
}
