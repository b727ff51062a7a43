// HTTP routes of the membership domain.
import type { App } from '../../lib/context.ts';

export default async function membershipRoutes(app: App): Promise<void> {
  void app;
}
