// HTTP routes of the billing domain.
import type { App } from '../../lib/context.ts';

export default async function billingRoutes(app: App): Promise<void> {
  void app;
}
