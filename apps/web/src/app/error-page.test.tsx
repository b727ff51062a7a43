// The site's error screen speaks the page's language: English from its own code, Hindi from the
// catalogue the root's data sends (and English again when that data is missing too).
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Locale } from '@lab/contract';
import { InLanguage } from '../shared/i18n/test-language.tsx';
import ErrorPage from './error-page.tsx';

const render = (locale: Locale, messages?: Record<string, string>) =>
  renderToString(
    <InLanguage locale={locale} messages={messages}>
      <ErrorPage />
    </InLanguage>,
  );

describe('the error screen', () => {
  it('is in English on an English page, with no messages needed', () => {
    const html = render('en', {});
    expect(html).toContain('This page could not be shown');
    expect(html).toContain('href="/"');
  });

  it('is in Hindi on a Hindi page, its way home the Hindi home page', () => {
    const html = render('hi');
    expect(html).toContain('यह पेज नहीं दिखाया जा सका');
    expect(html).toContain('फिर से कोशिश करें');
    expect(html).toContain('href="/hi"');
    expect(html).not.toContain('This page could not be shown');
  });

  it('falls back to English on a Hindi page whose root data could not be read', () => {
    expect(render('hi', {})).toContain('This page could not be shown');
  });
});
