// Staff routes of staff accounts, for an admin: the list, giving an existing account a staff role,
// changing a role, a pathologist's qualification and registration number, or deactivating (role null);
// and resetting another staff member's second factor (a lost phone), audited: they set up their
// authenticator app again at their next sign-in. The caller's own role (GET /api/staff/me) is the
// staff module's (modules/staff/routes.ts).
import {
  errorSchema,
  idParam,
  messageSchema,
  SECOND_FACTOR_RESET,
  staffAccountCreateSchema,
  staffAccountListSchema,
  staffAccountSchema,
  staffAccountUpdateSchema,
} from '@lab/contract';
import type { App } from '../../lib/context.ts';
import { reset } from '../second-factor/service.ts';
import { actor, refusals } from '../staff/responses.ts';
import { grantStaffRole, listStaffAccounts, updateStaffAccount } from './service.ts';

export async function staffAccountRoutes(app: App): Promise<void> {
  const { db } = app.deps;

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
