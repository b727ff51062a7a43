// Dates in India (Asia/Kolkata), the lab's one clock: today's date there, a moment's date and time
// there whatever the browser's own time zone, and dates as the site shows them, e.g. "21 Nov 2026"
// (day month year, India's order). The month is written by hand rather than with Intl so it is always
// three letters (en-IN's ICU data writes "Sept"). The India rule itself lives in the contract package,
// shared with the server and the tests.
import { inIndia, type Locale } from '@lab/contract';

export { inIndia };

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
// Hindi month names from Intl (जनवरी, फ़रवरी…: the same in Node's ICU and the browsers'), so the pages'
// scripts do not carry them.
const monthName = (m: number, locale: Locale) =>
  locale === 'en' ? MONTHS[m - 1] : m >= 1 && m <= 12 ? new Intl.DateTimeFormat('hi-IN', { month: 'long', timeZone: 'UTC' }).format(Date.UTC(2000, m - 1, 1)) : undefined;
/** today in India as YYYY-MM-DD: the earliest day a booking or reschedule may be for */
export function todayInIndia(): string {
  return inIndia().date;
}

/**
 * A calendar date (YYYY-MM-DD) is shown as it is; a timestamp is shown as its date in India
 * (Asia/Kolkata). Anything unreadable is returned unchanged.
 */
export function formatDate(value: string, locale: Locale = 'en'): string {
  let date = value;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const time = Date.parse(value);
    if (Number.isNaN(time)) return value;
    date = inIndia(time).date;
  }
  const [y, m, d] = date.split('-');
  const month = monthName(Number(m), locale);
  return month ? `${Number(d)} ${month} ${y}` : value;
}

/** a timestamp with its time in India, e.g. "21 Nov 2026, 14:05" */
export function formatDateTime(iso: string | null, locale: Locale = 'en'): string {
  if (!iso) return '';
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return iso;
  return `${formatDate(iso, locale)}, ${inIndia(t).time}`;
}

/** a moment (ms) as its date in India, written as the site writes dates: "28 Nov 2026" (a chart's time axis) */
export function formatMomentDate(ms: number, locale: Locale = 'en'): string {
  return formatDate(inIndia(ms).date, locale);
}
