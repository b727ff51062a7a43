// HTTP routes of the contact domain.
import type { App } from '../../lib/context.ts';

export default async function contactRoutes(app: App): Promise<void> {
  void app;
}
