// Staff routes of the content: blog posts (drafts included; publish by PATCH {published}) and careers.
import {
  blogInputSchema,
  blogUpdateSchema,
  careerInputSchema,
  careerUpdateSchema,
  staffBlogListSchema,
  staffBlogSchema,
  staffCareerListSchema,
  staffCareerSchema,
} from '@lab/contract';
import { z } from 'zod';
import type { App } from '../../../lib/context.ts';
import * as s from './service.ts';
import { actor, idParam, refusals } from '../responses.ts';

/**
 * A blog holds up to 50,000 characters (UTF-16 units) in any script: Hindi is 3 bytes a unit in UTF-8,
 * and 6 when a client escapes it as \uXXXX, so ~300 KB with the title. Only these routes take that
 * much; every other route keeps the app's small limit.
 */
export const CONTENT_BODY_LIMIT = 320 * 1024;

export default async function contentRoutes(app: App): Promise<void> {
  const { db } = app.deps;
  const bodyLimit = CONTENT_BODY_LIMIT;

  app.get('/blogs', { schema: { response: { 200: staffBlogListSchema, ...refusals } } }, () => s.listBlogs(db));
  app.post('/blogs', { bodyLimit, schema: { body: blogInputSchema, response: { 201: staffBlogSchema, ...refusals } } }, async (request, reply) =>
    reply.code(201).send(await s.createBlog(db, actor(request), request.body)),
  );
  app.patch('/blogs/:id', { bodyLimit, schema: { params: idParam, body: blogUpdateSchema, response: { 200: staffBlogSchema, ...refusals } } }, (request) =>
    s.updateBlog(db, actor(request), request.params.id, request.body),
  );
  app.delete('/blogs/:id', { schema: { params: idParam, response: { 204: z.null(), ...refusals } } }, async (request, reply) => {
    await s.deleteBlog(db, actor(request), request.params.id);
    return reply.code(204).send(null);
  });

  app.get('/careers', { schema: { response: { 200: staffCareerListSchema, ...refusals } } }, () => s.listCareers(db));
  app.post('/careers', { bodyLimit, schema: { body: careerInputSchema, response: { 201: staffCareerSchema, ...refusals } } }, async (request, reply) =>
    reply.code(201).send(await s.createCareer(db, actor(request), request.body)),
  );
  app.patch('/careers/:id', { bodyLimit, schema: { params: idParam, body: careerUpdateSchema, response: { 200: staffCareerSchema, ...refusals } } }, (request) =>
    s.updateCareer(db, actor(request), request.params.id, request.body),
  );
}
