// GET /api/privacy/notice/ (contract PrivacyNoticeFacts): the notice's retention periods, read by the
// /privacy page's server loader.
import type { PrivacyNoticeFacts } from '@lab/contract';
import type { LoaderFunctionArgs } from 'react-router';
import { loadFromApi } from '../../../shared/api/server-data.ts';

export const loadNoticeFacts = (args: Pick<LoaderFunctionArgs, 'context' | 'request'>) => loadFromApi<PrivacyNoticeFacts>(args, '/api/privacy/notice/');
