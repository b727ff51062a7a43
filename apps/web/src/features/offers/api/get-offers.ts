// GET /api/offers/ (contract Offer), read by the offers page's server loader.
import type { Offer } from '@lab/contract';
import type { LoaderFunctionArgs } from 'react-router';
import { inPageLanguage, loadFromApi } from '../../../shared/api/server-data.ts';

export const loadOffers = (args: Pick<LoaderFunctionArgs, 'context' | 'request'>) => loadFromApi<Offer[]>(args, inPageLanguage(args, '/api/offers/'));
