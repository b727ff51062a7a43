// HTTP routes of the staff domain.
import type { App } from '../../lib/context.ts';

export default async function staffRoutes(app: App): Promise<void> {
  void app;
}
