// @vitest-environment jsdom
// The dashboard card's reschedule form: opened by its button, the date prefilled and bounded by today,
// the time one of the new day's slots as on /Appointment (seats left, a full slot disabled, later slots
// withheld for a fasting test); closed after a successful move and kept open after a refused one; gone
// for a cancelled or completed appointment.
import { laterSlotsWithheld, type SlotDay, type UserAppointment } from '@lab/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Locale } from '@lab/contract';
import { InLanguage, testCatalogues } from '../../../shared/i18n/test-language.tsx';
import { AppointmentCard, CHOOSE_TIME } from './appointment-card.tsx';

const appointment: UserAppointment = {
  id: 'k3Xp9QmT2vLw8RzA',
  reference: 'LC-7K4M-Q2',
  date: '2026-12-01',
  time: '10:30',
  tests: [{ id: 1, name: 'Lipid Profile', price: 600 }],
  is_cancelled: false,
  status: 'booked',
  home_sample: false,
  address: '',
  total_price: 600,
  created_at: '2026-11-20T10:00:00Z',
  latest_time: null,
};

const dayOf = (date: string, homeSample: boolean): SlotDay => ({
  date,
  home_sample: homeSample,
  closed: false,
  slots: [
    { start: '09:00', end: '09:30', seats_left: 0 },
    { start: '10:30', end: '11:00', seats_left: 3 },
    { start: '16:00', end: '16:30', seats_left: 1 },
  ],
});

let asked: string[];
beforeEach(() => {
  asked = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(url);
      const u = new URL(url, 'http://lab.test');
      const body = dayOf(u.searchParams.get('date')!, u.searchParams.get('home_sample') === 'true');
      return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderCard(overrides: Partial<UserAppointment> = {}, onReschedule = vi.fn(async () => true), locale: Locale = 'en', reportReady = false) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <InLanguage locale={locale}>
      <QueryClientProvider client={client}>
        <ul>
          <AppointmentCard
            appointment={{ ...appointment, ...overrides }}
            minDate="2026-11-23"
            busy={null}
            onViewBill={vi.fn()}
            onCancel={vi.fn()}
            onReschedule={onReschedule}
            reportReady={reportReady}
            onDownloadReport={vi.fn()}
          />
        </ul>
      </QueryClientProvider>
    </InLanguage>,
  );
  // null once the appointment can no longer be moved (typed as found, for the tests that open it)
  return { onReschedule, open: screen.queryByRole('button', { name: locale === 'en' ? /^Reschedule/ : /^समय बदलें/ }) as HTMLElement };
}

