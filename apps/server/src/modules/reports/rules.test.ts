// The pure rules of results: age on the collection date, the interval for an age and sex, and the
// check and flag of a typed value.
import { describe, expect, it } from 'vitest';
import { ageInDays, ageText, checkValue, pickInterval } from './rules.ts';

const interval = (sex: 'any' | 'male' | 'female', from: number, to: number | null, unit: 'years' | 'days' = 'years') => ({
  sex, age_unit: unit, age_from: from, age_to: to, lower: 1, upper: 2, critical_low: 0.5, critical_high: 3,
});

describe('age', () => {
  it('counts from the date of birth to the collection date, or takes the age given', () => {
    expect(ageText({ date_of_birth: '1980-11-24', age_years: null, sex: 'male' }, '2026-11-23')).toBe('45 years');
    expect(ageText({ date_of_birth: '1980-11-23', age_years: null, sex: 'male' }, '2026-11-23')).toBe('46 years');
    expect(ageText({ date_of_birth: '2026-11-03', age_years: null, sex: 'male' }, '2026-11-23')).toBe('20 days');
    expect(ageText({ date_of_birth: null, age_years: 30, sex: null }, '2026-11-23')).toBe('30 years');
    expect(ageInDays({ date_of_birth: null, age_years: null, sex: 'female' }, '2026-11-23')).toBeNull();
  });
});

describe('pickInterval', () => {
  const all = [interval('any', 18, null), interval('male', 18, null), interval('any', 0, 30, 'days'), interval('any', 1, 18)];
  it('prefers the patient sex, falls back to anyone, and respects age bands in years and days', () => {
    expect(pickInterval(all, 40 * 365, 'male')).toBe(all[1]);
    expect(pickInterval(all, 40 * 365, 'female')).toBe(all[0]);
    expect(pickInterval(all, 40 * 365, 'other')).toBe(all[0]);
    expect(pickInterval(all, 10, 'male')).toBe(all[2]);
    expect(pickInterval(all, 5 * 365, 'male')).toBe(all[3]);
    // 30 days up to 1 year: no band, so no interval rather than a wrong one
    expect(pickInterval(all, 100, 'male')).toBeNull();
    expect(pickInterval(all, null, 'male')).toBeNull();
  });
});

describe('checkValue', () => {
  const number = { name: 'Haemoglobin', result_type: 'number' as const, decimals: 1, choices_json: null, normal_choice: null };
  it('flags numbers, critical limits first, and prints them with the parameter decimals', () => {
    const i = interval('any', 0, null);
    expect(checkValue(number, ' 1.5 ', i)).toEqual({ ok: true, value: '1.5', numeric: 1.5, flag: null });
    expect(checkValue(number, '2', i)).toEqual({ ok: true, value: '2.0', numeric: 2, flag: null });
    expect(checkValue(number, '2.1', i)).toMatchObject({ flag: 'H' });
    expect(checkValue(number, '0.9', i)).toMatchObject({ flag: 'L' });
    expect(checkValue(number, '0.4', i)).toMatchObject({ flag: 'LL' });
    expect(checkValue(number, '3.1', i)).toMatchObject({ flag: 'HH' });
    expect(checkValue(number, '-0.2', null)).toMatchObject({ ok: true, flag: null });
  });
  it('refuses what is not a number of the allowed precision, with the parameter named', () => {
    for (const bad of ['', 'abc', '1e3', '1,5', '.5', '0x10', 'Infinity']) expect(checkValue(number, bad, null)).toEqual({ ok: false, message: 'Haemoglobin: enter a number, e.g. 12.5.' });
    expect(checkValue(number, '1.25', null)).toEqual({ ok: false, message: 'Haemoglobin: enter at most 1 decimal.' });
    expect(checkValue({ ...number, decimals: 0 }, '1.5', null)).toEqual({ ok: false, message: 'Haemoglobin: enter a whole number.' });
  });
  it('matches a choice whatever its case and flags any but the normal one', () => {
    const choice = { name: 'HBsAg', result_type: 'choice' as const, decimals: 0, choices_json: '["Non-reactive","Reactive"]', normal_choice: 'Non-reactive' };
    expect(checkValue(choice, 'non-REACTIVE', null)).toEqual({ ok: true, value: 'Non-reactive', numeric: null, flag: null });
    expect(checkValue(choice, 'reactive', null)).toMatchObject({ value: 'Reactive', flag: 'A' });
    expect(checkValue(choice, 'weak', null)).toEqual({ ok: false, message: 'HBsAg: choose one of Non-reactive, Reactive.' });
  });
  it('takes any non-blank text', () => {
    const t = { name: 'Colour', result_type: 'text' as const, decimals: 0, choices_json: null, normal_choice: null };
    expect(checkValue(t, ' Pale yellow ', null)).toMatchObject({ ok: true, value: 'Pale yellow' });
    expect(checkValue(t, '  ', null)).toEqual({ ok: false, message: 'Colour: enter a result.' });
  });
});
