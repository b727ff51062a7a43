// HTTP routes of the catalog domain.
import type { App } from '../../lib/context.ts';

export default async function catalogRoutes(app: App): Promise<void> {
  void app;
}
