// The dashboard's counts and its search and filter (docs/product.md#public-pages, #validation).
import type { UserAppointment } from '@lab/contract';
import { describe, expect, it } from 'vitest';
import { dashboardOrder, filterAppointments, noFilter, totals } from './appointments.ts';

const appt = (id: string, date: string, time: string, tests: UserAppointment['tests'], over: Partial<UserAppointment> = {}): UserAppointment => ({
  id,
  reference: `LC-${id.padEnd(4, 'A').slice(0, 4).toUpperCase()}-AA`,
  date,
  time,
  tests,
  is_cancelled: false,
  status: 'booked',
  home_sample: false,
  address: '',
  total_price: 0,
  created_at: '2026-11-01T10:00:00Z',
  ...over,
});

const list = [
  appt('a', '2026-11-25', '10:00', [{ id: 1, name: 'Lipid Profile', price: 600 }]),
  appt('b', '2026-11-26', '15:30', [
    { id: 2, name: 'Serum Ferritin', price: 650 },
    { id: 3, name: 'Complete Blood Count (CBC)', price: 350 },
  ], { is_cancelled: true, status: 'cancelled' }),
  appt('c', '2026-12-01', '10:45', [], { status: 'completed' }),
];

const ids = (f: Partial<typeof noFilter>) => filterAppointments(list, { ...noFilter, ...f }).map((a) => a.id);

describe('totals', () => {
  it('counts appointments and their tests; a tests value that is not a list counts as one', () => {
    expect(totals(list)).toEqual({ appointments: 3, tests: 3 });
    const legacy = appt('d', '2026-11-25', '10:00', 'CBC' as unknown as UserAppointment['tests']);
    expect(totals([...list, legacy])).toEqual({ appointments: 4, tests: 4 });
  });
});

describe('filterAppointments', () => {
  it('searches date (stored and shown), time and test names, case-insensitively', () => {
    expect(ids({ search: 'ferritin' })).toEqual(['b']);
    expect(ids({ search: '2026-11' })).toEqual(['a', 'b']);
    expect(ids({ search: '25 Nov' })).toEqual(['a']);
    expect(ids({ search: '15:3' })).toEqual(['b']);
    expect(ids({ search: 'nothing' })).toEqual([]);
  });

  it('filters by status, exact date and time prefix, together', () => {
    expect(ids({ status: 'cancelled' })).toEqual(['b']);
    expect(ids({ status: 'upcoming' })).toEqual(['a']);
    expect(ids({ date: '2026-11-26' })).toEqual(['b']);
    expect(ids({ time: '10' })).toEqual(['a', 'c']);
    expect(ids({ time: '10', status: 'upcoming' })).toEqual(['a']);
    expect(ids({})).toEqual(['a', 'b', 'c']);
  });
});

describe('dashboardOrder', () => {
  it('puts appointments still to come first, soonest on top, then the rest, most recent first', () => {
    const today = '2026-11-23';
    const ordered = dashboardOrder(
      [
        appt('late', '2026-12-10', '09:00', []),
        appt('old', '2026-10-01', '10:00', []),
        appt('soon', '2026-11-23', '18:00', []),
        appt('cancelled', '2026-11-30', '10:00', [], { is_cancelled: true, status: 'cancelled' }),
        appt('sooner', '2026-11-23', '09:30', []),
        appt('done', '2026-11-20', '10:00', [], { status: 'completed' }),
      ],
      today,
    );
    expect(ordered.map((a) => a.id)).toEqual(['sooner', 'soon', 'late', 'cancelled', 'done', 'old']);
  });
});
