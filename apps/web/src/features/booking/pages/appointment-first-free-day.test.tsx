// @vitest-environment jsdom
// The booking page's "when" step on a phone opens on the first free day (decision 078): the day found
// walking from today a day at a time, its times shown, said in words; a date the patient typed kept; none
// in fourteen days said and the date left empty; a desktop's whole form as it was.
import { addDays, type SlotDay } from '@lab/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../../../shared/auth/auth-context.tsx';
import { InLanguage } from '../../../shared/i18n/test-language.tsx';
import { todayInIndia } from '../../../shared/lib/format-date.ts';
import { PHONE_QUERY } from '../../../shared/lib/phone-width.ts';
import AppointmentPage from './appointment-page.tsx';

const today = todayInIndia();
const closed = (date: string, homeSample: boolean): SlotDay => ({ date, home_sample: homeSample, closed: true, reason: 'The lab is closed on this day.', slots: [] });
const withSeats = (seats: number) => (date: string, homeSample: boolean): SlotDay => ({
  date,
  home_sample: homeSample,
  closed: false,
  slots: [
    { start: '09:00', end: '09:30', seats_left: seats },
    { start: '09:30', end: '10:00', seats_left: seats },
  ],
});

type Day = (date: string, homeSample: boolean) => SlotDay;

/**
 * The API: the catalogue (empty) and each day's slots as `days` says by days after today (closed when
 * not said). Notes every day asked for and how many were asked at once; `hold` keeps the answers back
 * until it is let go.
 */
function serve(days: Record<number, Day>, { hold = false } = {}) {
  const asked: string[] = [];
  let inFlight = 0;
  let most = 0;
  let letGo: () => void = () => {};
  const held = hold ? new Promise<void>((r) => (letGo = () => r())) : Promise.resolve();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://lab.test');
      const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
      if (url.pathname === '/api/tests/') return json(200, []);
      if (url.pathname === '/api/slots/') {
        const date = url.searchParams.get('date')!;
        const home = url.searchParams.get('home_sample') === 'true';
        asked.push(date);
        most = Math.max(most, ++inFlight);
        await held;
        inFlight--;
        const n = Array.from({ length: 30 }, (_, i) => i).find((i) => addDays(today, i) === date);
        return json(200, (n === undefined ? closed : (days[n] ?? closed))(date, home));
      }
      return json(404, { error: 'Not found.' });
    }),
  );
  return { asked, most: () => most, letGo: () => letGo() };
}

/** a phone's screen (below 640 px) or a desktop's */
function screenOf(phone: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: phone && query === PHONE_QUERY, media: query, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {}, onchange: null, dispatchEvent: () => false }));
}

function showWhenStep() {
  const router = createMemoryRouter(
    [
      {
        path: '/Appointment',
        element: (
          <InLanguage locale="en">
            <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
              <AuthProvider>
                <AppointmentPage />
              </AuthProvider>
            </QueryClientProvider>
          </InLanguage>
        ),
      },
    ],
    { initialEntries: ['/Appointment?step=when'] },
  );
  render(<RouterProvider router={router} />);
}

const dateField = () => screen.getByLabelText('Date', { selector: 'input' }) as HTMLInputElement;

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe("the phone's when step opens on the first free day", () => {
  it('skips a closed day and a full one, asking a day at a time, and shows the day found with its times', { timeout: 20_000 }, async () => {
    screenOf(true);
    const api = serve({ 1: withSeats(0), 2: withSeats(3), 3: withSeats(5) });
    showWhenStep();
    expect(await screen.findByText('This is the first day with a free time. You can choose another date.')).toBeTruthy();
    expect(dateField().value).toBe(addDays(today, 2));
    expect(await screen.findByRole('radio', { name: '09:00 to 09:30, 3 places left' })).toBeTruthy();
    // the walk stopped at the day found (which the slot picker may ask again, as it asks for any day it shows)
    expect(api.asked.slice(0, 3)).toEqual([today, addDays(today, 1), addDays(today, 2)]);
    expect(new Set(api.asked)).toEqual(new Set([today, addDays(today, 1), addDays(today, 2)]));
    expect(api.most()).toBe(1);
    expect(dateField().getAttribute('aria-describedby')).toContain('date-note');
  });

  it('keeps a date the patient typed while it was looking', { timeout: 20_000 }, async () => {
    screenOf(true);
    const api = serve({ 1: withSeats(3), 5: withSeats(4) }, { hold: true });
    showWhenStep();
    expect(await screen.findByText('Looking for the first day with a free time...')).toBeTruthy();
    fireEvent.change(dateField(), { target: { value: addDays(today, 5) } });
    api.letGo();
    expect(await screen.findByRole('radio', { name: '09:00 to 09:30, 4 places left' })).toBeTruthy();
    // the answers are in: the patient's date stands, nothing says it is the first free day, and the
    // walk was called off at the patient's choice (tomorrow, free, never asked)
    await waitFor(() => expect(api.asked).toEqual([today, addDays(today, 5)]));
    await new Promise((r) => setTimeout(r, 50));
    expect(api.asked).toEqual([today, addDays(today, 5)]);
    expect(dateField().value).toBe(addDays(today, 5));
    expect(screen.queryByText(/first day with a free time/)).toBeNull();
  });

  it('leaves the date empty and says so when no day of the fourteen has a free time', { timeout: 20_000 }, async () => {
    screenOf(true);
    const api = serve({ 1: withSeats(0), 2: withSeats(0), 20: withSeats(9) });
    showWhenStep();
    expect(await screen.findByText('No time is free in the next 14 days. Please choose a later date.')).toBeTruthy();
    expect(dateField().value).toBe('');
    expect(screen.getByText('Choose a date to see the times.')).toBeTruthy();
    expect(api.asked).toEqual(Array.from({ length: 14 }, (_, n) => addDays(today, n)));
    expect(api.most()).toBe(1);
  });

  it("leaves a desktop's whole form as it was: no date chosen for the patient", { timeout: 20_000 }, async () => {
    screenOf(false);
    const api = serve({ 1: withSeats(3) });
    showWhenStep();
    expect(await screen.findByText('Choose a date to see the times.')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 50));
    expect(dateField().value).toBe('');
    expect(api.asked).toEqual([]);
  });
});
