// GET /api/privacy/notice/ (contract PrivacyNoticeFacts): the notice's retention periods, read by the
// /privacy page's server loader; /hi/privacy asks for them in Hindi (?lang=hi).
import type { PrivacyNoticeFacts } from '@lab/contract';
import type { LoaderFunctionArgs } from 'react-router';
import { inPageLanguage, loadFromApi } from '../../../shared/api/server-data.ts';

export const loadNoticeFacts = (args: Pick<LoaderFunctionArgs, 'context' | 'request'>) => loadFromApi<PrivacyNoticeFacts>(args, inPageLanguage(args, '/api/privacy/notice/'));
