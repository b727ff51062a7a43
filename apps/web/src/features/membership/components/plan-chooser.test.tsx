// @vitest-environment jsdom
// The plans are kept per language: a person who switches language sees them named in the new one, never
// the other language's names from the cache (GET /api/membership/plans/ names them in the language asked).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, expect, it, vi } from 'vitest';
import type { Locale, MembershipPlan } from '@lab/contract';
import { InLanguage } from '../../../shared/i18n/test-language.tsx';
import { PlanChooser } from './plan-chooser.tsx';

const plan = (name: string): MembershipPlan => ({ id: 1, name, price: 999, discount_percentage: 15, discount: 15, duration_days: 365, refund_rule: 'unused_days' });
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

it('asks for the plans again in the new language after a switch, and shows them named in it', async () => {
  const fetch = vi.fn(async (url: string) =>
    url === '/api/membership/plans/?lang=hi' ? json([plan('गोल्ड')]) : url === '/api/membership/plans/' ? json([plan('Gold')]) : new Response('{}', { status: 404 }),
  );
  vi.stubGlobal('fetch', fetch);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const inLocale = (locale: Locale): ReactNode => (
    <InLanguage locale={locale}>
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <PlanChooser enabled onSubscribe={null} busy={false} />
        </MemoryRouter>
      </QueryClientProvider>
    </InLanguage>
  );

  const view = render(inLocale('en'));
  expect(await screen.findByRole('heading', { name: 'Gold' })).toBeTruthy();

  view.rerender(inLocale('hi'));
  expect(await screen.findByRole('heading', { name: 'गोल्ड' })).toBeTruthy();
  expect(screen.queryByRole('heading', { name: 'Gold' })).toBeNull();

  // and back: the English names, not the Hindi ones just read
  view.rerender(inLocale('en'));
  expect(await screen.findByRole('heading', { name: 'Gold' })).toBeTruthy();
  expect(screen.queryByRole('heading', { name: 'गोल्ड' })).toBeNull();
  expect(fetch.mock.calls.map(([url]) => url)).toEqual(['/api/membership/plans/', '/api/membership/plans/?lang=hi']);
});
