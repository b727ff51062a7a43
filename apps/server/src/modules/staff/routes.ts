// HTTP route of staff access as a whole: GET /api/staff/me, the caller's own role and the routes it may
// call (the console hides the rest), read from the one role table (access.ts).
import { staffMeSchema } from '@lab/contract';
import type { App } from '../../lib/context.ts';
import { routesAllowed } from './access.ts';
import { refusals } from './responses.ts';

export async function staffAccessRoutes(app: App): Promise<void> {
  // The access hook has just read the role.
  app.get('/me', { schema: { response: { 200: staffMeSchema, ...refusals } } }, (request) => ({
    staff_role: request.staffRole!,
    may: routesAllowed(request.staffRole!),
  }));
}
