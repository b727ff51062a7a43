// @vitest-environment jsdom
// The dashboard's membership section shows the plan chooser when the person has no membership,
// however the server says so: 200 with null (the web app asks with `?none=null`, so the browser logs no
// failed request), or 404 "No active membership." (docs/api.md). Any other failure is an error, not
// "no membership".
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Locale } from '@lab/contract';
import { AuthProvider } from '../../../shared/auth/auth-context.tsx';
import { InLanguage } from '../../../shared/i18n/test-language.tsx';
import { MembershipPanel } from './membership-panel.tsx';

const gold = { id: 1, name: 'Gold', price: 999, discount_percentage: 15, discount: 15, duration_days: 365 };
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function serveStatus(answer: () => Response, locale: Locale = 'en') {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => (url === '/api/membership/status/?none=null' ? answer() : url === '/api/membership/plans/' || url === '/api/membership/plans/?lang=hi' ? json(200, [gold]) : json(404, { error: 'Not found.' }))),
  );
  render(
    <InLanguage locale={locale}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <AuthProvider>
          <MembershipPanel />
        </AuthProvider>
      </QueryClientProvider>
    </InLanguage>,
  );
}

beforeEach(() => {
  const tokens = { access: 'a', refresh: 'r' };
  localStorage.setItem('user', JSON.stringify({ username: 'asha', email: 'asha@example.com', first_name: 'Asha', last_name: 'Rao', is_staff: false, tokens }));
  localStorage.setItem('accessToken', tokens.access);
  localStorage.setItem('refreshToken', tokens.refresh);
});

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('the dashboard membership section without a membership', () => {
  it('offers the plans when the server answers null to its ask', async () => {
    serveStatus(() => json(200, null));
    expect(await screen.findByRole('heading', { name: 'Choose a plan' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Subscribe to Gold' })).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(vi.mocked(fetch).mock.calls.map(([url]) => url)).toContain('/api/membership/status/?none=null');
  });

  it('offers the plans when the server answers 404 "No active membership."', async () => {
    serveStatus(() => json(404, { error: 'No active membership.' }));
    expect(await screen.findByRole('heading', { name: 'Choose a plan' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Subscribe to Gold' })).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('says the membership could not be loaded on any other failure', async () => {
    serveStatus(() => json(500, { error: 'Internal Server Error' }));
    expect(await screen.findByText('Failed to load your membership.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Subscribe/ })).toBeNull();
  });

  it('in Hindi: the plans with their price, discount and duration, and the error', async () => {
    serveStatus(() => json(404, { error: 'No active membership.' }), 'hi');
    expect(await screen.findByRole('heading', { name: 'सदस्यता' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'प्लान चुनें' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Gold लें' })).toBeTruthy();
    expect(screen.getByText('1 साल तक जाँचों पर 15% छूट')).toBeTruthy();
    expect(screen.getByText('Rs 999.00')).toBeTruthy();
  });

  it('in Hindi: says the membership could not be loaded', async () => {
    serveStatus(() => json(500, { error: 'Internal Server Error' }), 'hi');
    expect(await screen.findByText('आपकी सदस्यता लोड नहीं हो सकी।')).toBeTruthy();
  });
});
