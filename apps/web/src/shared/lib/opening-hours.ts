// The lab's opening hours in words, in English or Hindi: day by day for the pages that list the week
// (About, Contact: lab-details-list.tsx) and in short for the root loader, which sends the footer's
// and home page's line as a string. Not part of lab-info.ts, whose module travels in the entry chunk
// every public page loads.
import type { LabDetails, Locale, Weekday } from '@lab/contract';

// The contract's WEEKDAYS, with names. Not imported: its module holds zod schemas, which would then
// travel in the site frame every public page loads.
const WEEK: ReadonlyArray<readonly [Weekday, string]> = [
  ['mon', 'Monday'],
  ['tue', 'Tuesday'],
  ['wed', 'Wednesday'],
  ['thu', 'Thursday'],
  ['fri', 'Friday'],
  ['sat', 'Saturday'],
  ['sun', 'Sunday'],
];

// The Hindi names from Intl (सोमवार, सोम…: the same in Node's ICU and the browsers'), so English pages
// do not carry them; 1 January 2024 was a Monday.
const hindiDay = (i: number, weekday: 'long' | 'short') =>
  new Intl.DateTimeFormat('hi-IN', { weekday, timeZone: 'UTC' }).format(Date.UTC(2024, 0, 1 + i));

/** "09:00" → "9am", "18:30" → "6:30pm"; in Hindi "सुबह 9", "शाम 6:30" */
function clock(hhmm: string, locale: Locale): string {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  const time = `${h % 12 || 12}${m ? `:${String(m).padStart(2, '0')}` : ''}`;
  if (locale === 'en') return `${time}${h < 12 ? 'am' : 'pm'}`;
  return `${h < 12 ? 'सुबह' : h < 16 ? 'दोपहर' : h < 19 ? 'शाम' : 'रात'} ${time}`;
}

const CLOSED: Record<Locale, string> = { en: 'Closed', hi: 'बंद' };
const span = (opens: string, closes: string, locale: Locale) =>
  locale === 'en' ? `${clock(opens, locale)} to ${clock(closes, locale)}` : `${clock(opens, locale)} बजे से ${clock(closes, locale)} बजे तक`;

/** one line per weekday, Monday first: "9am to 9pm" or "Closed" (or in Hindi) */
export function hoursByDay(details: Pick<LabDetails, 'hours'>, locale: Locale = 'en'): Array<{ day: string; short: string; hours: string }> {
  return WEEK.map(([d, en], i) => {
    const h = details.hours[d];
    return {
      day: locale === 'en' ? en : hindiDay(i, 'long'),
      short: locale === 'en' ? en.slice(0, 3) : hindiDay(i, 'short'),
      hours: h ? span(h.opens, h.closes, locale) : CLOSED[locale],
    };
  });
}

/** the week in short: runs of days with the same hours, e.g. "Mon-Sat 9am to 9pm, Sun closed" (as docs/product.md#public-pages words it) */
export function hoursSummary(details: Pick<LabDetails, 'hours'>, locale: Locale = 'en'): string {
  const runs: Array<{ from: string; to: string; hours: string }> = [];
  for (const { short, hours } of hoursByDay(details, locale)) {
    const last = runs.at(-1);
    if (last && last.hours === hours) last.to = short;
    else runs.push({ from: short, to: short, hours });
  }
  return runs
    .map((r) => `${r.from}${r.from === r.to ? '' : `-${r.to}`} ${r.hours === CLOSED.en ? 'closed' : r.hours}`)
    .join(', ');
}
