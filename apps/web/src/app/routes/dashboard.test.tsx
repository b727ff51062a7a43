// @vitest-environment jsdom
// The dashboard's first screen is drawn whole: until the appointments, the latest report, the family's
// names and the consents have been answered it shows only "Loading...", and once drawn the consent prompt
// and the list are already in it, so no answer arriving later pushes what is drawn down the page (a
// layout shift: e2e/patient-pages-steady.spec.ts measures it in the browser).
import type { ConsentsResponse, UserAppointment } from '@lab/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../../shared/auth/auth-context.tsx';
import { InLanguage } from '../../shared/i18n/test-language.tsx';
import DashboardRoute from './dashboard.tsx';

const user = { username: 'asha', email: 'asha@example.com', first_name: 'Asha', last_name: 'Rao', is_staff: false };
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
const needsConsent: ConsentsResponse = { notice: { version: '2026-11', date: '2026-11-01' }, in_force: { service: false, marketing: false }, needs_consent: true, records: [] };

/** the first screen's answers, each held back until the test lets it go; every other call answers at once */
const held = ['/api/users/userappointments/', '/api/reports/', '/api/users/me/members/', '/api/users/me/consents/'] as const;
const heldBodies: Record<(typeof held)[number], unknown> = {
  '/api/users/userappointments/': [appointment],
  '/api/reports/': [],
  '/api/users/me/members/': [],
  '/api/users/me/consents/': needsConsent,
};
let release: Map<string, () => void>;

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function serve() {
  release = new Map();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const path = input.replace(/^https?:\/\/[^/]+/, '');
      if ((held as readonly string[]).includes(path)) {
        await new Promise<void>((go) => release.set(path, go));
        return json(200, heldBodies[path as (typeof held)[number]]);
      }
      if (path === '/api/membership/status/?none=null') return json(200, null);
      if (path === '/api/users/me/access-log/') return json(200, { items: [], next_cursor: null });
      // the rest of the page (details, channels, plans, rights) as failed: it is not the first screen
      return json(404, { error: 'Not found.' });
    }),
  );
  const router = createMemoryRouter(
    [
      {
        id: 'root',
        path: '/',
        element: (
          <Frame>
            <Outlet />
          </Frame>
        ),
        children: [{ path: 'UserDashboard', element: <DashboardRoute /> }],
      },
    ],
    { initialEntries: ['/UserDashboard'], hydrationData: { loaderData: { root: {} } } },
  );
  render(<RouterProvider router={router} />);
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <InLanguage>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <AuthProvider>{children}</AuthProvider>
      </QueryClientProvider>
    </InLanguage>
  );
}

/** lets one held answer go once it has been asked for, and lets the page take it in */
async function answer(path: (typeof held)[number]) {
  await vi.waitFor(() => expect(release.has(path), `${path} asked`).toBe(true));
  await act(async () => {
    release.get(path)?.();
    await new Promise((r) => setTimeout(r, 20));
  });
}

const welcome = () => screen.queryByRole('heading', { name: 'Welcome, Asha' });

beforeEach(() => {
  const tokens = { access: 'a', refresh: 'r' };
  localStorage.setItem('user', JSON.stringify({ ...user, tokens }));
  localStorage.setItem('accessToken', tokens.access);
  localStorage.setItem('refreshToken', tokens.refresh);
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('the dashboard draws its first screen whole', () => {
  it('shows only its loading line until the consents are answered, then the prompt above the welcome at once', async () => {
    serve();
    for (const path of held.filter((p) => p !== '/api/users/me/consents/')) await answer(path);
    expect(welcome()).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    await answer('/api/users/me/consents/');
    expect(await screen.findByRole('heading', { name: 'Welcome, Asha' })).toBeTruthy();
    // drawn in the same pass as the welcome: nothing is put above it afterwards
    const prompt = screen.getByRole('heading', { name: 'Please agree to our privacy notice' });
    expect(prompt.compareDocumentPosition(welcome()!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByText('LC-7K4M-Q2', { exact: false })).toBeTruthy();
  });

  it('waits for the appointments too: the list is in the first screen drawn, never its loading line', async () => {
    serve();
    for (const path of held.filter((p) => p !== '/api/users/userappointments/')) await answer(path);
    expect(welcome()).toBeNull();
    await answer('/api/users/userappointments/');
    expect(await screen.findByRole('heading', { name: 'Welcome, Asha' })).toBeTruthy();
    expect(screen.queryByText('Loading appointments...')).toBeNull();
    expect(screen.getByText('1 appointment')).toBeTruthy();
  });
});
