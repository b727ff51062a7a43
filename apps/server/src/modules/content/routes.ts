// HTTP routes of the content domain: blogs, offers and careers (public, read-only; `?lang=hi` for Hindi where written).
import { blogSchema, careerSchema, errorSchema, fieldErrorsSchema, languageQuerySchema, offerSchema } from '@lab/contract';
import { z } from 'zod';
import type { App } from '../../lib/context.ts';
import * as service from './service.ts';

export default async function contentRoutes(app: App): Promise<void> {
  const { db } = app.deps;

  const querystring = languageQuerySchema;
  app.get('/blogs/', { schema: { querystring, response: { 200: z.array(blogSchema), 400: fieldErrorsSchema } } }, (request) => service.listBlogs(db, request.query.lang));

  app.get(
    '/blogs/:id/',
    { schema: { params: z.object({ id: z.string() }), querystring, response: { 200: blogSchema, 400: fieldErrorsSchema, 404: errorSchema } } },
    (request) => service.getBlog(db, request.params.id, request.query.lang),
  );

  app.get('/offers/', { schema: { querystring, response: { 200: z.array(offerSchema), 400: fieldErrorsSchema } } }, (request) => service.listOffers(db, undefined, request.query.lang));

  app.get('/careers/', { schema: { querystring, response: { 200: z.array(careerSchema), 400: fieldErrorsSchema } } }, (request) => service.listCareers(db, request.query.lang));
}
