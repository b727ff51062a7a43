// Test reports on the patient's side: the signed-in patient's released reports (for "Report ready" on
// the dashboard) and their values over time, the PDF download (by the bill's capability: the
// appointment id, with the token when signed in) and its FHIR document for other apps (docs/abdm.md), and
// the public verification of a report's code.
import type { MyReport, Trend, Verification } from '@lab/contract';
import { useQuery } from '@tanstack/react-query';
import { api, ApiError } from './client.ts';
import { apiFile, saveFile } from './files.ts';
import { queryKeys } from './query-keys.ts';

export function useMyReports(username: string | null) {
  return useQuery({
    queryKey: queryKeys.myReports(username ?? ''),
    queryFn: ({ signal }) => api<MyReport[]>('/api/reports/', { signal }),
    enabled: username !== null,
    staleTime: 0,
  });
}

/** the signed-in patient's parameters measured more than once, for the trend charts: theirs, or a family member's */
export function useMyTrends(username: string | null, member: 'self' | number = 'self') {
  return useQuery({
    queryKey: queryKeys.myTrends(username ?? '', member),
    queryFn: ({ signal }) => api<Trend[]>(member === 'self' ? '/api/reports/trends/' : `/api/reports/trends/?member=${member}`, { signal }),
    enabled: username !== null,
    staleTime: 0,
  });
}

/** downloads the appointment's current report; rejects with the API's 404 when there is none for the caller */
export async function downloadReport(appointmentId: string): Promise<void> {
  const pdf = await apiFile(`/api/reports/${encodeURIComponent(appointmentId)}/pdf`, { auth: 'optional' });
  saveFile(pdf, `report-${appointmentId}.pdf`);
}

/** downloads the same report as a FHIR R4 document (India's ABDM profile) for other apps; rejects as downloadReport does */
export async function downloadReportFhir(appointmentId: string): Promise<void> {
  const bundle = await apiFile(`/api/reports/${encodeURIComponent(appointmentId)}/fhir`, { auth: 'optional' });
  saveFile(bundle, `report-${appointmentId}.fhir.json`);
}

export function useVerification(code: string) {
  return useQuery({
    queryKey: queryKeys.verification(code),
    queryFn: ({ signal }) => api<Verification>(`/api/verify/${encodeURIComponent(code)}`, { auth: 'none', signal }),
    // An unknown code stays unknown.
    retry: (failures, error) => failures < 1 && !(error instanceof ApiError && error.status < 500),
  });
}
