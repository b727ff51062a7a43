// GET /api/blogs/ and GET /api/blogs/{id}/: the blog list and one post (contract Blog).
import type { Blog } from '@lab/contract';
import { api, ApiError } from '../../../shared/api/client.ts';
import { usePublicQuery } from '../../../shared/api/use-public-query.ts';

export const getBlogs = (signal?: AbortSignal) => api<Blog[]>('/api/blogs/', { signal });

export const getBlog = (id: string, signal?: AbortSignal) => api<Blog>(`/api/blogs/${encodeURIComponent(id)}/`, { signal });

/** a post that does not exist (or an id that cannot exist) */
export const isMissingBlog = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 400);

export const useBlogs = () => usePublicQuery('blogs', getBlogs);

// A missing post stays missing: asking again only delays the not-found screen.
export const useBlog = (id: string) =>
  usePublicQuery(`blog:${id}`, (signal) => getBlog(id, signal), { retry: (error) => !isMissingBlog(error) });
