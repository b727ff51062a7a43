// The Hindi words of the e-mails and documents: the catalogue's Hindi (from-catalogue.ts), with dates
// from Intl's Hindi calendar names (Node carries full ICU) in Latin digits.
import { inIndia } from '@lab/contract';
import { mailWordsFromCatalogue } from './from-catalogue.ts';
import type { MailWords } from './types.ts';

// the date is a calendar date, so read in UTC
const hindiDate = new Intl.DateTimeFormat('hi-IN', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC', numberingSystem: 'latn' });
function dayDate(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(date) && !Number.isNaN(d.getTime()) ? hindiDate.format(d) : date;
}
const hindiDay = new Intl.DateTimeFormat('hi-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC', numberingSystem: 'latn' });
function dateTime(iso: string): string {
  const { date, time } = inIndia(Date.parse(iso));
  return `${hindiDay.format(new Date(`${date}T00:00:00Z`))}, ${time} IST`;
}

export const hi: MailWords = mailWordsFromCatalogue('hi', { dayDate, dateTime, keptUntil: dayDate });
