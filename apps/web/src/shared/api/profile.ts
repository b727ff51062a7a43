// The signed-in patient's profile: the age and sex kept on the account (GET and PATCH /api/users/me/).
// Shared because the dashboard edits it and the booking form prefills from it.
import type { MeResponse, PatientSex, ProfileUpdate } from '@lab/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client.ts';
import { queryKeys } from './query-keys.ts';

export function useProfile(username: string | null) {
  return useQuery({
    queryKey: queryKeys.profile(username ?? ''),
    queryFn: ({ signal }) => api<MeResponse>('/api/users/me/', { signal }),
    enabled: username !== null,
  });
}

export function useUpdateProfile(username: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: ProfileUpdate) => api<MeResponse>('/api/users/me/', { method: 'PATCH', body: patch }),
    onSuccess: (answer) => {
      queryClient.setQueryData(queryKeys.profile(username), answer);
      // the channels' number is the profile's phone (shared/api/channels.ts)
      void queryClient.invalidateQueries({ queryKey: queryKeys.channels(username) });
    },
  });
}

/** the profile as a form's text fields hold it: an age is shown only when no date of birth is kept */
export function profileFields(p: MeResponse): { dateOfBirth: string; ageYears: string; sex: '' | PatientSex } {
  return { dateOfBirth: p.date_of_birth ?? '', ageYears: p.date_of_birth || p.age_years == null ? '' : String(p.age_years), sex: p.sex ?? '' };
}
