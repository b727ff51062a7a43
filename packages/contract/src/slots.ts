// Time slots: the booking day (09:00 to 21:00, docs/product.md#fixed-values) cut into 30-minute slots, each with seats for
// visits to the centre and, separately, for home collections. A booking's time picks its slot, so
// clients that send a plain time keep working. `GET /api/slots/` lists a day's slots with seats left.
import { z } from 'zod';
import { BOOKING_CLOSES, BOOKING_OPENS } from './booking.ts';
import { isoDate, text } from './common.ts';
import { messagesEn } from './i18n/en.ts';
import { say } from './i18n/message.ts';

export const SLOT_MINUTES = 30;

export const SLOT_FULL = messagesEn['slots.full'];
export const LAB_CLOSED = messagesEn['slots.closed_day'];
export const OUTSIDE_HOURS = messagesEn['slots.outside_hours'];

const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const toClock = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** the start of the slot a booking time falls in; the window's closing minute (21:00) belongs to the last slot */
export function slotStartOf(time: string): string {
  const minutes = Math.min(toMinutes(time), toMinutes(BOOKING_CLOSES) - SLOT_MINUTES);
  return toClock(minutes - (minutes % SLOT_MINUTES));
}

export function slotEndOf(start: string): string {
  return toClock(toMinutes(start) + SLOT_MINUTES);
}

/** the starts of the slots lying wholly within opening hours and the booking window */
export function slotStartsWithin(opens: string, closes: string): string[] {
  const from = Math.max(toMinutes(opens), toMinutes(BOOKING_OPENS));
  const to = Math.min(toMinutes(closes), toMinutes(BOOKING_CLOSES));
  const first = Math.ceil(from / SLOT_MINUTES) * SLOT_MINUTES;
  const starts: string[] = [];
  for (let m = first; m + SLOT_MINUTES <= to; m += SLOT_MINUTES) starts.push(toClock(m));
  return starts;
}

/** how a screen reader reads a slot: "10:30 to 11:00, 3 places left" */
export function slotLabel(slot: Pick<Slot, 'start' | 'end' | 'seats_left'>): string {
  if (slot.seats_left === 0) return `${slot.start} to ${slot.end}, full`;
  return `${slot.start} to ${slot.end}, ${slot.seats_left} ${slot.seats_left === 1 ? 'place' : 'places'} left`;
}

export const slotKindSchema = z.enum(['centre', 'home']);
export type SlotKind = z.infer<typeof slotKindSchema>;

export const slotsQuerySchema = z.object({
  date: isoDate,
  home_sample: z
    .enum(['true', 'false'], say('validation.enter_boolean'))
    .optional()
    .default('false')
    .transform((v) => v === 'true'),
});

export const slotSchema = z.object({
  /** HH:MM, India time; book with this as `time` */
  start: z.string(),
  end: z.string(),
  seats_left: z.number().int().nonnegative(),
});
export type Slot = z.infer<typeof slotSchema>;

export const slotDaySchema = z.object({
  date: isoDate,
  home_sample: z.boolean(),
  /** true on a day the lab does not open (its weekly hours, or a holiday set by staff) */
  closed: z.boolean(),
  /** why there are no slots (closed day), for people */
  reason: z.string().optional(),
  /** the day's slots still to come, full ones with seats_left 0 */
  slots: z.array(slotSchema),
});
export type SlotDay = z.infer<typeof slotDaySchema>;

// Staff: the weekly pattern of seats per slot, and single dates that differ from it.

const seats = (label: string) =>
  z.number(say('slots.seats_whole', { label })).int(say('slots.seats_whole', { label })).min(0, say('validation.at_least', { min: 0 })).max(500, say('validation.at_most', { max: 500 }));

export const slotSeatsSchema = z.object({
  /** visits to the centre one slot takes */
  centre_seats: seats('seats at the centre'),
  /** home collections one slot takes (the phlebotomists on the road) */
  home_seats: seats('home collection seats'),
});
export type SlotSeats = z.infer<typeof slotSeatsSchema>;

/** seats per slot for each weekday; the hours themselves are the lab's (lab details) */
export const slotWeekSchema = z.object({
  mon: slotSeatsSchema,
  tue: slotSeatsSchema,
  wed: slotSeatsSchema,
  thu: slotSeatsSchema,
  fri: slotSeatsSchema,
  sat: slotSeatsSchema,
  sun: slotSeatsSchema,
});
export type SlotWeek = z.infer<typeof slotWeekSchema>;

const overrideTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, say('validation.time_format'));

/** one date that differs from the week: a holiday (closed), a short day (hours), an extra phlebotomist (seats) */
export const slotOverrideRequestSchema = z
  .object({
    closed: z.boolean().optional().default(false),
    /** null: the lab's usual hours of that weekday */
    opens: overrideTime.nullable().optional().default(null),
    closes: overrideTime.nullable().optional().default(null),
    /** null: the week's seats */
    centre_seats: seats('seats at the centre').nullable().optional().default(null),
    home_seats: seats('home collection seats').nullable().optional().default(null),
    note: text(200).optional().default(''),
  })
  .refine((o) => (o.opens === null) === (o.closes === null), { ...say('slots.both_times'), path: ['closes'] })
  .refine((o) => o.opens === null || o.closes === null || o.opens < o.closes, { ...say('slots.closing_after_opening'), path: ['closes'] });
export type SlotOverrideRequest = z.input<typeof slotOverrideRequestSchema>;

export const slotOverrideSchema = z.object({
  date: isoDate,
  closed: z.boolean(),
  opens: z.string().nullable(),
  closes: z.string().nullable(),
  centre_seats: z.number().int().nullable(),
  home_seats: z.number().int().nullable(),
  note: z.string(),
});
export type SlotOverride = z.infer<typeof slotOverrideSchema>;
export const slotOverrideListSchema = z.array(slotOverrideSchema);
export const slotOverrideParams = z.object({ date: isoDate });
