// The turnaround rule: the clock starts at receipt, or at the next opening after the cut-off, outside the
// lab's hours or on a closed day; a promised time falling while the lab is closed moves to its opening.
import { hoursOn, type LabDetails } from '@lab/contract';
import { describe, expect, it } from 'vitest';
import { indiaMoment } from '../../lib/time.ts';
import { defaultTurnaround, expectedBy, expectedByAll, expectedFromSlot, type OpenHoursOf, renewedExpectation } from './turnaround.ts';

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

describe('expected-by time before receipt, from the booked slot', () => {
  const cbc = { hours: 6, cutoff: '18:00' };
  const lft = { hours: 8, cutoff: '17:00' };

  it('takes a centre visit\'s slot start as the receipt and the latest of the visit\'s tests', () => {
    // Monday 10:00: 6 h ends 16:00, 8 h ends 18:00
    expect(iso(expectedFromSlot({ date: '2026-11-30', time: '10:00', homeSample: false }, [cbc, lft], open))).toBe(iso(at('2026-11-30', '18:00')));
    expect(iso(expectedFromSlot({ date: '2026-11-30', time: '10:00', homeSample: false }, [cbc], open))).toBe(iso(at('2026-11-30', '16:00')));
  });

  it('takes a home collection\'s slot end, so a slot ending at the cut-off waits past a holiday', () => {
    // Wednesday 16:30-17:00 at home: the sample arrives at 17:00, the cut-off; Thursday is a holiday: Friday 08:00 + 8 h
    expect(iso(expectedFromSlot({ date: '2026-12-02', time: '16:30', homeSample: true }, [lft], open))).toBe(iso(at('2026-12-04', '16:00')));
    // the same slot at the centre starts before the cut-off; 8 h fall in the holiday's night: Friday's opening
    expect(iso(expectedFromSlot({ date: '2026-12-02', time: '16:30', homeSample: false }, [lft], open))).toBe(iso(at('2026-12-04', '08:00')));
  });

  it('skips Sunday after a Saturday slot ending at closing', () => {
    expect(iso(expectedFromSlot({ date: '2026-12-05', time: '13:30', homeSample: true }, [cbc], open))).toBe(iso(at('2026-12-07', '14:00')));
  });

  it('renews a missed promise from now within the lab\'s hours', () => {
    // Friday 19:00, past the 18:00 cut-off: Saturday 08:00 + 6 h = 14:00, Saturday's closing
    expect(iso(renewedExpectation(at('2026-12-04', '19:00'), [cbc], open))).toBe(iso(at('2026-12-05', '14:00')));
    // Wednesday 12:00, before the cut-off: 12:00 + 8 h = 20:00, the closing
    expect(iso(renewedExpectation(at('2026-12-02', '12:00'), [cbc, lft], open))).toBe(iso(at('2026-12-02', '20:00')));
  });
});
