// GET /api/billing/{id}/ from the dashboard: "View Bill" opens the bill page only when a bill exists.
import type { Bill } from '@lab/contract';
import { api } from '../../../shared/api/client.ts';

export function fetchBill(appointmentId: string): Promise<Bill> {
  return api<Bill>(`/api/billing/${encodeURIComponent(appointmentId)}/`);
}
