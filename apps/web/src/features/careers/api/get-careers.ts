// GET /api/careers/: job openings, open or closed (contract Career).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Career } from '@lab/contract';
import { api } from '../../../shared/api/client.ts';

export const getCareers = (signal?: AbortSignal) => api<Career[]>('/api/careers/', { signal });

export const careersQuery = queryOptions({ queryKey: ['careers'], queryFn: ({ signal }) => getCareers(signal) });

export const useCareers = () => useQuery(careersQuery);
