// HTTP routes of the lab's details: GET /api/lab/ (public: what the lab prints on its door).
import { labDetailsSchema } from '@lab/contract';
import type { App } from '../../lib/context.ts';
import { labDetails } from './service.ts';

export default async function labRoutes(app: App): Promise<void> {
  app.get('/lab/', { schema: { response: { 200: labDetailsSchema } } }, () => labDetails(app.deps.db));
}
