// The turnaround rule: the clock starts at receipt, or at the next opening after the cut-off, outside the
// lab's hours or on a closed day; a promised time falling while the lab is closed moves to its opening.
import { hoursOn, type LabDetails } from '@lab/contract';
import { describe, expect, it } from 'vitest';
import { indiaMoment } from '../../lib/time.ts';
import { defaultTurnaround, expectedBy, expectedByAll, type OpenHoursOf } from './turnaround.ts';

const week: LabDetails['hours'] = {
  mon: { opens: '08:00', closes: '20:00' },
  tue: { opens: '08:00', closes: '20:00' },
  wed: { opens: '08:00', closes: '20:00' },
  thu: { opens: '08:00', closes: '20:00' },
  fri: { opens: '08:00', closes: '20:00' },
  sat: { opens: '08:00', closes: '14:00' },
  sun: null,
};
/** 2026-12-02 is a Wednesday; Thursday 2026-12-03 is a holiday */
const HOLIDAY = '2026-12-03';
const open: OpenHoursOf = (date) => (date === HOLIDAY ? null : hoursOn({ hours: week }, date));
const at = (date: string, time: string) => indiaMoment(date, time);
const iso = (d: Date) => d.toISOString();

describe('expected-by time', () => {
  it('runs the promised hours from a receipt in working hours before the cut-off', () => {
    expect(iso(expectedBy(at('2026-11-30', '10:15'), { hours: 6, cutoff: '18:00' }, open))).toBe(iso(at('2026-11-30', '16:15')));
  });

  it('starts at the opening when the container comes before it', () => {
    expect(iso(expectedBy(at('2026-11-30', '06:30'), { hours: 4, cutoff: null }, open))).toBe(iso(at('2026-11-30', '12:00')));
  });

  it('starts the next open day after the cut-off', () => {
    expect(iso(expectedBy(at('2026-11-30', '18:01'), { hours: 6, cutoff: '18:00' }, open))).toBe(iso(at('2026-12-01', '14:00')));
    // without a cut-off the same container starts at once, and its time past closing moves to the opening
    expect(iso(expectedBy(at('2026-11-30', '18:01'), { hours: 6, cutoff: null }, open))).toBe(iso(at('2026-12-01', '08:00')));
  });

  it('skips closed days: a holiday, then a Sunday', () => {
    // received Wednesday after the cut-off: Thursday is a holiday, so the clock starts Friday 08:00
    expect(iso(expectedBy(at('2026-12-02', '17:30'), { hours: 8, cutoff: '17:00' }, open))).toBe(iso(at('2026-12-04', '16:00')));
    // a culture received Friday: 72 hours fall on Monday 08:00 (Saturday afternoon and Sunday count, it grows)
    expect(iso(expectedBy(at('2026-12-04', '08:00'), { hours: 72, cutoff: '14:00' }, open))).toBe(iso(at('2026-12-07', '08:00')));
    // received Saturday after closing: Sunday is closed, the clock starts Monday
    expect(iso(expectedBy(at('2026-12-05', '15:00'), { hours: 2, cutoff: null }, open))).toBe(iso(at('2026-12-07', '10:00')));
    // due on Sunday: the next opening, Monday
    expect(iso(expectedBy(at('2026-12-05', '09:00'), { hours: 24, cutoff: null }, open))).toBe(iso(at('2026-12-07', '08:00')));
  });

  it('moves a time past closing to the next opening', () => {
    expect(iso(expectedBy(at('2026-11-30', '15:00'), { hours: 6, cutoff: '18:00' }, open))).toBe(iso(at('2026-12-01', '08:00')));
  });

  it('takes the latest of the tests one container serves', () => {
    const due = expectedByAll(at('2026-11-30', '10:00'), [{ hours: 2, cutoff: null }, { hours: 8, cutoff: '17:00' }, { hours: 4, cutoff: null }], open);
    expect(iso(due)).toBe(iso(at('2026-11-30', '18:00')));
  });

  it('gives every test a default: named demo tests their own, others their category\'s', () => {
    expect(defaultTurnaround('Bone Marrow Biopsy', 'hematology')).toEqual({ hours: 120, cutoff: '14:00' });
    expect(defaultTurnaround('Complete Blood Count (CBC)', 'hematology')).toEqual({ hours: 6, cutoff: '18:00' });
    expect(defaultTurnaround('Some new test', 'unknown')).toEqual({ hours: 24, cutoff: '16:00' });
  });
});
