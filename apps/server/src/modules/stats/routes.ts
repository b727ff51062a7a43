// HTTP routes of the stats domain.
import type { App } from '../../lib/context.ts';

export default async function statsRoutes(app: App): Promise<void> {
  void app;
}
