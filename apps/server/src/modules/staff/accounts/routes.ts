// Staff routes of staff accounts: the caller's own role and what it may do (every role); for an admin, the list, giving an existing account a staff role, changing
// a role, a pathologist's qualification and registration number, or deactivating (role null); and
// resetting another staff member's second factor (a lost phone), audited: they set up their
// authenticator app again at their next sign-in.
import {
  errorSchema,
  idParam,
  messageSchema,
  SECOND_FACTOR_RESET,
  staffAccountCreateSchema,
  staffAccountListSchema,
  staffAccountSchema,
  staffAccountUpdateSchema,
  staffMeSchema,
} from '@lab/contract';
import type { App } from '../../../lib/context.ts';
import { routesAllowed } from '../access.ts';
import { reset } from '../../second-factor/service.ts';
import { actor, refusals } from '../responses.ts';
import { grantStaffRole, listStaffAccounts, updateStaffAccount } from './service.ts';

export default async function accountRoutes(app: App): Promise<void> {
  const { db } = app.deps;

  // The caller's own role and what it may call: the access hook has just read the role.
  app.get('/me', { schema: { response: { 200: staffMeSchema, ...refusals } } }, (request) => ({
    staff_role: request.staffRole!,
    may: routesAllowed(request.staffRole!),
  }));

  app.get('/accounts', { schema: { response: { 200: staffAccountListSchema, ...refusals } } }, () => listStaffAccounts(db));

  app.post('/accounts', { schema: { body: staffAccountCreateSchema, response: { 201: staffAccountSchema, ...refusals } } }, async (request, reply) =>
    reply.code(201).send(await grantStaffRole(db, actor(request), request.body)),
  );

  app.patch('/accounts/:id', { schema: { params: idParam, body: staffAccountUpdateSchema, response: { 200: staffAccountSchema, ...refusals } } }, (request) =>
    updateStaffAccount(db, actor(request), request.params.id, request.body),
  );

  app.delete(
    '/accounts/:id/second-factor',
    { schema: { params: idParam, response: { 200: messageSchema, ...refusals, 404: errorSchema } } },
    async (request) => {
      await reset(app.deps, actor(request), request.params.id);
      return { message: SECOND_FACTOR_RESET };
    },
  );
}
