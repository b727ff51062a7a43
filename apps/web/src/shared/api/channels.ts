// The signed-in patient's message channels (GET and PUT /api/users/me/channels/; docs/messaging.md): where
// their messages go, their WhatsApp opt-in, and the numbers that replied STOP. Shared because the dashboard
// edits them and the booking form starts from them.
import type { ChannelSettings, ChannelSettingsUpdate } from '@lab/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client.ts';
import { queryKeys } from './query-keys.ts';

export function useChannelSettings(username: string | null) {
  return useQuery({
    queryKey: queryKeys.channels(username ?? ''),
    queryFn: ({ signal }) => api<ChannelSettings>('/api/users/me/channels/', { signal }),
    enabled: username !== null,
  });
}

export function useUpdateChannelSettings(username: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: ChannelSettingsUpdate) => api<ChannelSettings>('/api/users/me/channels/', { method: 'PUT', body: update }),
    onSuccess: (answer) => {
      queryClient.setQueryData(queryKeys.channels(username), answer);
      // a phone given here is saved on the profile too, and WhatsApp's opt-in is a consent
      void queryClient.invalidateQueries({ queryKey: queryKeys.profile(username) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.consents(username) });
    },
  });
}
