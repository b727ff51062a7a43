// Analysers (docs/analysers.md): the configured instruments, each one's code mapping (which the next
// message uses), the parameters a code may map to, and the message log by analyser and by container.
import type { AnalyserCode, AnalyserCodeList, AnalyserCodeRequest, AnalyserList, AnalyserMessageList, AnalyserParameterList } from '@lab/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../shared/api/query-keys.ts';
import { query, refetchAfterChange, staffApi } from './staff-client.ts';

const listKey = queryKeys.staff('analysers');
const codesKey = (name: string) => [...queryKeys.staff('analyser-codes'), name];
const messagesKey = (name: string) => [...queryKeys.staff('analyser-messages'), name];
const name = (n: string) => encodeURIComponent(n);

export const useAnalysers = () => useQuery({ queryKey: listKey, queryFn: ({ signal }) => staffApi<AnalyserList>('/analysers', { signal }), staleTime: 0 });

export const useAnalyserCodes = (analyser: string | null) =>
  useQuery({ queryKey: codesKey(analyser ?? ''), queryFn: ({ signal }) => staffApi<AnalyserCodeList>(`/analysers/${name(analyser!)}/codes`, { signal }), enabled: analyser !== null, staleTime: 0 });

export const useAnalyserMessages = (analyser: string | null, before: number | undefined) =>
  useQuery({
    queryKey: [...messagesKey(analyser ?? ''), before ?? null],
    queryFn: ({ signal }) => staffApi<AnalyserMessageList>(`/analysers/${name(analyser!)}/messages${query({ before })}`, { signal }),
    enabled: analyser !== null,
    staleTime: 0,
  });

export const useContainerMessages = (accession: string | null) =>
  useQuery({
    queryKey: [...queryKeys.staff('container-messages'), accession],
    queryFn: ({ signal }) => staffApi<AnalyserMessageList>(`/samples/${encodeURIComponent(accession!)}/analyser-messages`, { signal }),
    enabled: accession !== null,
    staleTime: 0,
    retry: false,
  });

export const useParameterSearch = (text: string) =>
  useQuery({
    queryKey: [...queryKeys.staff('analyser-parameters'), text],
    queryFn: ({ signal }) => staffApi<AnalyserParameterList>(`/analysers/parameters${query({ q: text })}`, { signal }),
    enabled: text.trim().length >= 2,
    staleTime: 60_000,
  });

export function useSaveCode(analyser: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ code, body }: { code: string; body: AnalyserCodeRequest }) => staffApi<AnalyserCode>(`/analysers/${name(analyser)}/codes/${encodeURIComponent(code)}`, { method: 'PUT', body }),
    onSuccess: () => refetchAfterChange(client, [codesKey(analyser), listKey]),
  });
}
