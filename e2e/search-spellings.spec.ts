// Search as people spell (docs/i18n.md): the sample spellings marked for the browser
// (apps/web/src/shared/lib/search-samples.ts) typed on /tests?q= and /hi/tests?q=, rendered by the server,
// and on the booking page's picker in English and in Hindi, each finding its test.
import type { APIRequestContext, Page } from '@playwright/test';
import { SEARCH_SAMPLES } from '../apps/web/src/shared/lib/search-samples.ts';
import { expect, test } from './support/fixtures.ts';

const samples = SEARCH_SAMPLES.filter((s) => s.browser);

/** each test's name in the Hindi list, by its English name */
async function hindiNames(request: APIRequestContext): Promise<Map<string, string>> {
  const list = (await (await request.get('/api/tests/?lang=hi')).json()) as Array<{ name: string; name_en?: string }>;
  return new Map(list.map((t) => [t.name_en ?? t.name, t.name]));
}

const escaped = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('the test search pages find a test however it is spelled, in English and in Hindi', async ({ page, request }) => {
  expect(samples.length).toBeGreaterThanOrEqual(8);
  const inHindi = await hindiNames(request);
  for (const s of samples) {
    await page.goto(`/tests?q=${encodeURIComponent(s.query)}`);
    await expect(page.getByRole('link', { name: `Book ${s.finds}`, exact: true }), s.query).toBeVisible();

    const name = inHindi.get(s.finds)!;
    expect(name, s.finds).toBeDefined();
    await page.goto(`/hi/tests?q=${encodeURIComponent(s.query)}`);
    await expect(page.getByRole('link', { name: `${name} बुक करें`, exact: true }), s.query).toBeVisible();
  }
});

async function typeInPicker(page: Page, label: string, query: string, name: string) {
  const search = page.getByRole('combobox', { name: label });
  await search.click();
  await search.fill(query);
  await expect(page.getByRole('option', { name: new RegExp(`^${escaped(name)},`) }), query).toBeVisible();
}

test('the booking page’s picker finds a test as it is typed, in English and in Hindi', async ({ page, request, baseURL }) => {
  const picks = samples.slice(0, 4);
  await page.goto('/Appointment');
  await expect(page.locator('main')).toHaveAttribute('data-hydrated', 'true');
  for (const s of picks) await typeInPicker(page, 'Search tests', s.query, s.finds);

  const inHindi = await hindiNames(request);
  await page.context().addCookies([{ name: 'lang', value: 'hi', url: baseURL! }]);
  await page.goto('/Appointment');
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
  await expect(page.locator('main')).toHaveAttribute('data-hydrated', 'true');
  for (const s of samples.slice(4)) await typeInPicker(page, 'जाँचें खोजें', s.query, inHindi.get(s.finds)!);
});
