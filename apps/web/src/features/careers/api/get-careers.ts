// GET /api/careers/ (contract Career), read by the careers page's server loader.
import type { Career } from '@lab/contract';
import type { LoaderFunctionArgs } from 'react-router';
import { inPageLanguage, loadFromApi } from '../../../shared/api/server-data.ts';

export const loadCareers = (args: Pick<LoaderFunctionArgs, 'context' | 'request'>) => loadFromApi<Career[]>(args, inPageLanguage(args, '/api/careers/'));
