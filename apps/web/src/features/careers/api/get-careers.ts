// GET /api/careers/: job openings, open or closed (contract Career).
import type { Career } from '@lab/contract';
import { api } from '../../../shared/api/client.ts';
import { usePublicQuery } from '../../../shared/api/use-public-query.ts';

export const getCareers = (signal?: AbortSignal) => api<Career[]>('/api/careers/', { signal });

export const useCareers = () => usePublicQuery('careers', getCareers);
