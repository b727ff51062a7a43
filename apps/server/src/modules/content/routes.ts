// HTTP routes of the content domain: blogs, offers and careers (public, read-only).
import { blogSchema, careerSchema, errorSchema, offerSchema } from '@lab/contract';
import { z } from 'zod';
import type { App } from '../../lib/context.ts';
import * as service from './service.ts';

export default async function contentRoutes(app: App): Promise<void> {
  const { db } = app.deps;

  app.get('/blogs/', { schema: { response: { 200: z.array(blogSchema) } } }, () => service.listBlogs(db));

  app.get(
    '/blogs/:id/',
    { schema: { params: z.object({ id: z.string() }), response: { 200: blogSchema, 404: errorSchema } } },
    (request) => service.getBlog(db, request.params.id),
  );

  app.get('/offers/', { schema: { response: { 200: z.array(offerSchema) } } }, () => service.listOffers(db));

  app.get('/careers/', { schema: { response: { 200: z.array(careerSchema) } } }, () => service.listCareers(db));
}
