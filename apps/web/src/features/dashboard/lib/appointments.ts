// The dashboard's counts and its search and filter over appointments (docs/product.md#public-pages, #validation).
import type { UserAppointment } from '@lab/contract';
import { formatDate } from '../../../shared/lib/format-date.ts';

export type StatusFilter = 'all' | 'upcoming' | 'cancelled';

export interface AppointmentFilter {
  search: string;
  status: StatusFilter;
  /** YYYY-MM-DD, exact match; empty: any */
  date: string;
  /** matches the start of HH:MM; empty: any */
  time: string;
}

export const noFilter: AppointmentFilter = { search: '', status: 'all', date: '', time: '' };

/** As docs/product.md#api-contract has it: tests is a list, or a plain value from older records; a plain value is one test */
type Tests = UserAppointment['tests'] | unknown;

export function testCount(tests: Tests): number {
  return Array.isArray(tests) ? tests.length : 1;
}

export function testNames(tests: Tests): string[] {
  if (!Array.isArray(tests)) return tests === null || tests === undefined ? [] : [String(tests)];
  return tests.map((t: unknown) =>
    typeof t === 'object' && t !== null && 'name' in t ? String((t as { name: unknown }).name) : String(t),
  );
}

export function totals(appointments: readonly UserAppointment[]): { appointments: number; tests: number } {
  return { appointments: appointments.length, tests: appointments.reduce((n, a) => n + testCount(a.tests), 0) };
}

/** upcoming: still going ahead, i.e. neither cancelled nor already done */
export const isUpcoming = (a: UserAppointment): boolean => !a.is_cancelled && a.status !== 'completed';

export function matchesFilter(a: UserAppointment, f: AppointmentFilter): boolean {
  if (f.status === 'upcoming' && !isUpcoming(a)) return false;
  if (f.status === 'cancelled' && !a.is_cancelled) return false;
  if (f.date && a.date !== f.date) return false;
  if (f.time && !a.time.startsWith(f.time.trim())) return false;
  const q = f.search.trim().toLowerCase();
  if (!q) return true;
  // The date is searchable as stored (2026-11-25) and as shown (25 Nov 2026); the reference as printed.
  const haystack = [a.reference, a.date, formatDate(a.date), a.time, ...testNames(a.tests)];
  return haystack.some((s) => s.toLowerCase().includes(q));
}

export function filterAppointments(list: readonly UserAppointment[], f: AppointmentFilter): UserAppointment[] {
  return list.filter((a) => matchesFilter(a, f));
}

/**
 * The dashboard's order: appointments still to come first, the soonest at the top, then the rest
 * (past, completed or cancelled), the most recent first. `today` is India's date (YYYY-MM-DD).
 */
export function dashboardOrder(list: readonly UserAppointment[], today: string): UserAppointment[] {
  const when = (a: UserAppointment) => `${a.date} ${a.time}`;
  const ahead = (a: UserAppointment) => isUpcoming(a) && a.date >= today;
  const upcoming = list.filter(ahead).sort((a, b) => when(a).localeCompare(when(b)));
  const past = list.filter((a) => !ahead(a)).sort((a, b) => when(b).localeCompare(when(a)));
  return [...upcoming, ...past];
}
