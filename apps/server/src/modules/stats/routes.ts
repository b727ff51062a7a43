// HTTP routes of the statistics: GET /api/dashboard/ (public, the home page's rotating cards).
import { dashboardStatsSchema } from '@lab/contract';
import type { App } from '../../lib/context.ts';
import { dashboardStats } from './service.ts';

export default async function statsRoutes(app: App): Promise<void> {
  app.get('/dashboard/', { schema: { response: { 200: dashboardStatsSchema } } }, () => dashboardStats(app.deps.db, app.deps.catalogVersion));
}
