// @vitest-environment jsdom
// The check of the booking form (/Appointment) with Hindi chosen: drawn as the browser draws it,
// with the API's answers, in each of its states (no date yet, the tests' list open, the day's slots with
// a full one and the later ones withheld for a fasting test, home collection with its address and a
// served and an unserved PIN, booking for someone under 18 with the guardian's fields, the phone's
// error, a refused booking and a booked one). Latin letters may show only in the data the API sent
// (test names, prices, the server's own messages) and in words that are the same in Hindi
// (hindi-patient-screens.test.tsx checks the other patient screens the same way).
import { GUARDIAN_RELATIONS, guardianRelationLabels, type LabTest, laterSlotsWithheld, m, PIN_NOT_SERVED, preparationLines, sayIn, type SlotDay, slotLabel } from '@lab/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { labTest } from './features/booking/lib/lab-test-factory.ts';
import AppointmentPage from './features/booking/pages/appointment-page.tsx';
import { AuthProvider } from './shared/auth/auth-context.tsx';
import { makeLanguage } from './shared/i18n/i18n.tsx';
import { InLanguage, testCatalogues } from './shared/i18n/test-language.tsx';
import { untranslatedLines } from './untranslated-english.ts';

// the lab's own instructions as `?lang=hi` answers them: in Hindi where staff wrote them
const lipidInstructionsHi = '10 से 12 घंटे खाली पेट रहें: सिर्फ़ पानी, चाय या कॉफ़ी नहीं।';
const tests: LabTest[] = [
  labTest(1, 'Lipid Profile', 1200, { membership_price: 1020, preparation: { fasting_hours: 12, instructions: lipidInstructionsHi, latest_time: '11:00' } }),
  // a Hindi name where the lab gave one (`?lang=hi`), found by its English name too
  labTest(2, 'सीबीसी (कंप्लीट ब्लड काउंट)', 350, { name_en: 'Complete Blood Count (CBC)' }),
];
const date = '2030-01-15';
const slots = (homeSample: boolean): SlotDay => ({
  date,
  home_sample: homeSample,
  closed: false,
  slots: [
    { start: '10:00', end: '10:30', seats_left: 0 },
    { start: '10:30', end: '11:00', seats_left: 3 },
    { start: '11:00', end: '11:30', seats_left: 1 },
  ],
});
const refused = 'This time slot is full. Please choose another time.';
/** a booking refused field by field, as the server says it to a Hindi page */
const refusedFields = {
  user_email: [sayIn('hi', m('validation.email'))],
  user_phone: [sayIn('hi', m('validation.phone'))],
  'consent.notice_version': [sayIn('hi', m('consent.notice_outdated', { version: '2026-11' }))],
};

/** everything the API sent: the data a screen may show as it is */
const stringsOf = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : value && typeof value === 'object' ? Object.values(value).flatMap(stringsOf) : [];
const data = [...stringsOf(tests), refused, 'Malviya Nagar', 'LC-7K4M-Q2', 'Asha Rao', 'asha@example.com'].join('\n');
const isData = (text: string) => data.includes(text.replace(/\)$/, ''));
const english = () => untranslatedLines(document.body.innerHTML, isData);

/** the API: the tests, the day's slots (or a failure), PIN 302017 served, others not, and the booking's answer */
function serve({ slotsFail = false, booking = 'refused' }: { slotsFail?: boolean; booking?: 'refused' | 'booked' | 'fields' } = {}) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const path = input.replace(/^https?:\/\/[^/]+/, '');
      const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
      if (path === '/api/tests/?lang=hi') return json(200, tests);
      if (path.startsWith('/api/slots/')) return slotsFail ? json(500, { error: 'Internal Server Error' }) : json(200, slots(path.endsWith('home_sample=true')));
      if (path === '/api/home-collection/pins/302017/') return json(200, { pin: '302017', locality: 'Malviya Nagar' });
      if (path.startsWith('/api/home-collection/pins/')) return json(404, { error: 'Not found.' });
      if (path === '/api/appointments/' && init?.method === 'POST') {
        if (booking === 'fields') return json(400, refusedFields);
        return booking === 'booked' ? json(201, { id: 'k3Xp9QmT2vLw8RzA', reference: 'LC-7K4M-Q2' }) : json(409, { error: refused });
      }
      return json(404, { error: 'Not found.' });
    }),
  );
}

function showBookingForm() {
  const router = createMemoryRouter(
    [
      {
        path: '/Appointment',
        element: (
          <InLanguage locale="hi">
            <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
              <AuthProvider>
                <AppointmentPage />
              </AuthProvider>
            </QueryClientProvider>
          </InLanguage>
        ),
      },
      { path: '/billing/:id', element: <p>बिल</p> },
    ],
    { initialEntries: ['/Appointment'] },
  );
  render(<RouterProvider router={router} />);
}

