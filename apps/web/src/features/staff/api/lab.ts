// The lab's details (admin): the record as the editor reads it and its replacement; the images to
// pick from and an upload. A save also refreshes what the public side and bills read (GET /api/lab/).
import type { Image, LabDetailsValues, StaffLabDetails } from '@lab/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRevalidator } from 'react-router';
import { queryKeys } from '../../../shared/api/query-keys.ts';
import { refetchAfterChange, staffApi } from './staff-client.ts';

const labKey = queryKeys.staff('lab');
const imagesKey = queryKeys.staff('images');

export const useStaffLabDetails = () => useQuery({ queryKey: labKey, queryFn: ({ signal }) => staffApi<StaffLabDetails>('/lab', { signal }), staleTime: 0 });

export function useSaveLabDetails() {
  const client = useQueryClient();
  // Every page reads the lab's details from the root loader: read it again, so the footer and the bill
  // in this tab show the edit without a reload.
  const root = useRevalidator();
  return useMutation({
    mutationFn: (values: LabDetailsValues) => staffApi<StaffLabDetails>('/lab', { method: 'PUT', body: values }),
    onSuccess: async () => {
      await refetchAfterChange(client, [labKey, queryKeys.staff('audit')]);
      await root.revalidate();
    },
  });
}

export const useStaffImages = () => useQuery({ queryKey: imagesKey, queryFn: ({ signal }) => staffApi<Image[]>('/images', { signal }) });

export function useUploadImage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, alt }: { file: File; alt: string }) => {
      const body = new FormData();
      // The description first: the server reads the fields that come before the file.
      body.append('alt', alt);
      body.append('file', file);
      return staffApi<Image>('/images', { method: 'POST', body });
    },
    onSuccess: () => refetchAfterChange(client, [imagesKey, queryKeys.staff('audit')]),
  });
}
