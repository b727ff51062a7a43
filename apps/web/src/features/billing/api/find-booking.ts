// POST /api/bookings/find/: a booking by its reference and the phone number or e-mail it was made with.
import type { FindBookingRequest, FoundBooking } from '@lab/contract';
import { api } from '../../../shared/api/client.ts';

export const findBooking = (request: FindBookingRequest) =>
  api<FoundBooking>('/api/bookings/find/', { method: 'POST', body: request, auth: 'none' });
