import { describe, expect, it } from 'vitest';
import { hiddenFields, stateOf, stepHref, stepOf, wantsFirstFreeDay } from './book-steps.ts';

const params = (q: string) => new URLSearchParams(q);

describe('the booking in plain steps', () => {
  it('reads the choices from the address, dropping what cannot be an id, a date or a time', () => {
    const s = stateOf(params('tests=3&tests=3,7&tests=x&tests=-1&tests=99999999999&date=2026-12-01&time=10:30&name=%20Asha%20&where=home&pin=302001'));
    expect(s).toMatchObject({ tests: [3, 7], date: '2026-12-01', time: '10:30', name: 'Asha', where: 'home', address: { pin: '302001', house: '' } });
    expect(stateOf(params('date=tomorrow&time=late'))).toMatchObject({ date: '', time: '' });
  });

  it('shows the first step not done, with why, whatever step is asked', () => {
    expect(stepOf(params('step=review'), stateOf(params('')))).toEqual({ step: 'tests', missing: 'patient.steps.needTests' });
    expect(stepOf(params('step=who&tests=3&date=2026-12-01'), stateOf(params('tests=3&date=2026-12-01')))).toEqual({ step: 'when', missing: 'patient.steps.needWhen' });
    const home = 'tests=3&date=2026-12-01&time=10:30&where=home&house=12';
    expect(stepOf(params(`step=who&${home}`), stateOf(params(home)))).toEqual({ step: 'when', missing: 'patient.steps.needAddress' });
    const done = 'tests=3&date=2026-12-01&time=10:30&name=Asha&email=a@example.com&phone=9829012345';
    expect(stepOf(params(`step=review&${done}`), stateOf(params(done)))).toEqual({ step: 'review', missing: null });
    expect(stepOf(params(`step=nonsense&${done}`), stateOf(params(done)))).toEqual({ step: 'tests', missing: null });
  });

  it('carries every choice but the shown ones in hidden fields, and links back to a step with all of them', () => {
    const s = stateOf(params('tests=3&tests=7&date=2026-12-01&time=10:30&name=Asha&where=centre&house=12'));
    expect(hiddenFields(s, ['name'])).toEqual([
      ['tests', '3'],
      ['tests', '7'],
      ['date', '2026-12-01'],
      ['time', '10:30'],
    ]);
    expect(stepHref('/book', s, 'when')).toBe('/book?tests=3&tests=7&date=2026-12-01&time=10%3A30&name=Asha&step=when');
  });

  it('opens "when" on the first free day only without a date of the patient\'s (decision 078)', () => {
    const at = (q: string) => wantsFirstFreeDay(params(q), stateOf(params(q)), 'when');
    expect(at('tests=3')).toBe(true);
    // the day the page chose, sent back unchanged (the kind of visit changed): looked for again
    expect(at('tests=3&where=home&date=2026-12-01&firstFree=2026-12-01')).toBe(true);
    // a date the patient typed, over the page's or alone: kept
    expect(at('tests=3&date=2026-12-04&firstFree=2026-12-01')).toBe(false);
    expect(at('tests=3&date=2026-12-04')).toBe(false);
    // only on that step
    expect(wantsFirstFreeDay(params('tests=3'), stateOf(params('tests=3')), 'who')).toBe(false);
  });
});
