// The English words of the e-mails and documents: the catalogue's English (from-catalogue.ts), with
// English dates ("Wed, 25 Nov 2026"; a kept record's date as YYYY-MM-DD).
import { formatDayDate } from '@lab/contract';
import { formatIst } from '../../../lib/time.ts';
import { mailWordsFromCatalogue } from './from-catalogue.ts';
import type { MailWords } from './types.ts';

export const en: MailWords = mailWordsFromCatalogue('en', { dayDate: formatDayDate, dateTime: formatIst, keptUntil: (date) => date });
