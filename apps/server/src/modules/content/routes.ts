// HTTP routes of the content domain.
import type { App } from '../../lib/context.ts';

export default async function contentRoutes(app: App): Promise<void> {
  void app;
}
