// Console errors a page logs during a browser test, leaving out the ones that are expected answers
// rather than faults: Chromium logs every 4xx resource as an error, and GET /api/membership/status/
// answers 404 for a person without a membership (spec §7), which the app shows as the plan chooser.
import type { Page } from '@playwright/test';

const expected = (text: string, url: string) =>
  // loginAs opens /favicon.svg as a plain document, after which Chromium asks for /favicon.ico itself.
  url.endsWith('/favicon.ico') || (url.endsWith('/api/membership/status/') && text.includes('404'));

export function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && !expected(m.text(), m.location().url)) errors.push(`${m.text()} ${m.location().url}`);
  });
  return errors;
}
