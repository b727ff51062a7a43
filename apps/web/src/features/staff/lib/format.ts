// Dates and times as the console shows them: a calendar date as "21 Nov 2026", a timestamp with its
// time in India as "21 Nov 2026, 14:05".
import { formatDate, inIndia, todayInIndia } from '../../../shared/lib/format-date.ts';

export function formatDateTime(iso: string | null): string {
  if (!iso) return '';
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return iso;
  return `${formatDate(iso)}, ${inIndia(t).time}`;
}

export { formatDate, todayInIndia };
