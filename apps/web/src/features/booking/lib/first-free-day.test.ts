import { addDays, type SlotDay } from '@lab/contract';
import { describe, expect, it } from 'vitest';
import { FIRST_FREE_DAYS, firstFreeDay, hasFreeTime } from './first-free-day.ts';

const open = (date: string, slots: Array<[string, number]>): SlotDay => ({ date, home_sample: false, closed: false, slots: slots.map(([start, seats_left]) => ({ start, end: `${start.slice(0, 3)}30`, seats_left })) });
const closed = (date: string): SlotDay => ({ date, home_sample: false, closed: true, reason: 'The lab is closed on this day.', slots: [] });

/** an API of days by date (closed when not listed) that notes what was asked, and how many at once */
function api(days: Record<string, (date: string) => SlotDay>) {
  const asked: string[] = [];
  let inFlight = 0;
  let most = 0;
  const ask = async (date: string) => {
    asked.push(date);
    most = Math.max(most, ++inFlight);
    await new Promise((r) => setTimeout(r, 1));
    inFlight--;
    return (days[date] ?? closed)(date);
  };
  return { ask, asked, most: () => most };
}

describe('the first free day', () => {
  it('counts days across the month and the year', () => {
    expect(addDays('2026-11-29', 0)).toBe('2026-11-29');
    expect(addDays('2026-11-29', 3)).toBe('2026-12-02');
    expect(addDays('2026-12-25', 13)).toBe('2027-01-07');
  });

  it('is the first day, from today, that is open with a seat left at a time that suits the tests, asked a day at a time', async () => {
    const { ask, asked, most } = api({
      // today: closed (not listed); tomorrow: every seat taken; the day after: only a time too late for a fasting test
      '2026-11-30': (d) => open(d, [['09:00', 0], ['09:30', 0]]),
      '2026-12-01': (d) => open(d, [['10:30', 0], ['11:00', 4]]),
      '2026-12-02': (d) => open(d, [['09:00', 0], ['10:30', 2], ['15:00', 5]]),
      '2026-12-03': (d) => open(d, [['09:00', 9]]),
    });
    const day = await firstFreeDay('2026-11-29', ask, '11:00');
    expect(day?.date).toBe('2026-12-02');
    // one after the other, never two at once, and none after the one found
    expect(asked).toEqual(['2026-11-29', '2026-11-30', '2026-12-01', '2026-12-02']);
    expect(most()).toBe(1);
  });

  it('takes a later time when the tests need no early visit', async () => {
    const { ask } = api({ '2026-12-01': (d) => open(d, [['10:30', 0], ['11:00', 4]]) });
    expect((await firstFreeDay('2026-12-01', ask, null))?.date).toBe('2026-12-01');
    expect(hasFreeTime(open('2026-12-01', [['11:00', 4]]), '11:00')).toBe(false);
    expect(hasFreeTime({ ...open('2026-12-01', [['09:00', 4]]), closed: true }, null)).toBe(false);
  });

  it('is none when no day of the fourteen has a free time, after asking each of them once', async () => {
    const full = (d: string) => open(d, [['09:00', 0]]);
    const { ask, asked } = api(Object.fromEntries(Array.from({ length: 20 }, (_, n) => [addDays('2026-11-29', n), full])));
    expect(await firstFreeDay('2026-11-29', ask, null)).toBeNull();
    expect(FIRST_FREE_DAYS).toBe(14);
    expect(asked).toEqual(Array.from({ length: 14 }, (_, n) => addDays('2026-11-29', n)));
  });

  it('stops asking once called off', async () => {
    const walk = new AbortController();
    const asked: string[] = [];
    const ask = async (date: string) => {
      asked.push(date);
      if (asked.length === 2) walk.abort();
      return closed(date);
    };
    expect(await firstFreeDay('2026-11-29', ask, null, walk.signal)).toBeNull();
    expect(asked).toHaveLength(2);
  });
});
