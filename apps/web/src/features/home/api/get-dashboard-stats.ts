// GET /api/dashboard/: the six statistics of the home page (contract DashboardStats).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardStats } from '@lab/contract';
import { api } from '../../../shared/api/client.ts';

export const getDashboardStats = (signal?: AbortSignal) => api<DashboardStats>('/api/dashboard/', { signal });

export const dashboardStatsQuery = queryOptions({
  queryKey: ['dashboard-stats'],
  queryFn: ({ signal }) => getDashboardStats(signal),
});

export const useDashboardStats = () => useQuery(dashboardStatsQuery);
