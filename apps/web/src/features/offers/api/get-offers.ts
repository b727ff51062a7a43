// GET /api/offers/ (contract Offer), read by the offers page's server loader.
import type { Offer } from '@lab/contract';
import type { LoaderFunctionArgs } from 'react-router';
import { loadFromApi } from '../../../shared/api/server-data.ts';

export const loadOffers = (args: Pick<LoaderFunctionArgs, 'context' | 'request'>) => loadFromApi<Offer[]>(args, '/api/offers/');
