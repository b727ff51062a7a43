// Content: blog posts (drafts too) and career openings.
import type { BlogInput, CareerInput, StaffBlog, StaffCareer } from '@lab/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Draft } from './catalogue.ts';
import { refetchAfterChange, staffApi } from './staff-client.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';

const blogsKey = queryKeys.staff('blogs');
const careersKey = queryKeys.staff('careers');

export const useBlogs = () => useQuery({ queryKey: blogsKey, queryFn: ({ signal }) => staffApi<StaffBlog[]>('/blogs', { signal }) });

export function useSaveBlog() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id?: number | undefined; values: Draft<BlogInput> }) =>
      staffApi<StaffBlog>(id === undefined ? '/blogs' : `/blogs/${id}`, { method: id === undefined ? 'POST' : 'PATCH', body: values }),
    onSuccess: () => refetchAfterChange(client, [blogsKey, queryKeys.staff('audit')]),
  });
}

export function useDeleteBlog() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => staffApi<null>(`/blogs/${id}`, { method: 'DELETE' }),
    onSuccess: () => refetchAfterChange(client, [blogsKey, queryKeys.staff('audit')]),
  });
}

export const useCareers = () => useQuery({ queryKey: careersKey, queryFn: ({ signal }) => staffApi<StaffCareer[]>('/careers', { signal }) });

export function useSaveCareer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id?: number | undefined; values: Draft<CareerInput> }) =>
      staffApi<StaffCareer>(id === undefined ? '/careers' : `/careers/${id}`, { method: id === undefined ? 'POST' : 'PATCH', body: values }),
    onSuccess: () => refetchAfterChange(client, [careersKey, queryKeys.staff('audit')]),
  });
}
