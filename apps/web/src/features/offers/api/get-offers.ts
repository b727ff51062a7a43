// GET /api/offers/ (contract Offer), read by the offers page's server loader.
import type { Offer } from '@lab/contract';
import type { LoaderFunctionArgs } from 'react-router';
import { loadFromApi } from '../../../shared/api/server-data.ts';

/** the tests an offer applies to: answered once the offers list names them (absent before) */
export type OfferWithTests = Offer & { tests?: Array<{ id: number; name: string }> };

export const loadOffers = (args: Pick<LoaderFunctionArgs, 'context' | 'request'>) => loadFromApi<OfferWithTests[]>(args, '/api/offers/');
