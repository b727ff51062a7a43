// Time slots and home collections in the console: the week's seats per slot, the dates set apart
// from it, the PIN codes served, and a day's home collections with their phlebotomists.
import type { AssignPhlebotomist, HomeVisit, HomeVisitDay, ServedPinRequest, SlotOverride, SlotOverrideRequest, SlotWeek, StaffServedPin } from '@lab/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../shared/api/query-keys.ts';
import { query, refetchAfterChange, staffApi } from './staff-client.ts';

const weekKey = queryKeys.staff('slot-week');
const datesKey = queryKeys.staff('slot-dates');
const pinsKey = queryKeys.staff('pins');
const visitsKey = queryKeys.staff('home-visits');
/** how often a day's home collections (and the run sheet) are read again while on screen */
export const HOME_VISITS_REFRESH_MS = 30_000;
const auditKey = queryKeys.staff('audit');

export const useSlotWeek = () => useQuery({ queryKey: weekKey, queryFn: ({ signal }) => staffApi<SlotWeek>('/slots/week', { signal }), staleTime: 0 });

export function useSaveSlotWeek() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (week: SlotWeek) => staffApi<SlotWeek>('/slots/week', { method: 'PUT', body: week }),
    onSuccess: () => void refetchAfterChange(client, [weekKey, auditKey]),
  });
}

export const useSlotDates = () => useQuery({ queryKey: datesKey, queryFn: ({ signal }) => staffApi<SlotOverride[]>('/slots/overrides', { signal }), staleTime: 0 });

export function useSaveSlotDate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ date, values }: { date: string; values: SlotOverrideRequest }) => staffApi<SlotOverride>(`/slots/overrides/${encodeURIComponent(date)}`, { method: 'PUT', body: values }),
    onSuccess: () => void refetchAfterChange(client, [datesKey, auditKey]),
  });
}

export function useRemoveSlotDate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (date: string) => staffApi<null>(`/slots/overrides/${encodeURIComponent(date)}`, { method: 'DELETE' }),
    onSuccess: () => void refetchAfterChange(client, [datesKey, auditKey]),
  });
}

export const usePins = () => useQuery({ queryKey: pinsKey, queryFn: ({ signal }) => staffApi<StaffServedPin[]>('/pins', { signal }), staleTime: 0 });

export function useSavePin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ pin, ...body }: { pin: string } & ServedPinRequest) => staffApi<StaffServedPin>(`/pins/${encodeURIComponent(pin)}`, { method: 'PUT', body }),
    onSuccess: () => void refetchAfterChange(client, [pinsKey, visitsKey, auditKey]),
  });
}

export function useRemovePin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (pin: string) => staffApi<null>(`/pins/${encodeURIComponent(pin)}`, { method: 'DELETE' }),
    onSuccess: () => void refetchAfterChange(client, [pinsKey, visitsKey, auditKey]),
  });
}

export const useHomeVisits = (date: string) =>
  useQuery({
    queryKey: [...visitsKey, date],
    queryFn: ({ signal }) => staffApi<HomeVisitDay>(`/home-visits${query({ date })}`, { signal }),
    enabled: /^\d{4}-\d{2}-\d{2}$/.test(date),
    staleTime: 0,
    // paid or unpaid at the door is live: a payment made online (the payment link) shows within this
    refetchInterval: HOME_VISITS_REFRESH_MS,
  });

export function useAssignPhlebotomist() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: AssignPhlebotomist }) => staffApi<HomeVisit>(`/home-visits/${encodeURIComponent(id)}/phlebotomist`, { method: 'PUT', body }),
    onSuccess: () => void refetchAfterChange(client, [visitsKey, auditKey]),
  });
}

/** "On the way": queues the collector-on-the-way message to the patient's phone channels (docs/messaging.md) */
export function useOnTheWay() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => staffApi<HomeVisit>(`/home-visits/${encodeURIComponent(id)}/on-the-way`, { method: 'POST' }),
    onSuccess: (_visit, id) => void refetchAfterChange(client, [visitsKey, auditKey, queryKeys.staff('mail', id)]),
  });
}
