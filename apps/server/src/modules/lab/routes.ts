// HTTP routes of the lab's details: GET /api/lab/ (public: what the lab prints on its door; `?lang=hi`
// for the grievance officer and the address in Hindi, docs/i18n.md), answered with a strong ETag per
// language, so a page that asks again gets a 304 until an admin edits the record; and for an admin, the
// record as the editor reads it (GET /api/staff/lab) and its replacement (PUT).
import { fieldErrorsSchema, labDetailsInputSchema, labDetailsSchema, languageQuerySchema, staffLabDetailsSchema } from '@lab/contract';
import fresh from 'fresh';
import { z } from 'zod';
import type { App } from '../../lib/context.ts';
import { actor, refusals } from '../staff/responses.ts';
import { publicLabDetails, staffLabDetails, updateLabDetails } from './service.ts';

export default async function labRoutes(app: App): Promise<void> {
  app.get('/lab/', { schema: { querystring: languageQuerySchema, response: { 200: labDetailsSchema, 304: z.undefined(), 400: fieldErrorsSchema } } }, async (request, reply) => {
    const { details, etag } = await publicLabDetails(app.deps.db, request.query.lang);
    // The same for everyone; kept, but asked about again before each use, so an edit shows at once.
    reply.header('cache-control', 'public, no-cache');
    reply.header('etag', `"${etag}"`);
    if (request.headers['if-none-match'] && fresh(request.headers, { etag: `"${etag}"` })) return reply.code(304).send(undefined);
    return details;
  });
}

export async function labStaffRoutes(app: App): Promise<void> {
  const { db } = app.deps;
  app.get('/lab', { schema: { response: { 200: staffLabDetailsSchema, ...refusals } } }, () => staffLabDetails(db));
  app.put('/lab', { schema: { body: labDetailsInputSchema, response: { 200: staffLabDetailsSchema, ...refusals } } }, (request) =>
    updateLabDetails(db, actor(request), request.body),
  );
}
