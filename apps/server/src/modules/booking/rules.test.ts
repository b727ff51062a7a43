// Unit tests of the booking schedule and address rules, on a fixed clock.
import { describe, expect, it } from 'vitest';
import { inEnglish } from '@lab/contract';
import { sayFields } from '../../lib/errors.ts';
import { addressFor as addressSaid, MESSAGES as SAID, scheduleErrors as scheduleSaid } from './rules.ts';

// the rules' messages in English, as the API sends them when no language is asked for
const scheduleErrors = (...args: Parameters<typeof scheduleSaid>) => sayFields('en', scheduleSaid(...args));
const addressFor = (...args: Parameters<typeof addressSaid>) => {
  const found = addressSaid(...args);
  return 'error' in found ? { error: sayFields('en', found.error) } : found;
};
const MESSAGES = Object.fromEntries(Object.entries(SAID).map(([key, said]) => [key, inEnglish(said)])) as Record<keyof typeof SAID, string>;

// 2030-06-15 14:30 in India (09:00 UTC)
const now = new Date('2030-06-15T09:00:00Z');
// the contract's wording for a time outside the lab's hours (docs/product.md#validation)
const outsideHours = 'Choose a time between 09:00 and 21:00.';

describe('schedule', () => {
  it('accepts a future day from 09:00 to 21:00 inclusive', () => {
    for (const time of ['09:00', '12:00', '21:00']) expect(scheduleErrors('2030-06-16', time, now)).toEqual({});
  });

  it('refuses times outside the window', () => {
    for (const time of ['08:59', '21:01', '00:00', '23:59']) expect(scheduleErrors('2030-06-16', time, now)).toEqual({ time: [outsideHours] });
  });

  it('refuses a past date by the India calendar', () => {
    expect(scheduleErrors('2030-06-14', '10:00', now)).toEqual({ date: [MESSAGES.pastDate] });
    // 20:00 UTC on the 14th is already the 15th in India
    expect(scheduleErrors('2030-06-14', '10:00', new Date('2030-06-14T20:00:00Z'))).toEqual({ date: [MESSAGES.pastDate] });
    expect(scheduleErrors('2030-06-15', '10:00', new Date('2030-06-14T20:00:00Z'))).toEqual({});
  });

  it('today: accepts the current minute and later, refuses a time already gone', () => {
    expect(scheduleErrors('2030-06-15', '14:30', now)).toEqual({});
    expect(scheduleErrors('2030-06-15', '18:00', now)).toEqual({});
    expect(scheduleErrors('2030-06-15', '14:29', now)).toEqual({ time: [MESSAGES.pastTime] });
    expect(scheduleErrors('2030-06-15', '09:00', now)).toEqual({ time: [MESSAGES.pastTime] });
  });

  it('names the fields it is told to (reschedule uses new_date and new_time)', () => {
    expect(scheduleErrors('2030-06-01', '22:00', now, { date: 'new_date', time: 'new_time' })).toEqual({
      new_date: [MESSAGES.pastDate],
      new_time: [outsideHours],
    });
  });
});

describe('address', () => {
  it('is required and trimmed with home collection, dropped without', () => {
    expect(addressFor(true, ' 12 MG Road ')).toEqual({ address: '12 MG Road' });
    expect(addressFor(true, '  ')).toEqual({ error: { address: [MESSAGES.addressRequired] } });
    expect(addressFor(true, undefined)).toEqual({ error: { address: [MESSAGES.addressRequired] } });
    expect(addressFor(false, '12 MG Road')).toEqual({ address: '' });
  });
});
