// The careers' error screen (docs/product.md#messages) when the page's data could not be fetched: its messages did not
// come either, so the frame's catalogue (the root's data) is all there is, and it does not hold the
// page's texts; they are in the page's module, in both languages.
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { InLanguage } from '../../../shared/i18n/test-language.tsx';
import { ErrorBoundary } from './careers-page.tsx';

const frameOnly = (locale: 'en' | 'hi') =>
  renderToString(
    <MemoryRouter>
      <InLanguage locale={locale} messages={{ 'frame.error': locale === 'hi' ? 'त्रुटि: {message}' : 'Error: {message}' }}>
        <ErrorBoundary />
      </InLanguage>
    </MemoryRouter>,
  );

describe('the careers’ error screen', () => {
  it('says what failed in the page’s language without the page’s messages', () => {
    expect(frameOnly('en')).toContain('Error: Failed to fetch career data');
    expect(frameOnly('en')).toContain('Join Our Team');
    expect(frameOnly('hi')).toContain('त्रुटि: करियर की जानकारी नहीं मिल सकी');
    expect(frameOnly('hi')).toContain('हमारी टीम से जुड़ें');
  });
});
