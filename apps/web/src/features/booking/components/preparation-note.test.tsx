// @vitest-environment jsdom
// The preparation note words the latest time for the visit: the patient comes to the centre before it,
// or at home the sample is drawn before it; in English and Hindi alike.
import type { CombinedPreparation } from '@lab/contract';
import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { InLanguage } from '../../../shared/i18n/test-language.tsx';
import { BookingConfirmation } from './booking-confirmation.tsx';
import { PreparationNote } from './preparation-note.tsx';

const fasting: CombinedPreparation = { fastingHours: 10, instructions: ['Water only.'], latestTime: '11:00' };

function linesOf(locale: 'en' | 'hi', homeSample: boolean, preparation = fasting): string[] {
  render(
    <InLanguage locale={locale}>
      <PreparationNote preparation={preparation} homeSample={homeSample} />
    </InLanguage>,
  );
  return within(screen.getByRole('region')).getAllByRole('listitem').map((li) => li.textContent ?? '');
}

afterEach(cleanup);

describe('PreparationNote', () => {
  const cases = [
    { locale: 'en', home: false, fast: 'Fast for at least 10 hours before the sample (water is fine).', time: 'Come before 11:00.' },
    { locale: 'en', home: true, fast: 'Fast for at least 10 hours before the sample (water is fine).', time: 'The sample must be drawn before 11:00.' },
    { locale: 'hi', home: false, fast: 'सैंपल से पहले कम से कम 10 घंटे खाली पेट रहें (पानी पी सकते हैं)।', time: '11:00 से पहले आएँ।' },
    { locale: 'hi', home: true, fast: 'सैंपल से पहले कम से कम 10 घंटे खाली पेट रहें (पानी पी सकते हैं)।', time: 'सैंपल 11:00 से पहले लिया जाना चाहिए।' },
  ] as const;

  for (const { locale, home, fast, time } of cases) {
    it(`${locale}, ${home ? 'at home' : 'at the centre'}: "${time}"`, () => {
      expect(linesOf(locale, home)).toEqual([fast, 'Water only.', time]);
    });
  }

  it('says no time when the tests have none, wherever the sample is taken', () => {
    expect(linesOf('hi', true, { fastingHours: null, instructions: ['Water only.'], latestTime: null })).toEqual(['Water only.']);
  });
});

describe('the confirmation of a booking', () => {
  function confirmationNote(homeSample: boolean) {
    const booked = { id: 'k3Xp9QmT2vLw8RzA', reference: 'LC-7K4M-Q2', date: '2030-01-15', time: '10:30', homeSample, preparation: fasting };
    const router = createMemoryRouter([{ path: '/', element: <BookingConfirmation booked={booked} onBookAnother={() => {}} /> }]);
    render(
      <InLanguage locale="hi">
        <RouterProvider router={router} />
      </InLanguage>,
    );
    return within(screen.getByRole('region', { name: 'जाँच से पहले की तैयारी' })).getAllByRole('listitem').at(-1)?.textContent;
  }

  it('words the time for a home collection, and for a visit to the centre', () => {
    expect(confirmationNote(true)).toBe('सैंपल 11:00 से पहले लिया जाना चाहिए।');
    cleanup();
    expect(confirmationNote(false)).toBe('11:00 से पहले आएँ।');
  });
});
