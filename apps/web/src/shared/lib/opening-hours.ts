// The lab's opening hours in words, in the page's language: day by day for the pages that list the week
// (About, Contact: lab-details-list.tsx) and in short for the root loader, which sends the footer's
// and home page's line as a string. Not part of lab-info.ts, whose module travels in the entry chunk
// every public page loads. The words are the catalogues' `lab.week` messages; the weekday names come
// from Intl (Monday, सोमवार…: the same in Node's ICU and the browsers').
import type { LabDetails, Weekday } from '@lab/contract';
import type { Translate } from '../i18n/i18n.tsx';

/** what the words need: the page's translate function and its Intl locale (useLanguage, makeLanguage) */
export interface HoursLanguage {
  t: Translate;
  intlLocale: string;
}

// The contract's WEEKDAYS, Monday first. Not imported: its module holds zod schemas, which would then
// travel in the site frame every public page loads.
const WEEK: readonly Weekday[] = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

// 1 January 2024 was a Monday.
const dayName = (i: number, weekday: 'long' | 'short', intlLocale: string) =>
  new Intl.DateTimeFormat(intlLocale, { weekday, timeZone: 'UTC' }).format(Date.UTC(2024, 0, 1 + i));

/** "09:00" → "9am", "18:30" → "6:30pm"; in Hindi "सुबह 9", "शाम 6:30" (the part of the day by the hour) */
function clock(hhmm: string, t: Translate): string {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  const time = `${h % 12 || 12}${m ? `:${String(m).padStart(2, '0')}` : ''}`;
  return t(h < 12 ? 'lab.week.morning' : h < 16 ? 'lab.week.afternoon' : h < 19 ? 'lab.week.evening' : 'lab.week.night', { time });
}

/** each weekday, Monday first, with its hours ("9am to 9pm"), or null when closed */
function week(details: Pick<LabDetails, 'hours'>, { t, intlLocale }: HoursLanguage) {
  return WEEK.map((d, i) => {
    const h = details.hours[d];
    return {
      day: dayName(i, 'long', intlLocale),
      short: dayName(i, 'short', intlLocale),
      hours: h ? t('lab.week.span', { opens: clock(h.opens, t), closes: clock(h.closes, t) }) : null,
    };
  });
}

/** one line per weekday, Monday first: "9am to 9pm" or "Closed" (or in Hindi) */
export function hoursByDay(details: Pick<LabDetails, 'hours'>, language: HoursLanguage): Array<{ day: string; short: string; hours: string }> {
  return week(details, language).map((d) => ({ ...d, hours: d.hours ?? language.t('lab.week.closed') }));
}

/** the week in short: runs of days with the same hours, e.g. "Mon-Sat 9am to 9pm, Sun closed" (as docs/product.md#public-pages words it) */
export function hoursSummary(details: Pick<LabDetails, 'hours'>, language: HoursLanguage): string {
  const runs: Array<{ from: string; to: string; hours: string | null }> = [];
  for (const { short, hours } of week(details, language)) {
    const last = runs.at(-1);
    if (last && last.hours === hours) last.to = short;
    else runs.push({ from: short, to: short, hours });
  }
  return runs.map((r) => `${r.from}${r.from === r.to ? '' : `-${r.to}`} ${r.hours ?? language.t('lab.week.closedInSummary')}`).join(', ');
}
