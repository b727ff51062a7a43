// Dates and times as the console shows them: a calendar date as "21 Nov 2026", a timestamp with its
// time in India as "21 Nov 2026, 14:05".
import { formatDate, formatDateTime, todayInIndia } from '../../../shared/lib/format-date.ts';

export { formatDate, formatDateTime, todayInIndia };
