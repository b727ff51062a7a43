// HTTP routes of the content domain: blogs, offers and careers (public, read-only; `?lang=hi` for Hindi
// where written); for the staff, blog posts (drafts included; publish by PATCH {published}) and careers.
import {
  blogInputSchema,
  blogSchema,
  blogUpdateSchema,
  careerInputSchema,
  careerSchema,
  careerUpdateSchema,
  errorSchema,
  fieldErrorsSchema,
  languageQuerySchema,
  offerSchema,
  staffBlogListSchema,
  staffBlogSchema,
  staffCareerListSchema,
  staffCareerSchema,
} from '@lab/contract';
import { z } from 'zod';
import type { App } from '../../lib/context.ts';
import { actor, idParam, refusals } from '../staff/responses.ts';
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

/**
 * A blog holds up to 50,000 characters (UTF-16 units) in any script: Hindi is 3 bytes a unit in UTF-8,
 * and 6 when a client escapes it as \uXXXX, so ~300 KB with the title. Only these routes take that
 * much; every other route keeps the app's small limit.
 */
export const CONTENT_BODY_LIMIT = 320 * 1024;

export async function contentStaffRoutes(app: App): Promise<void> {
  const { db } = app.deps;
  const bodyLimit = CONTENT_BODY_LIMIT;

  app.get('/blogs', { schema: { response: { 200: staffBlogListSchema, ...refusals } } }, () => service.listStaffBlogs(db));
  app.post('/blogs', { bodyLimit, schema: { body: blogInputSchema, response: { 201: staffBlogSchema, ...refusals } } }, async (request, reply) =>
    reply.code(201).send(await service.createBlog(db, actor(request), request.body)),
  );
  app.patch('/blogs/:id', { bodyLimit, schema: { params: idParam, body: blogUpdateSchema, response: { 200: staffBlogSchema, ...refusals } } }, (request) =>
    service.updateBlog(db, actor(request), request.params.id, request.body),
  );
  app.delete('/blogs/:id', { schema: { params: idParam, response: { 204: z.null(), ...refusals } } }, async (request, reply) => {
    await service.deleteBlog(db, actor(request), request.params.id);
    return reply.code(204).send(null);
  });

  app.get('/careers', { schema: { response: { 200: staffCareerListSchema, ...refusals } } }, () => service.listStaffCareers(db));
  app.post('/careers', { bodyLimit, schema: { body: careerInputSchema, response: { 201: staffCareerSchema, ...refusals } } }, async (request, reply) =>
    reply.code(201).send(await service.createCareer(db, actor(request), request.body)),
  );
  app.patch('/careers/:id', { bodyLimit, schema: { params: idParam, body: careerUpdateSchema, response: { 200: staffCareerSchema, ...refusals } } }, (request) =>
    service.updateCareer(db, actor(request), request.params.id, request.body),
  );
}
