// An offer names the tests it applies to and, while it runs, links to booking them; the server
// renders the page (so the HTML below is what a visitor without JavaScript gets).
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Offer } from '@lab/contract';
import { InLanguage } from '../../../shared/i18n/test-language.tsx';
import OffersPage, { ErrorBoundary } from './offers-page.tsx';

const offer = (o: Partial<Offer>): Offer => ({
  id: 1,
  description: 'Monsoon fever panel',
  discount_percentage: 20,
  start_date: '2026-11-01',
  end_date: '2026-12-31',
  active: true,
  tests: [],
  ...o,
});

const render = (offers: Offer[]) =>
  renderToString(
    <MemoryRouter>
      <InLanguage>
        <OffersPage {...({ loaderData: { offers, messages: '' } } as Parameters<typeof OffersPage>[0])} />
      </InLanguage>
    </MemoryRouter>,
  );

describe('the offers page', () => {
  it('lists the tests of a running offer and a Book link that selects them', () => {
    const html = render([offer({ tests: [{ id: 3, name: 'Dengue NS1 Antigen' }, { id: 7, name: 'Malaria Antigen' }] })]);
    expect(html).toContain('Dengue NS1 Antigen');
    expect(html).toContain('Malaria Antigen');
    expect(html).toMatch(/<a [^>]*href="\/Appointment\?tests=3,7"[^>]*>Book<\/a>/);
  });

  it('offers no Book link for an expired offer, or one that names no tests (the list before it names them)', () => {
    const html = render([offer({ id: 1, active: false, tests: [{ id: 3, name: 'Dengue NS1 Antigen' }] }), offer({ id: 2 })]);
    expect(html).toContain('Dengue NS1 Antigen');
    expect(html).not.toContain('>Book</a>');
  });
});

describe('the offers’ error screen (docs/product.md#messages)', () => {
  // When the page's data could not be fetched, its messages did not come either: the frame's catalogue
  // (the root's data) is all there is, and it does not hold these pages' texts.
  const frameOnly = (locale: 'en' | 'hi', screen: ReactNode) =>
    renderToString(
      <MemoryRouter>
        <InLanguage locale={locale} messages={{ 'frame.error': locale === 'hi' ? 'त्रुटि: {message}' : 'Error: {message}' }}>
          {screen}
        </InLanguage>
      </MemoryRouter>,
    );

  it('says what failed in the page’s language without the page’s messages', () => {
    expect(frameOnly('en', <ErrorBoundary />)).toContain('Error: Failed to fetch offers');
    expect(frameOnly('en', <ErrorBoundary />)).toContain('Active Offers');
    expect(frameOnly('hi', <ErrorBoundary />)).toContain('त्रुटि: ऑफ़र नहीं मिल सके');
    expect(frameOnly('hi', <ErrorBoundary />)).toContain('चालू ऑफ़र');
  });
});
