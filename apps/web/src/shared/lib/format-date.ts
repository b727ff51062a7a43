// Dates as the site shows them, e.g. "21 Nov 2026" (day month year, India's order). Formatted by hand
// rather than with Intl so the month is always three letters (en-IN's ICU data writes "Sept") and the
// text does not depend on the browser's locale data.

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const IST_OFFSET_MS = 330 * 60_000;

/**
 * A calendar date (YYYY-MM-DD) is shown as it is; a timestamp is shown as its date in India
 * (Asia/Kolkata, UTC+05:30, no daylight saving). Anything unreadable is returned unchanged.
 */
export function formatDate(value: string): string {
  const plain = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (plain) {
    const [, y, m, d] = plain;
    const month = MONTHS[Number(m) - 1];
    return month ? `${Number(d)} ${month} ${y}` : value;
  }
  const time = Date.parse(value);
  if (Number.isNaN(time)) return value;
  const ist = new Date(time + IST_OFFSET_MS);
  return `${ist.getUTCDate()} ${MONTHS[ist.getUTCMonth()]} ${ist.getUTCFullYear()}`;
}

/** a timestamp with its time in India, e.g. "21 Nov 2026, 14:05" */
export function formatDateTime(iso: string | null): string {
  if (!iso) return '';
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return iso;
  return `${formatDate(iso)}, ${new Date(t + IST_OFFSET_MS).toISOString().slice(11, 16)}`;
}
