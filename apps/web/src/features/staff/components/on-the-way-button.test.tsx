// @vitest-environment jsdom
// The run sheet's "On the way" (docs/messaging.md): it posts once for the visit, then stays disabled and
// says when it was sent; a visit nobody collects yet cannot send it; a refusal is shown in the server's words.
import type { HomeVisit } from '@lab/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OnTheWayButton } from './on-the-way-button.tsx';

const visit: HomeVisit = {
  id: 'k3Xp9QmT2vLw8RzA',
  reference: 'LC-7K4M-Q2',
  time: '10:30',
  slot_start: '10:30',
  slot_end: '11:00',
  status: 'approved',
  patient_name: 'Asha Rao',
  phone: '+919829012345',
  address: '12 MG Road',
  pin: '302001',
  locality: 'C-Scheme',
  tests: ['Lipid Profile'],
  preparation: [],
  amount_due: 600,
  payment_status: 'unpaid',
  phlebotomist: { id: 7, name: 'Vikram Singh' },
  on_the_way_at: null,
};

const posts: string[] = [];
function serve(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') posts.push(url);
      return new Response(JSON.stringify(body), { status: init?.method === 'POST' ? status : 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
}
afterEach(() => {
  vi.unstubAllGlobals();
  posts.length = 0;
});

const show = (v: HomeVisit, allowed = true) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <OnTheWayButton visit={v} allowed={allowed} />
    </QueryClientProvider>,
  );

const button = () => screen.getByRole('button', { name: 'On the way: Asha Rao' }) as HTMLButtonElement;

describe('On the way', () => {
  it('sends once, then is disabled and says when', async () => {
    serve(200, { ...visit, on_the_way_at: '2026-11-28T04:35:00Z' });
    show(visit);
    expect(button().disabled).toBe(false);
    await userEvent.click(button());
    expect(await screen.findByText('Sent 28 Nov 2026, 10:05')).toBeTruthy();
    expect(button().disabled).toBe(true);
    expect(posts).toEqual(['/api/staff/home-visits/k3Xp9QmT2vLw8RzA/on-the-way']);
  });

  it.each([
    ['once sent', { ...visit, on_the_way_at: '2026-11-28T04:35:00Z' }, true, 'Sent 28 Nov 2026, 10:05'],
    ['without a collector', { ...visit, phlebotomist: null }, true, 'Assign a collector first'],
    ['for a role that may not send it', visit, false, null],
  ] as const)('is disabled %s', (_, v, allowed, says) => {
    serve(200, visit);
    show(v, allowed);
    expect(button().disabled).toBe(true);
    if (says) expect(screen.getByText(says)).toBeTruthy();
    expect(posts).toEqual([]);
  });

  it("shows the server's refusal", async () => {
    serve(409, { error: 'The patient was already told the collector is on the way.' });
    show(visit);
    await userEvent.click(button());
    expect((await screen.findByRole('alert')).textContent).toBe('The patient was already told the collector is on the way.');
  });
});
