// Staff routes of the lab's details (admin): the record as the editor reads it, and its replacement.
import { labDetailsInputSchema, staffLabDetailsSchema } from '@lab/contract';
import type { App } from '../../../lib/context.ts';
import { staffLabDetails, updateLabDetails } from '../../lab/service.ts';
import { actor, refusals } from '../responses.ts';

export default async function labDetailsRoutes(app: App): Promise<void> {
  const { db } = app.deps;
  app.get('/lab', { schema: { response: { 200: staffLabDetailsSchema, ...refusals } } }, () => staffLabDetails(db));
  app.put('/lab', { schema: { body: labDetailsInputSchema, response: { 200: staffLabDetailsSchema, ...refusals } } }, (request) =>
    updateLabDetails(db, actor(request), request.body),
  );
}
