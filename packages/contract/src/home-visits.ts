// A day's home collections for the staff (docs/features.md#time-slots-home-collection-areas-and-preparation): each visit with what the phlebotomist needs at the
// door (time, patient, phone, address, tests, preparation, the amount still due on the bill), the staff
// member assigned to collect it, grouped on screen by locality and slot, and printed as the run sheet:
// one page per phlebotomist, the unassigned visits on a page of their own.
import { z } from 'zod';
import { id, isoDate, rupees } from './common.ts';
import { appointmentStatusSchema } from './booking.ts';
import { billPaymentStatusSchema } from './payments.ts';

export const homeVisitsQuerySchema = z.object({ date: isoDate });

export const staffMemberSchema = z.object({ id: z.number().int(), name: z.string() });
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const homeVisitSchema = z.object({
  /** the appointment's id */
  id: z.string(),
  reference: z.string(),
  /** the booked time (HH:MM) and the 30-minute slot it falls in */
  time: z.string(),
  slot_start: z.string(),
  slot_end: z.string(),
  status: appointmentStatusSchema,
  patient_name: z.string(),
  phone: z.string(),
  address: z.string(),
  pin: z.string().nullable(),
  /** the served PIN code's locality; null for a PIN no longer served or a visit booked before PINs */
  locality: z.string().nullable(),
  tests: z.array(z.string()),
  /** the tests' combined preparation as sentences (contract preparation.ts); empty for none */
  preparation: z.array(z.string()),
  /** what is still due on the bill, to collect at the door */
  amount_due: rupees,
  /** the bill's state as it is now (paid online meanwhile: 'paid'), so the run sheet says paid or unpaid at the door */
  payment_status: billPaymentStatusSchema,
  phlebotomist: staffMemberSchema.nullable(),
  /** when staff pressed "On the way" (the patient's phone was told, with the collector's name); null: not yet */
  on_the_way_at: z.string().nullable(),
});
export type HomeVisit = z.infer<typeof homeVisitSchema>;

export const homeVisitDaySchema = z.object({
  date: isoDate,
  /** the day's home collections not cancelled, by time, then locality */
  visits: z.array(homeVisitSchema),
  /** the active staff accounts a visit can be given to */
  staff: z.array(staffMemberSchema),
});
export type HomeVisitDay = z.infer<typeof homeVisitDaySchema>;

export const PHLEBOTOMIST_RULE = 'Choose a staff member with the phlebotomist role.';

/** null takes the visit off whoever had it */
export const assignPhlebotomistSchema = z.object({ phlebotomist_id: id('staff member', PHLEBOTOMIST_RULE).nullable() });
export type AssignPhlebotomist = z.infer<typeof assignPhlebotomistSchema>;

export const NOT_A_HOME_VISIT = 'No home collection with this id.';
export const VISIT_CANCELLED = 'This home collection was cancelled. Reload the day.';

export const UNKNOWN_LOCALITY = 'Locality not on the PIN list';

export interface VisitGroup<K> {
  key: K;
  visits: HomeVisit[];
}

/** the visits by locality (A to Z, unknown last), and within each by slot, in time order */
export function byLocalityAndSlot(visits: readonly HomeVisit[]): VisitGroup<string>[] {
  const localities = new Map<string, HomeVisit[]>();
  for (const v of visits) {
    const key = v.locality ?? UNKNOWN_LOCALITY;
    localities.set(key, [...(localities.get(key) ?? []), v]);
  }
  return [...localities.entries()]
    .sort(([a], [b]) => (a === UNKNOWN_LOCALITY ? 1 : b === UNKNOWN_LOCALITY ? -1 : a.localeCompare(b)))
    .map(([key, list]) => ({ key, visits: [...list].sort((a, b) => a.time.localeCompare(b.time)) }));
}

/** the run sheet's pages: one per phlebotomist (by name), then the unassigned visits (key null), each in time order */
export function byPhlebotomist(visits: readonly HomeVisit[]): VisitGroup<StaffMember | null>[] {
  const pages = new Map<number, VisitGroup<StaffMember | null>>();
  const unassigned: HomeVisit[] = [];
  for (const v of [...visits].sort((a, b) => a.time.localeCompare(b.time))) {
    if (!v.phlebotomist) unassigned.push(v);
    else pages.set(v.phlebotomist.id, { key: v.phlebotomist, visits: [...(pages.get(v.phlebotomist.id)?.visits ?? []), v] });
  }
  const named = [...pages.values()].sort((a, b) => a.key!.name.localeCompare(b.key!.name));
  return unassigned.length ? [...named, { key: null, visits: unassigned }] : named;
}