/** both tests chosen from the list, and the day picked */
async function chooseTestsAndDay() {
  const box = await screen.findByRole('combobox', { name: 'जाँचें खोजें' });
  await userEvent.click(box);
  await screen.findByRole('option', { name: /^Lipid Profile/ });
  expect(screen.getByText('2 जाँचें मिलीं')).toBeTruthy();
  expect(english()).toEqual([]);
  await userEvent.click(screen.getByRole('option', { name: /^Lipid Profile/ }));
  await userEvent.clear(box);
  await userEvent.type(box, 'Complete');
  await userEvent.click(await screen.findByRole('option', { name: /^सीबीसी \(कंप्लीट ब्लड काउंट\)/ }));
  fireEvent.change(screen.getByLabelText('तारीख़'), { target: { value: date } });
}

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('the booking form in Hindi shows no English of ours', () => {
  it('before anything is chosen, the tests list, the slots with a full one and the fasting note, a refused booking', { timeout: 20_000 }, async () => {
    serve();
    showBookingForm();
    expect(await screen.findByText('समय देखने के लिए तारीख़ चुनें।')).toBeTruthy();
    expect(screen.getByText('अभी कोई जाँच नहीं चुनी गई। ऊपर खोजें और जोड़ने के लिए कोई जाँच चुनें।')).toBeTruthy();
    expect(english()).toEqual([]);
    // the consent box's notice is the Hindi one
    expect(screen.getByRole('link', { name: /^गोपनीयता सूचना/ }).getAttribute('href')).toBe('/hi/privacy');

    await chooseTestsAndDay();
    // Screen readers hear each slot whole, in Hindi, with Hindi's plural; the 11:00 one is withheld (fasting).
    const full = await screen.findByRole('radio', { name: '10:00 से 10:30, भरा हुआ' });
    expect((full as HTMLInputElement).disabled).toBe(true);
    const open = screen.getByRole('radio', { name: '10:30 से 11:00, 3 जगहें बाकी' });
    expect(screen.queryByRole('radio', { name: /^11:00/ })).toBeNull();
    expect(screen.getByText(/^चुनी गई जाँचें 11:00 से पहले होती हैं/)).toBeTruthy();
    // The note: our fasting sentence, the test's own instructions in Hindi, then our time sentence.
    const note = screen.getByRole('region', { name: 'जाँच से पहले की तैयारी' });
    expect(within(note).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'सैंपल से पहले कम से कम 12 घंटे खाली पेट रहें (पानी पी सकते हैं)।',
      lipidInstructionsHi,
      '11:00 से पहले आएँ।',
    ]);
    // Indian grouping in the total: 1,200 + 350.
    expect(screen.getByTestId('booking-total').textContent).toBe('Rs 1,550.00');
    expect(english()).toEqual([]);

    // A phone too short, then a booking the server refuses (its own reason stays in its words).
    await userEvent.click(open);
    await userEvent.type(screen.getByLabelText('नाम'), 'Asha Rao');
    await userEvent.type(screen.getByLabelText('ईमेल'), 'asha@example.com');
    await userEvent.type(screen.getByLabelText('फ़ोन'), '98290');
    const form = screen.getByRole('form', { name: 'आपकी जानकारी' });
    fireEvent.submit(form);
    expect(await screen.findByText('* नंबर 10 अंकों से कम है')).toBeTruthy();
    expect(english()).toEqual([]);
    await userEvent.type(screen.getByLabelText('फ़ोन'), '12345');
    await userEvent.click(screen.getByRole('checkbox', { name: /^मैंने गोपनीयता सूचना/ }));
    await act(async () => fireEvent.submit(form));
    expect(await screen.findByText('अपॉइंटमेंट बुक नहीं हो सका। कृपया फिर से कोशिश करें।')).toBeTruthy();
    expect(await screen.findByText(refused)).toBeTruthy();
    expect(english()).toEqual([]);
  });

  it('home collection with its address, a served and an unserved PIN; booking for a child with the guardian; booked', { timeout: 20_000 }, async () => {
    serve({ booking: 'booked' });
    showBookingForm();
    await chooseTestsAndDay();
    await userEvent.click(screen.getByRole('switch', { name: 'घर से सैंपल कलेक्शन' }));
    await userEvent.type(screen.getByLabelText('मकान या फ़्लैट'), '12');
    await userEvent.type(screen.getByLabelText('पिन कोड'), '302017');
    expect(await screen.findByText('हम Malviya Nagar में घर से सैंपल लेते हैं।')).toBeTruthy();
    // At home nobody comes to the centre: the time is when the sample must be drawn.
    const note = screen.getByRole('region', { name: 'जाँच से पहले की तैयारी' });
    expect(within(note).getAllByRole('listitem').at(-1)?.textContent).toBe('सैंपल 11:00 से पहले लिया जाना चाहिए।');
    expect(note.textContent).not.toContain('से पहले आएँ');
    expect(english()).toEqual([]);
    await userEvent.clear(screen.getByLabelText('पिन कोड'));
    await userEvent.type(screen.getByLabelText('पिन कोड'), '110001');
    expect(await screen.findByText('इस पिन कोड पर अभी घर से सैंपल कलेक्शन उपलब्ध नहीं है।')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'इसके बजाय सेंटर आएँ' })).toBeTruthy();
    expect(english()).toEqual([]);

    // Someone else, aged 12: the parent or guardian books and consents.
    await userEvent.click(screen.getByRole('radio', { name: 'किसी और के लिए (बच्चा, माता-पिता…)' }));
    await userEvent.type(screen.getByLabelText('या उम्र (साल में)'), '12');
    const guardian = await screen.findByRole('group', { name: 'माता-पिता या अभिभावक' });
    expect(within(guardian).getByRole('option', { name: 'क़ानूनी अभिभावक' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'आपकी सहमति' })).toBeTruthy();
    expect(english()).toEqual([]);

    // Back to the centre, and booked.
    await userEvent.click(screen.getByRole('button', { name: 'इसके बजाय सेंटर आएँ' }));
    await userEvent.click(await screen.findByRole('radio', { name: '10:30 से 11:00, 3 जगहें बाकी' }));
    await userEvent.type(screen.getByLabelText('नाम'), 'Asha Rao');
    await userEvent.type(screen.getByLabelText('ईमेल'), 'asha@example.com');
    await userEvent.type(screen.getByLabelText('फ़ोन'), '9829012345');
    await userEvent.click(screen.getByRole('checkbox', { name: /^मैंने गोपनीयता सूचना/ }));
    await act(async () => fireEvent.submit(screen.getByRole('form', { name: 'आपकी जानकारी' })));
    expect(await screen.findByText('अपॉइंटमेंट सफलतापूर्वक बुक हो गया!')).toBeTruthy();
    expect(english()).toEqual([]);
  });

  it('a booking refused field by field: each message at its field, no API field name anywhere', { timeout: 20_000 }, async () => {
    serve({ booking: 'fields' });
    showBookingForm();
    await chooseTestsAndDay();
    await userEvent.click(await screen.findByRole('radio', { name: '10:30 से 11:00, 3 जगहें बाकी' }));
    await userEvent.type(screen.getByLabelText('नाम'), 'Asha Rao');
    await userEvent.type(screen.getByLabelText('ईमेल'), 'asha@example.com');
    await userEvent.type(screen.getByLabelText('फ़ोन'), '9829012345');
    const consent = screen.getByRole('checkbox', { name: /^मैंने गोपनीयता सूचना/ });
    await userEvent.click(consent);
    await act(async () => fireEvent.submit(screen.getByRole('form', { name: 'आपकी जानकारी' })));
    const at = (input: HTMLElement) => (input.getAttribute('aria-describedby') ?? '').split(/\s+/).map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
    await screen.findByText(refusedFields.user_phone[0]!);
    for (const [input, message] of [
      [screen.getByLabelText('ईमेल'), refusedFields.user_email[0]!],
      [screen.getByLabelText('फ़ोन'), refusedFields.user_phone[0]!],
      [consent, refusedFields['consent.notice_version'][0]!],
    ] as const) {
      expect(input.getAttribute('aria-invalid')).toBe('true');
      expect(at(input)).toContain(message);
    }
    const shown = document.body.textContent ?? '';
    for (const name of ['user_email', 'user_phone', 'consent', 'notice_version']) expect(shown).not.toContain(name);
    expect(english()).toEqual([]);
  });

  it('the times when they cannot be loaded', async () => {
    serve({ slotsFail: true });
    showBookingForm();
    fireEvent.change(await screen.findByLabelText('तारीख़'), { target: { value: date } });
    expect(await screen.findByText('समय लोड नहीं हो सके। कृपया फिर से कोशिश करें।')).toBeTruthy();
    expect(english()).toEqual([]);
  });
});

