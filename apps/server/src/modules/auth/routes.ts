// HTTP routes of the auth domain.
import type { App } from '../../lib/context.ts';

export default async function authRoutes(app: App): Promise<void> {
  void app;
}
