// The API reference page at /api/docs: Swagger UI served from our own origin renders the OpenAPI
// document under the site's CSP, with no CSP violation, console error or request to another origin.
import { expect, test } from './support/fixtures.ts';

test('the API reference renders the OpenAPI document under the CSP', async ({ page, baseURL }) => {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('response', (r) => r.status() >= 400 && errors.push(`${r.status()} ${r.url()}`));
  const foreign: string[] = [];
  page.on('request', (r) => {
    if (!r.url().startsWith(baseURL!) && !r.url().startsWith('data:')) foreign.push(r.url());
  });

  const res = await page.goto('/api/docs');
  expect(res?.headers()['content-security-policy']).not.toContain('unsafe-inline');
  await expect(page.getByRole('heading', { name: /Lab Centre Diagnostics API/ })).toBeVisible();
  // The tags are listed closed; an operation of the spec, in its opened tag, opened to show its parameters.
  await expect(page.locator('.opblock-tag')).not.toHaveCount(0);
  await page.locator('.opblock-tag', { hasText: /^appointments/ }).first().click();
  const booking = page.locator('.opblock-post', { hasText: '/api/appointments/' }).first();
  await expect(booking).toBeVisible();
  await booking.locator('.opblock-summary').click();
  await expect(booking.getByText('Request body')).toBeVisible();

  expect(errors).toEqual([]);
  expect(foreign).toEqual([]);
});
