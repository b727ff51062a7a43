// GET /api/slots/: a day's time slots with the seats left, for visits to the centre or home
// collections. Seats change with every booking, so the answer is asked again whenever it is shown.
import type { SlotDay } from '@lab/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from './client.ts';
import { queryKeys } from './query-keys.ts';

export function getSlots(date: string, homeSample: boolean, signal?: AbortSignal): Promise<SlotDay> {
  return api<SlotDay>(`/api/slots/?date=${encodeURIComponent(date)}&home_sample=${homeSample}`, { auth: 'none', signal });
}

export function useSlots(date: string, homeSample: boolean) {
  return useQuery({
    queryKey: queryKeys.slots(date, homeSample),
    queryFn: ({ signal }) => getSlots(date, homeSample, signal),
    enabled: date !== '',
    staleTime: 0,
  });
}