describe('the booking form in English keeps the wording the contract gives the server and e-mails', () => {
  const { t } = makeLanguage({ locale: 'en', messages: testCatalogues.en });
  it('the slots, the fasting note, the unserved PIN and the guardian relations', () => {
    for (const slot of [{ start: '10:30', end: '11:00', seats_left: 3 }, { start: '11:00', end: '11:30', seats_left: 1 }]) {
      expect(t('booking.slot.label', { ...slot, left: t('booking.slot.left', { count: slot.seats_left }) })).toBe(slotLabel(slot));
    }
    expect(t('booking.slot.labelFull', { start: '09:00', end: '09:30' })).toBe(slotLabel({ start: '09:00', end: '09:30', seats_left: 0 }));
    expect(t('booking.slot.withheld', { time: '11:00' })).toBe(laterSlotsWithheld('11:00'));
    const fasting = { fastingHours: 12, instructions: [], latestTime: '11:00' };
    expect([t('booking.prep.fast', { hours: 12 }), t('booking.prep.before', { time: '11:00' })]).toEqual(preparationLines(fasting, 'centre'));
    expect([t('booking.prep.fast', { hours: 12 }), t('booking.prep.drawnBefore', { time: '11:00' })]).toEqual(preparationLines(fasting, 'home'));
    expect(t('booking.address.notServed')).toBe(PIN_NOT_SERVED);
    for (const r of GUARDIAN_RELATIONS) expect(t(`booking.guardian.${r}`)).toBe(guardianRelationLabels[r]);
  });
});
