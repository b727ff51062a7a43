// The centre's own details (contract LabDetails, edited by an admin), shown in the footer, on the
// home, contact and about pages and on the bill. The root route's loader reads them on the server for
// every page, so an edit shows on the next request; these helpers only present them.
import { useRouteLoaderData } from 'react-router';
import type { LabDetails, Weekday } from '@lab/contract';

/** the year of the footer's copyright line */
export const COPYRIGHT_YEAR = 2025;

/** the lab's details, or undefined on the error screen of a page whose data could not be read */
export const useLabDetailsIfLoaded = (): LabDetails | undefined => useRouteLoaderData<{ lab: LabDetails }>('root')?.lab;

/** the lab's details on a page (the root loader has read them before any page renders) */
export function useLabDetails(): LabDetails {
  const details = useLabDetailsIfLoaded();
  if (!details) throw new Error('the lab details are read by the root loader before any page renders');
  return details;
}

/** tel: link target from a phone number as printed */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** a WhatsApp chat with the number (wa.me wants the digits only), or null when the lab has none */
export const whatsappHref = (number: string) => {
  const digits = number.replace(/\D/g, '');
  return digits ? `https://wa.me/${digits}` : null;
};

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

/** "09:00" → "9am", "18:30" → "6:30pm" */
function clock(hhmm: string): string {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  return `${h % 12 || 12}${m ? `:${String(m).padStart(2, '0')}` : ''}${h < 12 ? 'am' : 'pm'}`;
}

/** one line per weekday, Monday first: "9am to 9pm" or "Closed" */
export function hoursByDay(details: Pick<LabDetails, 'hours'>): Array<{ day: string; hours: string }> {
  return WEEK.map(([d, day]) => {
    const h = details.hours[d];
    return { day, hours: h ? `${clock(h.opens)} to ${clock(h.closes)}` : 'Closed' };
  });
}

/** the week in short: runs of days with the same hours, e.g. "Mon-Sat 9am to 9pm, Sun closed" (as spec §2 words it) */
export function hoursSummary(details: Pick<LabDetails, 'hours'>): string {
  const runs: Array<{ from: string; to: string; hours: string }> = [];
  for (const { day, hours } of hoursByDay(details)) {
    const last = runs.at(-1);
    if (last && last.hours === hours) last.to = day;
    else runs.push({ from: day, to: day, hours });
  }
  const short = (day: string) => day.slice(0, 3);
  return runs
    .map((r) => `${short(r.from)}${r.from === r.to ? '' : `-${short(r.to)}`} ${r.hours === 'Closed' ? 'closed' : r.hours}`)
    .join(', ');
}

export interface SocialLink {
  name: 'Facebook' | 'Instagram' | 'Twitter' | 'LinkedIn';
  href: string;
}

// Twitter and LinkedIn pages are not set up yet: their links are placeholders, as in the spec.
export const socialLinks: readonly SocialLink[] = [
  { name: 'Facebook', href: 'https://www.facebook.com/' },
  { name: 'Instagram', href: 'https://www.instagram.com/' },
  { name: 'Twitter', href: '#' },
  { name: 'LinkedIn', href: '#' },
];
