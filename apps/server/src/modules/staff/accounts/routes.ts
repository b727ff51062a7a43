// Staff routes about staff accounts: resetting another staff member's second factor (a lost phone),
// audited; they set up their authenticator app again at their next sign-in.
import { errorSchema, idParam, messageSchema, SECOND_FACTOR_RESET } from '@lab/contract';
import type { App } from '../../../lib/context.ts';
import { reset } from '../../second-factor/service.ts';
import { actor, refusals } from '../responses.ts';

export default async function accountRoutes(app: App): Promise<void> {
  app.delete(
    '/accounts/:id/second-factor',
    { schema: { params: idParam, response: { 200: messageSchema, ...refusals, 404: errorSchema } } },
    async (request) => {
      await reset(app.deps, actor(request), request.params.id);
      return { message: SECOND_FACTOR_RESET };
    },
  );
}
