// Samples (docs/samples.md): the tests' containers and turnaround, the turnaround queue, a visit's
// containers and its collection, receipt and rejection at the bench by the scanned accession number.
import type { AppointmentSamples, ReceivedSample, SampleProblem, TatReport, TestContainer, TestTurnaroundRequest, TurnaroundQueue } from '@lab/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFile } from '../../../shared/api/files.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';
import { refetchAfterChange, staffApi } from './staff-client.ts';

const containersKey = queryKeys.staff('sample-containers');
const queueKey = queryKeys.staff('sample-queue');
const visitKey = queryKeys.staff('sample-visit');
/** the queue is the bench's screen: it keeps itself current while open */
export const QUEUE_REFRESH_MS = 30_000;

export const useTestContainers = () =>
  useQuery({ queryKey: containersKey, queryFn: ({ signal }) => staffApi<TestContainer[]>('/samples/containers', { signal }), staleTime: 0 });

export const useTurnaroundQueue = () =>
  useQuery({ queryKey: queueKey, queryFn: ({ signal }) => staffApi<TurnaroundQueue>('/samples/queue?limit=200', { signal }), staleTime: 0, refetchInterval: QUEUE_REFRESH_MS });

/** the TAT report of `weeks` India weeks ending with the week of `to` (blank: this week), of one test or all */
export const useTatReport = (weeks: number, to: string, testId: number | null) =>
  useQuery({
    queryKey: [...queryKeys.staff('sample-tat'), weeks, to, testId],
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ weeks: String(weeks) });
      if (to) query.set('to', to);
      if (testId !== null) query.set('test_id', String(testId));
      return staffApi<TatReport>(`/samples/tat?${query}`, { signal });
    },
  });

export const useVisitSamples = (appointmentId: string | null) =>
  useQuery({
    queryKey: [...visitKey, appointmentId],
    queryFn: ({ signal }) => staffApi<AppointmentSamples>(`/samples/appointments/${encodeURIComponent(appointmentId!)}`, { signal }),
    enabled: appointmentId !== null,
    staleTime: 0,
  });

export function useSaveTurnaround() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ testId, body }: { testId: number; body: TestTurnaroundRequest }) => staffApi<TestContainer>(`/samples/turnaround/${testId}`, { method: 'PUT', body }),
    onSuccess: () => refetchAfterChange(client, [containersKey]),
  });
}

export function useReceive() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { accession: string; problem?: SampleProblem }) => staffApi<ReceivedSample>('/samples/receive', { method: 'POST', body }),
    onSuccess: () => refetchAfterChange(client, [queueKey]),
  });
}

export function useReject() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { accession: string; reason: SampleProblem }) => staffApi<ReceivedSample>('/samples/reject', { method: 'POST', body }),
    onSuccess: () => refetchAfterChange(client, [queueKey]),
  });
}

export function useCollect() {
  const client = useQueryClient();
  return useMutation({
    // tried even offline, so a failure reaches the screen, which keeps the collection on the phone
    // (lib/pending-collections.ts) rather than in a paused mutation lost with the page
    networkMode: 'always',
    mutationFn: ({ appointmentId, collectedAt }: { appointmentId: string; collectedAt: string }) =>
      staffApi<AppointmentSamples>(`/samples/appointments/${encodeURIComponent(appointmentId)}/collect`, { method: 'POST', body: { collected_at: collectedAt } }),
    onSuccess: async (answer) => {
      // a read of the visit begun before this answer (the refetch on the connection's return races the kept
      // collection's send) would land after it with the containers not yet drawn: cancel it first
      const key = [...visitKey, answer.appointment_id];
      await client.cancelQueries({ queryKey: key });
      client.setQueryData(key, answer);
      return refetchAfterChange(client, [queryKeys.staff('home-visits')]);
    },
  });
}

/** the labels PDF of a visit's containers drawn (50 × 25 mm roll or an A4 sheet) */
export const sampleLabels = (appointmentId: string, format: 'roll' | 'a4' = 'roll') => apiFile(`/api/staff/samples/appointments/${encodeURIComponent(appointmentId)}/labels?format=${format}`);
