// HTTP routes of home collection areas: GET /api/home-collection/pins/{pin}/ tells whether a PIN code
// is served (public: the booking page asks as the PIN is typed).
import { errorSchema, fieldErrorsSchema, servedPinParams, servedPinSchema } from '@lab/contract';
import type { App } from '../../lib/context.ts';
import { servedPin } from './service.ts';

export default async function homeCollectionRoutes(app: App): Promise<void> {
  app.get(
    '/home-collection/pins/:pin/',
    { schema: { params: servedPinParams, response: { 200: servedPinSchema, 400: fieldErrorsSchema, 404: errorSchema } } },
    (request) => servedPin(app.deps.db, request.params.pin),
  );
}
