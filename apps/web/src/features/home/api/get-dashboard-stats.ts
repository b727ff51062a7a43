// GET /api/dashboard/: the six statistics of the home page (contract DashboardStats).
import type { DashboardStats } from '@lab/contract';
import { api } from '../../../shared/api/client.ts';
import { usePublicQuery } from '../../../shared/api/use-public-query.ts';

export const getDashboardStats = (signal?: AbortSignal) => api<DashboardStats>('/api/dashboard/', { signal });

export const useDashboardStats = () => usePublicQuery('dashboard-stats', getDashboardStats);
