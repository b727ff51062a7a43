// The statistics' cards carry their words in both languages (they load only once the statistics arrive),
// so the home page's data need not: on a Hindi home page, with only the messages the root's data sends,
// they speak Hindi.
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { rootMessages } from '../../../shared/i18n/catalogues.server.ts';
import { LanguageProvider } from '../../../shared/i18n/i18n.tsx';
import StatsCards from './stats-cards.tsx';

const stats = { total_categories: 5, total_tests: 1234, total_appointments: 56789, total_approved_appointments: 5000, approval_rate: 88, test_completion_rate: 91 };

function render(locale: 'en' | 'hi', page: string) {
  const messages = rootMessages(page, locale);
  const html = renderToString(
    <LanguageProvider language={{ locale, messages }}>
      <StatsCards data={stats} />
    </LanguageProvider>,
  );
  return { messages, html };
}

describe('the statistics cards', () => {
  it('speak Hindi on the Hindi home page, whose data does not carry their words', () => {
    const { messages, html } = render('hi', '/hi');
    for (const text of ['जाँच की श्रेणियाँ', 'आँकड़ों का बदलना']) expect(messages).not.toContain(text);
    expect(html).toContain('जाँच की श्रेणियाँ');
    expect(html).toContain('6 में से 1');
    expect(html).toContain('रोकें');
    expect(html).not.toMatch(/Test Categories|Pause/);
  });

  it('speak English on the English home page', () => {
    const { html } = render('en', '/');
    for (const text of ['Test Categories', '1 of 6', 'Pause', 'statistics rotation']) expect(html).toContain(text);
  });
});
