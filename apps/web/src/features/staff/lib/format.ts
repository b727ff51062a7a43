// Dates and times as the console shows them: a calendar date as "21 Nov 2026", a timestamp with its
// time in India as "21 Nov 2026, 14:05".
import { formatDate, formatDateTime } from '../../../shared/lib/format-date.ts';

const IST_OFFSET_MS = 330 * 60_000;

export { formatDate, formatDateTime };

/** today in India as YYYY-MM-DD */
export function todayInIndia(): string {
  return new Date(Date.now() + IST_OFFSET_MS).toISOString().slice(0, 10);
}
