// GET /api/offers/: every offer, active or expired (contract Offer).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Offer } from '@lab/contract';
import { api } from '../../../shared/api/client.ts';

export const getOffers = (signal?: AbortSignal) => api<Offer[]>('/api/offers/', { signal });

export const offersQuery = queryOptions({ queryKey: ['offers'], queryFn: ({ signal }) => getOffers(signal) });

export const useOffers = () => useQuery(offersQuery);
