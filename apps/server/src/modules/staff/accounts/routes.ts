// Staff routes of staff accounts (admin): the list, giving an existing account a staff role, and
// changing a role, a pathologist's qualification and registration number, or deactivating (role null).
import { idParam, staffAccountCreateSchema, staffAccountListSchema, staffAccountSchema, staffAccountUpdateSchema } from '@lab/contract';
import type { App } from '../../../lib/context.ts';
import { actor, refusals } from '../responses.ts';
import { grantStaffRole, listStaffAccounts, updateStaffAccount } from './service.ts';

export default async function accountRoutes(app: App): Promise<void> {
  const { db } = app.deps;

  app.get('/accounts', { schema: { response: { 200: staffAccountListSchema, ...refusals } } }, () => listStaffAccounts(db));

  app.post('/accounts', { schema: { body: staffAccountCreateSchema, response: { 201: staffAccountSchema, ...refusals } } }, async (request, reply) =>
    reply.code(201).send(await grantStaffRole(db, actor(request), request.body)),
  );

  app.patch('/accounts/:id', { schema: { params: idParam, body: staffAccountUpdateSchema, response: { 200: staffAccountSchema, ...refusals } } }, (request) =>
    updateStaffAccount(db, actor(request), request.params.id, request.body),
  );
}
