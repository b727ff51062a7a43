// GET /api/users/me/data/ (what the lab holds about the caller and why) and GET /api/users/me/export/
// (all of it as one JSON file, saved as a download).
import type { DataSummary } from '@lab/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client.ts';
import { apiFile, saveFile } from '../../../shared/api/files.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';
import { useLanguage } from '../../../shared/i18n/i18n.tsx';

/** what the lab holds; its purposes come in the screen's language (the lang cookie, decision 039), so the language is part of the key */
export function useDataSummary(username: string) {
  const { locale } = useLanguage();
  return useQuery({ queryKey: [...queryKeys.privacy(username, 'summary'), locale], queryFn: ({ signal }) => api<DataSummary>('/api/users/me/data/', { signal }) });
}

export async function downloadMyData(today: string): Promise<void> {
  saveFile(await apiFile('/api/users/me/export/'), `lab-centre-my-data-${today}.json`);
}
