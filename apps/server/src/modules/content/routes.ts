// HTTP routes of the content domain: blogs, offers and careers (public, read-only). Every path also
// answers without its trailing slash.
import { blogSchema, careerSchema, errorSchema, offerSchema } from '@lab/contract';
import { z } from 'zod';
import type { App } from '../../lib/context.ts';
import * as service from './service.ts';

const withAndWithoutSlash = (url: string) => [url, url.replace(/\/$/, '')];

export default async function contentRoutes(app: App): Promise<void> {
  const { db } = app.deps;

  for (const url of withAndWithoutSlash('/blogs/')) {
    app.get(url, { schema: { response: { 200: z.array(blogSchema) } } }, () => service.listBlogs(db));
  }

  for (const url of withAndWithoutSlash('/blogs/:id/')) {
    app.get(
      url,
      { schema: { params: z.object({ id: z.string() }), response: { 200: blogSchema, 404: errorSchema } } },
      (request) => service.getBlog(db, request.params.id),
    );
  }

  for (const url of withAndWithoutSlash('/offers/')) {
    app.get(url, { schema: { response: { 200: z.array(offerSchema) } } }, () => service.listOffers(db));
  }

  for (const url of withAndWithoutSlash('/careers/')) {
    app.get(url, { schema: { response: { 200: z.array(careerSchema) } } }, () => service.listCareers(db));
  }
}
