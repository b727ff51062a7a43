// Results: the queue, an appointment's worksheet, and the changes made on it (patient details, sample
// collection and receipt times, entry, release, amendment and the release or discard of a pending
// amendment by a second pathologist, the critical-value call), plus a released version's PDF and FHIR
// document for staff.
import type { Amendment, PatientDetails, ResultEntry, ResultsQueueItem, SampleTimes, Worksheet } from '@lab/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFile } from '../../../shared/api/files.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';
import { refetchAfterChange, staffApi } from './staff-client.ts';

const resultsKey = queryKeys.staff('results');
const path = (id: string) => `/results/${encodeURIComponent(id)}`;

export const useResultsQueue = () =>
  useQuery({ queryKey: resultsKey, queryFn: ({ signal }) => staffApi<ResultsQueueItem[]>('/results', { signal }), staleTime: 0 });

export const useWorksheet = (id: string) =>
  useQuery({ queryKey: [...resultsKey, id], queryFn: ({ signal }) => staffApi<Worksheet>(path(id), { signal }), staleTime: 0 });

type Change =
  | { kind: 'patient'; body: PatientDetails }
  | { kind: 'sample'; body: SampleTimes }
  | { kind: 'results'; body: ResultEntry }
  | { kind: 'release' }
  | { kind: 'amend'; body: Amendment }
  | { kind: 'release-amendment' }
  | { kind: 'discard-amendment' }
  | { kind: 'critical-call'; body: { note: string } };

function send(id: string, c: Change): Promise<Worksheet> {
  switch (c.kind) {
    case 'patient':
      return staffApi<Worksheet>(`${path(id)}/patient`, { method: 'PUT', body: c.body });
    case 'sample':
      return staffApi<Worksheet>(`${path(id)}/sample`, { method: 'PUT', body: c.body });
    case 'results':
      return staffApi<Worksheet>(path(id), { method: 'PUT', body: c.body });
    case 'release':
      return staffApi<Worksheet>(`${path(id)}/release`, { method: 'POST' });
    case 'amend':
      return staffApi<Worksheet>(`${path(id)}/amend`, { method: 'POST', body: c.body });
    case 'release-amendment':
      return staffApi<Worksheet>(`${path(id)}/amendment/release`, { method: 'POST' });
    case 'discard-amendment':
      return staffApi<Worksheet>(`${path(id)}/amendment/discard`, { method: 'POST' });
    case 'critical-call':
      return staffApi<Worksheet>(`${path(id)}/critical-call`, { method: 'POST', body: c.body });
  }
}

/** one mutation for every change of a worksheet: the answer is the worksheet as it now stands */
export function useWorksheetChange(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (c: Change) => send(id, c),
    onSuccess: async (sheet) => {
      client.setQueryData([...resultsKey, id], sheet);
      void refetchAfterChange(client, [resultsKey, queryKeys.staff('appointments'), queryKeys.staff('audit')]);
    },
  });
}

/** a released version's PDF, for staff (each look is audited) */
export const staffReportPdf = (id: string, version: number) => apiFile(`/api/staff${path(id)}/reports/${version}/pdf`);

/** a released version as a FHIR R4 document for other systems (docs/abdm.md), for staff (audited as a look, like its PDF) */
export const staffReportFhir = (id: string, version: number) => apiFile(`/api/staff${path(id)}/reports/${version}/fhir`);
