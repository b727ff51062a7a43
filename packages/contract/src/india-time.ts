// The lab's one clock: dates and times of bookings are local to the centre in India (Asia/Kolkata), so
// the server, the web app and the tests all read "today" and "now" there through this one rule, with
// Intl rather than a fixed +05:30 offset.

/**
 * The two formatters, made at their first use, not as the module loads: making a formatter for a time zone
 * loads that zone's rules, about 12 ms of a phone's page start (48 ms at Lighthouse's 4× CPU) on every page,
 * most of which never reads India's clock in the browser (the footer's year comes with the page's data).
 */
let formats: { date: Intl.DateTimeFormat; time: Intl.DateTimeFormat } | undefined;
const indiaFormats = () =>
  (formats ??= {
    date: new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }),
    time: new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
  });

/** minutes read so far: India's offset is whole minutes, so every moment of a minute reads the same there */
const shownByMinute = new Map<number, Readonly<{ date: string; time: string }>>();
/** bounds the memo; a booking's expected time reads a handful of minutes (now, the slot, the lab's openings) */
const MAX_MINUTES = 512;

/**
 * YYYY-MM-DD and HH:MM of a moment in India (en-CA writes dates and times that way). Formatting through
 * Intl costs some microseconds, and a booking asks several times for the same few minutes (now, its
 * slot, the lab's next openings: a single remembered minute was overwritten at every turn between
 * them), so the minutes read are kept, a bounded number.
 */
export function inIndia(moment: Date | number = Date.now()): Readonly<{ date: string; time: string }> {
  const minute = Math.floor(Number(moment) / 60_000);
  let shown = shownByMinute.get(minute);
  if (!shown) {
    if (shownByMinute.size >= MAX_MINUTES) shownByMinute.clear();
    const { date, time } = indiaFormats();
    shown = Object.freeze({ date: date.format(moment), time: time.format(moment) });
    shownByMinute.set(minute, shown);
  }
  return shown;
}

/** the calendar date `days` after `date` (YYYY-MM-DD; negative: before), a date with no time of day */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The instant (ISO, UTC) of a date and time read on a clock in India, "YYYY-MM-DDTHH:MM" as a
 * datetime-local field gives it. The offset is the one Intl reports for that moment, not a constant.
 */
export function fromIndia(local: string): string {
  const asIfUtc = Date.parse(`${local}:00Z`);
  const shown = inIndia(asIfUtc);
  const offset = Date.parse(`${shown.date}T${shown.time}:00Z`) - asIfUtc;
  return new Date(asIfUtc - offset).toISOString();
}

/** an instant as a datetime-local field in India shows it, "YYYY-MM-DDTHH:MM" */
export function toIndiaLocal(iso: string): string {
  const { date, time } = inIndia(Date.parse(iso));
  return `${date}T${time}`;
}
