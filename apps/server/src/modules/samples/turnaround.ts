// Turnaround (docs/samples.md): the hours a test's report is promised in, counted from the container's
// receipt at the lab, and its cut-off time of day (a container received after it starts its clock at the
// next opening). Pure rules with the lab's opening hours and the clock handed in: the defaults of a test
// nobody set, and the expected-by time of a container.
import type { OpeningHours } from '@lab/contract';
import { inIndia, slotEndOf } from '@lab/contract';
import { addDays, indiaMoment } from '../../lib/time.ts';

export interface Turnaround {
  /** hours from receipt (from the next opening, after the cut-off or outside the lab's hours) */
  hours: number;
  /** HH:MM India time; null: none (a container received while the lab is open starts at once) */
  cutoff: string | null;
}

/** the lab's hours on an India date (YYYY-MM-DD), null when it is closed all day */
export type OpenHoursOf = (isoDate: string) => OpeningHours | null;

const t = (hours: number, cutoff: string | null = null): Turnaround => ({ hours, cutoff });

/** the demo catalogue's tests that take longer (or less) than their category's usual time, by name */
const DEMO_TURNAROUND: Readonly<Record<string, Turnaround>> = {
  'Bone Marrow Biopsy': t(120, '14:00'),
  'Bone Marrow Analysis': t(48, '14:00'),
  'Hemoglobin Electrophoresis (HPLC)': t(48, '14:00'),
  'PCR Test': t(24, '14:00'),
  'Allergy Testing': t(72, '14:00'),
  'Vitamin D (25-OH)': t(24, '16:00'),
  'Vitamin B12': t(24, '16:00'),
  'Hormonal Assays': t(24, '16:00'),
  'Thyroid Profile (T3, T4, TSH)': t(12, '16:00'),
  'Fasting Blood Sugar': t(4, '18:00'),
};

/** a test of a category that nobody set and the demo does not name */
const BY_CATEGORY: Readonly<Record<string, Turnaround>> = {
  hematology: t(6, '18:00'),
  biochemistry: t(8, '17:00'),
  serology: t(24, '16:00'),
  microbiology: t(72, '14:00'),
  radiology: t(4),
};

/** the promised turnaround of a test when staff have not set one */
export function defaultTurnaround(testName: string, categorySlug: string): Turnaround {
  return DEMO_TURNAROUND[testName] ?? BY_CATEGORY[categorySlug] ?? t(24, '16:00');
}

/** the turnaround staff set for a test (its row's hours and cut-off), or its default */
export function turnaroundOf(row: { name: string; slug: string; tat_hours: number | null; tat_cutoff: string | null }): Turnaround & { set_by_staff: boolean } {
  if (row.tat_hours !== null) return { hours: row.tat_hours, cutoff: row.tat_cutoff, set_by_staff: true };
  return { ...defaultTurnaround(row.name, row.slug), set_by_staff: false };
}

/** a lab closed for longer than this is taken as open at the promised time (no endless search) */
const MAX_CLOSED_DAYS = 60;

/** the opening moment of the first open day after `date`, or null when none comes within the search */
function nextOpening(date: string, open: OpenHoursOf): Date | null {
  for (let i = 1; i <= MAX_CLOSED_DAYS; i++) {
    const day = addDays(date, i);
    const hours = open(day);
    if (hours) return indiaMoment(day, hours.opens);
  }
  return null;
}

/**
 * When a container's report is expected: its clock starts at receipt while the lab is open and before
 * the test's cut-off, otherwise at the next opening (the same day's, when it came before opening); the
 * promised hours run on from there; a time that falls while the lab is closed becomes the next opening,
 * since a report is released by a pathologist at work. A container serving several tests is expected by
 * the latest of theirs (expectedByAll).
 */
export function expectedBy(receivedAt: Date, turnaround: Turnaround, open: OpenHoursOf): Date {
  const at = inIndia(receivedAt);
  const today = open(at.date);
  let start: Date = receivedAt;
  if (!today || at.time >= today.closes || (turnaround.cutoff !== null && at.time >= turnaround.cutoff)) start = nextOpening(at.date, open) ?? receivedAt;
  else if (at.time < today.opens) start = indiaMoment(at.date, today.opens);
  const due = new Date(start.getTime() + turnaround.hours * 3_600_000);
  const then = inIndia(due);
  const hours = open(then.date);
  if (!hours || then.time > hours.closes) return nextOpening(then.date, open) ?? due;
  if (then.time < hours.opens) return indiaMoment(then.date, hours.opens);
  return due;
}

/** the latest expected-by time of the tests one container serves */
export function expectedByAll(receivedAt: Date, turnarounds: readonly Turnaround[], open: OpenHoursOf): Date {
  return turnarounds.reduce((latest, one) => {
    const due = expectedBy(receivedAt, one, open);
    return due > latest ? due : latest;
  }, receivedAt);
}

/**
 * When a booked visit's report is expected before the lab has its sample (docs/samples.md, "Report expected
 * by" before receipt): the slot is taken as the receipt, its start for a visit to the centre (the sample is
 * drawn at the bench) and its end for a home collection (the collector comes within the slot; the code has
 * no travel time of its own), and each test's turnaround runs from there by the receipt's rule; the latest
 * of the visit's tests wins. Once a container is received its own expected_at replaces this.
 */
export function expectedFromSlot(slot: { date: string; time: string; homeSample: boolean }, turnarounds: readonly Turnaround[], open: OpenHoursOf): Date {
  const receipt = indiaMoment(slot.date, slot.homeSample ? slotEndOf(slot.time) : slot.time);
  return expectedByAll(receipt, turnarounds, open);
}

/**
 * The new promise of a late report (decision 071): the longest turnaround of the tests still waiting runs
 * again from now, by the receipt's rule (the lab's hours, closed days and cut-offs), so the patient is
 * told a time the lab can keep; never earlier than the time already missed.
 */
export function renewedExpectation(now: Date, turnarounds: readonly Turnaround[], open: OpenHoursOf): Date {
  return expectedByAll(now, turnarounds, open);
}
