// GET /api/offers/: every offer, active or expired (contract Offer).
import type { Offer } from '@lab/contract';
import { api } from '../../../shared/api/client.ts';
import { usePublicQuery } from '../../../shared/api/use-public-query.ts';

export const getOffers = (signal?: AbortSignal) => api<Offer[]>('/api/offers/', { signal });

export const useOffers = () => usePublicQuery('offers', getOffers);
