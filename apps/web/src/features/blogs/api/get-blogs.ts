// GET /api/blogs/ and GET /api/blogs/{id}/: the blog list and one post (contract Blog).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Blog } from '@lab/contract';
import { api, ApiError } from '../../../shared/api/client.ts';

export const getBlogs = (signal?: AbortSignal) => api<Blog[]>('/api/blogs/', { signal });

export const getBlog = (id: string, signal?: AbortSignal) => api<Blog>(`/api/blogs/${encodeURIComponent(id)}/`, { signal });

export const blogsQuery = queryOptions({ queryKey: ['blogs'], queryFn: ({ signal }) => getBlogs(signal) });

/** a post that does not exist (or an id that cannot exist) */
export const isMissingBlog = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 400);

export const blogQuery = (id: string) =>
  queryOptions({
    queryKey: ['blogs', id],
    queryFn: ({ signal }) => getBlog(id, signal),
    // A missing post stays missing: asking again only delays the not-found screen.
    retry: (failures, error) => !isMissingBlog(error) && failures < 1,
  });

export const useBlogs = () => useQuery(blogsQuery);
export const useBlog = (id: string) => useQuery(blogQuery(id));
