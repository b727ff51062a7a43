import { describe, expect, it } from 'vitest';
import { formatDate, formatMomentDate, inIndia } from './format-date.ts';

describe('inIndia', () => {
  it('reads a moment at UTC+05:30, across midnight too', () => {
    expect(inIndia(Date.parse('2026-11-22T18:29:00Z'))).toEqual({ date: '2026-11-22', time: '23:59' });
    expect(inIndia(Date.parse('2026-11-22T18:30:00Z'))).toEqual({ date: '2026-11-23', time: '00:00' });
    expect(inIndia(new Date('2026-01-01T03:30:00Z'))).toEqual({ date: '2026-01-01', time: '09:00' });
  });

  it('answers every moment of a minute alike and each other minute afresh, in any order', () => {
    const at = (iso: string) => inIndia(Date.parse(iso));
    expect(at('2026-11-22T18:29:00.000Z')).toEqual({ date: '2026-11-22', time: '23:59' });
    expect(at('2026-11-22T18:29:59.999Z')).toEqual({ date: '2026-11-22', time: '23:59' });
    expect(at('2026-11-22T18:30:00.000Z')).toEqual({ date: '2026-11-23', time: '00:00' });
    expect(at('2026-11-22T18:29:30.000Z')).toEqual({ date: '2026-11-22', time: '23:59' });
    expect(at('2025-03-01T00:00:00.000Z')).toEqual({ date: '2025-03-01', time: '05:30' });
    expect(Object.isFrozen(at('2025-03-01T00:00:10.000Z'))).toBe(true);
  });
});

describe('formatDate', () => {
  it('shows a calendar date as it is and a timestamp as its date in India', () => {
    expect(formatDate('2026-09-05')).toBe('5 Sep 2026');
    expect(formatDate('2026-11-22T19:00:00Z')).toBe('23 Nov 2026');
    expect(formatDate('not a date')).toBe('not a date');
  });
});

describe('formatMomentDate', () => {
  it('writes a moment as its India date, day month year, never as 11/28/26', () => {
    expect(formatMomentDate(Date.parse('2026-11-28T04:00:00Z'))).toBe('28 Nov 2026');
    expect(formatMomentDate(Date.parse('2026-11-27T19:00:00Z'))).toBe('28 Nov 2026');
    expect(formatMomentDate(Date.parse('2026-11-28T04:00:00Z'), 'hi')).toBe('28 नवंबर 2026');
  });
});
