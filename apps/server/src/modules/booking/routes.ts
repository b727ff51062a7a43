// HTTP routes of the booking domain.
import type { App } from '../../lib/context.ts';

export default async function bookingRoutes(app: App): Promise<void> {
  void app;
}
