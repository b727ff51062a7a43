// The TAT report's rules: the buckets of a wait and their edges, the India week of a release (Monday start,
// India's date, not UTC's), a test's count and on-time mark, and the percentile read from a histogram.
import { describe, expect, it } from 'vitest';
import { addCounts, histogramPercentile, indiaWeek, tatBucket, tatBucketHours, tatCountOf, weeksEnding } from './tat.ts';

describe('buckets of a wait', () => {
  it('are closed at their upper edge, 15 minutes to a day, an hour to 3 days, 6 hours to 14 days, then one', () => {
    expect([0, -5, 1, 15, 16, 360, 1440, 1441, 4320, 4321, 20160, 20161, 99999].map(tatBucket)).toEqual([0, 0, 1, 1, 2, 24, 96, 97, 144, 145, 188, 189, 189]);
    expect([0, 1, 24, 96, 97, 144, 145, 188, 189].map(tatBucketHours)).toEqual([0, 0.25, 6, 24, 25, 72, 78, 336, 336]);
    // every edge is the wait that lands on it
    for (let b = 1; b <= 188; b++) expect(tatBucket(tatBucketHours(b) * 60)).toBe(b);
  });
});

describe('the India week', () => {
  it("starts on Monday by India's date", () => {
    // Sunday 29 Nov 2026 20:00 UTC is Monday 30 Nov 01:30 in India
    expect(indiaWeek(Date.parse('2026-11-29T20:00:00Z'))).toBe('2026-11-30');
    expect(indiaWeek(Date.parse('2026-11-29T18:00:00Z'))).toBe('2026-11-23');
    expect(indiaWeek(Date.parse('2026-11-23T00:00:00Z'))).toBe('2026-11-23');
    expect(weeksEnding('2026-11-29', 3)).toEqual(['2026-11-09', '2026-11-16', '2026-11-23']);
    expect(weeksEnding('2026-11-30', 1)).toEqual(['2026-11-30']);
  });
});

describe('a count and its percentiles', () => {
  it('marks on time at or before the expected time, late after it', () => {
    expect(tatCountOf(7, '2026-11-23T04:00:00.000Z', '2026-11-23T10:00:00.000Z', '2026-11-23T10:00:00.000Z')).toEqual({
      test_id: 7,
      week: '2026-11-23',
      bucket: 24,
      released: 1,
      on_time: 1,
    });
    expect(tatCountOf(7, '2026-11-23T04:00:00.000Z', '2026-11-23T10:00:01.000Z', '2026-11-23T10:00:00.000Z')).toMatchObject({ bucket: 25, on_time: 0 });
    expect(tatCountOf(7, '2026-11-23T04:00:00.000Z', '2026-11-23T10:00:00.000Z', null)).toMatchObject({ on_time: 0 });
    expect(
      addCounts([
        tatCountOf(7, '2026-11-23T04:00:00.000Z', '2026-11-23T10:00:00.000Z', null),
        tatCountOf(7, '2026-11-24T04:00:00.000Z', '2026-11-24T10:00:00.000Z', '2026-11-25T00:00:00.000Z'),
      ]),
    ).toEqual([{ test_id: 7, week: '2026-11-23', bucket: 24, released: 2, on_time: 1 }]);
  });

  it('reads the nearest rank from the histogram', () => {
    // ten waits: 1 h ×5, 2 h ×4, 30 h ×1
    const h = new Map([
      [4, 5],
      [8, 4],
      [102, 1],
    ]);
    expect(histogramPercentile(h, 0.5)).toBe(1);
    expect(histogramPercentile(h, 0.9)).toBe(2);
    expect(
      histogramPercentile(
        new Map([
          [102, 1],
          [4, 5],
          [8, 3],
        ]),
        0.9,
      ),
    ).toBe(30);
    expect(histogramPercentile(new Map(), 0.5)).toBeNull();
  });
});
