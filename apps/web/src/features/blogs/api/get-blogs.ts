// GET /api/blogs/ and GET /api/blogs/{id}/ (contract Blog), read by the blog pages' server loaders.
import type { Blog } from '@lab/contract';
import { data, type LoaderFunctionArgs } from 'react-router';
import { inPageLanguage, loadFromApi } from '../../../shared/api/server-data.ts';

type Args = Pick<LoaderFunctionArgs, 'context' | 'request'>;

export const loadBlogs = (args: Args) => loadFromApi<Blog[]>(args, inPageLanguage(args, '/api/blogs/'));

/** one post; an id that is not a number cannot name one, so it is a 404 without asking */
export function loadBlog(args: Args, id: string): Promise<Blog> {
  if (!/^\d{1,10}$/.test(id)) throw data(null, { status: 404 });
  return loadFromApi<Blog>(args, inPageLanguage(args, `/api/blogs/${id}/`));
}