describe('the reschedule form of an appointment card', () => {
  it('offers the new day’s slots with seats left, a full one disabled, and moves to the slot chosen', async () => {
    const { open, onReschedule } = renderCard();
    expect(open.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(open);
    const form = screen.getByRole('form', { name: 'Reschedule appointment on 2026-12-01 at 10:30' });
    const date = within(form).getByLabelText('New date');
    expect(date).toHaveProperty('value', '2026-12-01');
    expect(date.getAttribute('min')).toBe('2026-11-23');

    fireEvent.change(date, { target: { value: '2026-12-05' } });
    const times = within(form).getByRole('group', { name: 'New time' });
    expect(await within(times).findByRole('radio', { name: '09:00 to 09:30, full' })).toHaveProperty('disabled', true);
    expect(asked.at(-1)).toContain('date=2026-12-05&home_sample=false');
    await userEvent.click(within(times).getByRole('radio', { name: '16:00 to 16:30, 1 place left' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Save new time' }));
    expect(onReschedule).toHaveBeenCalledWith(expect.objectContaining({ id: appointment.id }), '2026-12-05', '16:00');
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('asks for a time before moving, and withholds later slots of a fasting test', async () => {
    const { open, onReschedule } = renderCard({ latest_time: '11:00', home_sample: true });
    await userEvent.click(open);
    const times = screen.getByRole('group', { name: 'New time' });
    await within(times).findByRole('radio', { name: '10:30 to 11:00, 3 places left' });
    expect(within(times).queryByRole('radio', { name: /^16:00/ })).toBeNull();
    expect(within(times).getByText(laterSlotsWithheld('11:00'))).toBeTruthy();
    expect(asked.at(-1)).toContain('home_sample=true');
    await userEvent.click(screen.getByRole('button', { name: 'Save new time' }));
    expect(within(times).getByText('Choose one of the times.')).toBeTruthy();
    expect(testCatalogues.en[CHOOSE_TIME]).toBe('Choose one of the times.');
    expect(onReschedule).not.toHaveBeenCalled();
  });

  it('stays open with the slot chosen when the move is refused', async () => {
    const { open } = renderCard({}, vi.fn(async () => false));
    await userEvent.click(open);
    await userEvent.click(await screen.findByRole('radio', { name: '10:30 to 11:00, 3 places left' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save new time' }));
    expect(screen.getByRole('form')).toBeTruthy();
    expect(screen.getByRole('radio', { name: '10:30 to 11:00, 3 places left' })).toHaveProperty('checked', true);
  });

  it('cannot be opened for a cancelled appointment', () => {
    expect(renderCard({ is_cancelled: true, status: 'cancelled' }).open).toHaveProperty('disabled', true);
  });

  it('is not offered once the sample is collected or the visit completed: only the bill, report and receipt are', () => {
    for (const status of ['sample_collected', 'completed'] as const) {
      const { open } = renderCard({ status, receipt_path: `/api/billing/${appointment.id}/receipt.pdf` }, undefined, 'en', status === 'completed');
      expect(open, status).toBeNull();
      expect(screen.queryByRole('button', { name: /^Cancel/ }), status).toBeNull();
      expect(screen.getByRole('button', { name: /^View Bill/ })).toBeTruthy();
      expect(screen.getByRole('link', { name: /^Download receipt/ }).getAttribute('href')).toBe(`/api/billing/${appointment.id}/receipt.pdf?lang=en`);
      cleanup();
    }
  });
});

describe('an appointment card in each language', () => {
  it('English: the date, status, place, total in Indian grouping and each action named for its appointment', () => {
    renderCard({ total_price: 126000 }, undefined, 'en', true);
    expect(screen.getByRole('heading', { name: '1 Dec 2026 at 10:30' })).toBeTruthy();
    expect(screen.getByText('Booked')).toBeTruthy();
    expect(screen.getByText('Report ready')).toBeTruthy();
    expect(screen.getByText('At the centre')).toBeTruthy();
    expect(screen.getByText('Total Rs 1,26,000.00')).toBeTruthy();
    expect(screen.getByRole('button', { name: /^View Bill\s*for appointment on 2026-12-01 at 10:30$/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Download report\s*for appointment on 2026-12-01 at 10:30$/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Cancel\s*appointment on 2026-12-01 at 10:30$/ })).toBeTruthy();
  });

  it('Hindi: the same card in Hindi, month from Intl, money grouped as in English', async () => {
    const { open } = renderCard({ total_price: 126000, home_sample: true, status: 'sample_collected' }, undefined, 'hi', true);
    expect(screen.getByRole('heading', { name: '1 दिसंबर 2026, 10:30 बजे' })).toBeTruthy();
    expect(screen.getByText('सैंपल लिया गया')).toBeTruthy();
    expect(screen.getByText('रिपोर्ट तैयार')).toBeTruthy();
    expect(screen.getByText('घर से सैंपल कलेक्शन')).toBeTruthy();
    expect(screen.getByText('कुल Rs 1,26,000.00')).toBeTruthy();
    expect(screen.getByRole('button', { name: /^बिल देखें\s*2026-12-01 को 10:30 बजे का अपॉइंटमेंट के लिए$/ })).toBeTruthy();
    expect(screen.getByRole('list', { name: 'जाँचें' })).toBeTruthy();
    // the sample is collected: no cancelling or moving it any more, so no such buttons
    expect(screen.queryByRole('button', { name: /^रद्द करें/ })).toBeNull();
    expect(open).toBeNull();
  });

  it('Hindi: the reschedule form and its refusal to move without a time', async () => {
    const { open } = renderCard({}, undefined, 'hi');
    await userEvent.click(open);
    const form = screen.getByRole('form', { name: 'समय बदलें: 2026-12-01 को 10:30 बजे का अपॉइंटमेंट' });
    expect(within(form).getByLabelText('नई तारीख')).toHaveProperty('value', '2026-12-01');
    // the slots as a screen reader hears them in Hindi, with Hindi's plural ("1 जगह", "3 जगहें")
    const times = within(form).getByRole('group', { name: 'नया समय' });
    expect(await within(times).findByRole('radio', { name: '09:00 से 09:30, भरा हुआ' })).toHaveProperty('disabled', true);
    expect(within(times).getByRole('radio', { name: '16:00 से 16:30, 1 जगह बाकी' })).toBeTruthy();
    await userEvent.click(within(form).getByRole('button', { name: 'नया समय सेव करें' }));
    expect(within(form).getByText('कोई एक समय चुनें।')).toBeTruthy();
  });
});

describe('the sample\'s journey on the card', () => {
  const received = { status: 'sample_collected' as const, sample_received_at: '2026-12-01T05:15:00.000Z', report_expected_at: '2026-12-01T11:15:00.000Z' };

  it('says when the lab received the sample and when the report is expected, in India time', () => {
    renderCard(received);
    const journey = screen.getByRole('list', { name: 'Your sample' });
    expect(within(journey).getByText('Received at the lab: 1 Dec 2026, 10:45')).toBeTruthy();
    expect(within(journey).getByText('Report expected by 1 Dec 2026, 16:45')).toBeTruthy();
  });

  it('says it in Hindi', () => {
    renderCard(received, undefined, 'hi');
    const journey = screen.getByRole('list', { name: 'आपका सैंपल' });
    expect(within(journey).getByText(/^लैब में पहुँचा: 1 दिसंबर 2026, 10:45$/)).toBeTruthy();
    expect(within(journey).getByText(/^रिपोर्ट 1 दिसंबर 2026, 16:45 तक अपेक्षित$/)).toBeTruthy();
  });

  it('shows nothing before receipt, and no promise once the report is out', () => {
    renderCard({ status: 'sample_collected' });
    expect(screen.queryByRole('list', { name: 'Your sample' })).toBeNull();
    cleanup();
    renderCard({ ...received, status: 'completed' });
    expect(screen.getByText('Received at the lab: 1 Dec 2026, 10:45')).toBeTruthy();
    expect(screen.queryByText(/Report expected by/)).toBeNull();
  });

  it('says when the report is expected before receipt (the server\'s time from the slot), in English and Hindi, never once cancelled', () => {
    const booked = { status: 'booked' as const, report_expected_at: '2026-12-01T11:15:00.000Z' };
    renderCard(booked);
    expect(screen.getByText('Report expected by 1 Dec 2026, 16:45 (India time)')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Your sample' })).toBeNull();
    cleanup();
    renderCard(booked, undefined, 'hi');
    expect(screen.getByText('रिपोर्ट 1 दिसंबर 2026, 16:45 (भारतीय समय) तक अपेक्षित')).toBeTruthy();
    cleanup();
    renderCard({ ...booked, status: 'cancelled', is_cancelled: true });
    expect(screen.queryByText(/Report expected by/)).toBeNull();
  });
});
