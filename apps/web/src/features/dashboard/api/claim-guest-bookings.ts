// Claiming bookings made as a guest: POST /api/users/claim-bookings/ e-mails the confirmation link;
// POST /api/claim-bookings/confirm/ opens it (no session needed: the link proves the address).
import type { ClaimAnswer } from '@lab/contract';
import { api } from '../../../shared/api/client.ts';

export const requestClaimLink = () => api<{ waiting: number }>('/api/users/claim-bookings/', { method: 'POST' });

export const confirmClaim = (token: string) => api<ClaimAnswer>('/api/claim-bookings/confirm/', { method: 'POST', body: { token }, auth: 'none' });
