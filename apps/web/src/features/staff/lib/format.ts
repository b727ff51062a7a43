// Dates and times as the console shows them: a calendar date as "21 Nov 2026", a timestamp with its
// time in India as "21 Nov 2026, 14:05".
import { formatDate } from '../../../shared/lib/format-date.ts';

const IST_OFFSET_MS = 330 * 60_000;

export function formatDateTime(iso: string | null): string {
  if (!iso) return '';
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return iso;
  return `${formatDate(iso)}, ${new Date(t + IST_OFFSET_MS).toISOString().slice(11, 16)}`;
}

export { formatDate };

/** today in India as YYYY-MM-DD */
export function todayInIndia(): string {
  return new Date(Date.now() + IST_OFFSET_MS).toISOString().slice(0, 10);
}
