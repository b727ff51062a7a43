import { describe, expect, it } from 'vitest';
import { copyrightYear, whatsappHref } from './lab-info.ts';
import { makeLanguage } from '../i18n/i18n.tsx';
import { testCatalogues } from '../i18n/test-language.tsx';
import { hoursByDay, hoursSummary } from './opening-hours.ts';

const day = { opens: '09:00', closes: '21:00' };
const demoWeek = { hours: { mon: day, tue: day, wed: day, thu: day, fri: day, sat: day, sun: null } };
const english = makeLanguage({ locale: 'en', messages: testCatalogues.en });

describe('the lab details as printed', () => {
  it('sums up the week as runs of days with the same hours', () => {
    expect(hoursSummary(demoWeek, english)).toBe('Mon-Sat 9am to 9pm, Sun closed');
    expect(hoursSummary({ hours: { ...demoWeek.hours, sat: { opens: '08:30', closes: '13:00' } } }, english)).toBe(
      'Mon-Fri 9am to 9pm, Sat 8:30am to 1pm, Sun closed',
    );
  });

  it('lists every weekday, Monday first, with Closed for a closed day', () => {
    const week = hoursByDay(demoWeek, english);
    expect(week.map((d) => d.day)).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);
    expect(week[0]?.hours).toBe('9am to 9pm');
    expect(week[6]?.hours).toBe('Closed');
  });

  it('makes a wa.me link of the digits only, and none without a number', () => {
    expect(whatsappHref('+91 98290 12345')).toBe('https://wa.me/919829012345');
    expect(whatsappHref('')).toBeNull();
  });

  it('takes the copyright year from the date in India, which turns at midnight there', () => {
    expect(copyrightYear(Date.parse('2026-12-31T18:29:00Z'))).toBe(2026);
    expect(copyrightYear(Date.parse('2026-12-31T18:30:00Z'))).toBe(2027);
  });
});
