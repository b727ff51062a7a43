// @vitest-environment jsdom
// The appointment's delivery log (docs/messaging.md): e-mails, SMS and WhatsApp messages side by side,
// each with its channel and kind; a phone message's state is the provider's receipt once one came
// (delivered, read, failed with the provider's reason), else the job's (queued, retrying …).
import type { MailDelivery, MailDeliveryLog } from '@lab/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deliveryState, MailLog } from './mail-log.tsx';

const base: MailDelivery = {
  id: 1,
  kind: 'booking-confirmation',
  subject: 'Booking confirmed',
  to: 'asha@example.com',
  channel: 'email',
  state: 'sent',
  delivery: null,
  attempts: 1,
  error: null,
  due_at: '2026-11-28T04:00:00Z',
  sent_at: '2026-11-28T04:00:05Z',
  delivered_at: null,
  read_at: null,
  created_at: '2026-11-28T04:00:00Z',
};

const log: MailDeliveryLog = {
  items: [
    base,
    { ...base, id: 2, channel: 'whatsapp', to: '+919829012345', subject: 'booking_confirmation', delivery: 'delivered', delivered_at: '2026-11-28T04:01:00Z' },
    { ...base, id: 3, channel: 'sms', kind: 'reminder', to: '+919829012345', state: 'sent', delivery: 'failed', error: 'DND number' },
    { ...base, id: 4, channel: 'whatsapp', kind: 'collector-on-the-way', state: 'retrying', attempts: 2, error: '130429 rate limit hit', sent_at: null },
  ],
};

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      expect(url).toBe('/api/staff/appointments/k3Xp9QmT2vLw8RzA/mail');
      return new Response(JSON.stringify(log), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('the delivery log', () => {
  it('lists every channel with its kind and the provider receipt', async () => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MailLog appointmentId="k3Xp9QmT2vLw8RzA" />
      </QueryClientProvider>,
    );
    await userEvent.click(screen.getByText('Messages'));
    const items = within(await screen.findByRole('list', { name: 'Messages of this appointment' })).getAllByRole('listitem');
    expect(items.map((li) => li.textContent?.split(/\d{1,2} \w{3} \d{4}/)[0])).toEqual([
      'Booking confirmation (E-mail) Sentsent ',
      'Booking confirmation (WhatsApp) Delivereddelivered ',
      'Reminder (SMS) Failedsent ',
      'Collector on the way (WhatsApp) Retryingdue ',
    ]);
    expect(items[2]!.textContent).toContain('DND number');
    expect(items[3]!.textContent).toContain('2 attempts');
    expect(items[3]!.textContent).toContain('130429 rate limit hit');
  });

  it('reads a receipt over the job state, and the job state without one', () => {
    expect(deliveryState({ state: 'sent', delivery: 'read' })).toEqual({ label: 'Read', tone: 'green' });
    expect(deliveryState({ state: 'sent', delivery: 'failed' })).toEqual({ label: 'Failed', tone: 'red' });
    expect(deliveryState({ state: 'queued', delivery: null })).toEqual({ label: 'Queued', tone: 'blue' });
    expect(deliveryState({ state: 'skipped', delivery: null })).toEqual({ label: 'Not sent', tone: 'slate' });
  });
});
