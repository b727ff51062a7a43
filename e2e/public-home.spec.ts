// Home page behaviour: the booking teaser hands its values to /Appointment, and the statistics rotate.
import { type Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';

/** opens a page and waits until its script has hydrated it (clicks before that would be lost) */
async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('main')).toHaveAttribute('data-hydrated', 'true');
}

test('the booking teaser needs every field, then carries name, email and number to /Appointment', async ({ page }) => {
  // The booking page reads the teaser once and then clears it, so record what was handed over as it
  // happens: the sessionStorage write and the navigation state of the push to /Appointment.
  await page.addInitScript(() => {
    const w = window as unknown as { __teaserStored?: string; __pushedState?: unknown };
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (key: string, value: string) {
      if (this === window.sessionStorage && key === 'bookingTeaser') w.__teaserStored = value;
      return setItem.call(this, key, value);
    };
    const pushState = history.pushState;
    history.pushState = function (state: unknown, unused: string, url?: string | URL | null) {
      w.__pushedState = state;
      return pushState.call(this, state, unused, url);
    };
  });
  await open(page, '/');
  const submit = page.getByRole('button', { name: 'Book Appointment' });
  await submit.click();
  // required fields stop the submit
  await expect(page).toHaveURL(/\/$/);
  expect(await page.getByLabel('Full Name').evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true);
  expect(await page.evaluate(() => sessionStorage.getItem('bookingTeaser'))).toBeNull();

  await page.getByLabel('Full Name').fill('Ravi Kumar');
  await page.getByLabel('Email Address').fill('ravi@example.com');
  await page.getByLabel('Phone Number').fill('9876543210');
  await submit.click();
  await expect(page).toHaveURL(/\/Appointment$/);
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Lab Centre Diagnostics');
  const teaser = { name: 'Ravi Kumar', email: 'ravi@example.com', number: '9876543210' };
  const handed = await page.evaluate(() => {
    const w = window as unknown as { __teaserStored?: string; __pushedState?: { usr?: unknown } };
    return { stored: w.__teaserStored, state: w.__pushedState?.usr };
  });
  expect(JSON.parse(handed.stored ?? 'null')).toEqual(teaser);
  expect(handed.state).toEqual({ teaser });
});

test('the statistics show a loading text, then six cards that rotate every 3 s in one of seven colours', async ({ page }) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  // Hold the answer back (not replace it) so the loading text can be seen.
  await page.route('**/api/dashboard/', async (route) => {
    await held;
    await route.continue();
  });
  await page.clock.install();
  await open(page, '/');
  await expect(page.getByText('Loading dashboard...')).toBeVisible();
  release();

  const card = page.getByTestId('stat-card');
  await expect(card).toBeVisible();
  await expect(page.getByText('Loading dashboard...')).toHaveCount(0);
  await expect(card).toHaveAttribute('aria-label', '1 of 6');
  const first = await card.innerText();
  await expect(card).toHaveClass(/bg-(teal|sky|indigo|violet|rose|amber|emerald)-[78]00/);

  const labels = new Set<string>();
  labels.add(first.split('\n').pop()!.trim());
  await page.clock.runFor(3_000);
  await expect(card).toHaveAttribute('aria-label', '2 of 6');
  expect(await card.innerText()).not.toBe(first);
  labels.add((await card.innerText()).split('\n').pop()!.trim());
  await expect(card).toHaveClass(/bg-(teal|sky|indigo|violet|rose|amber|emerald)-[78]00/);
  expect(labels.size).toBe(2);
});

test('all six statistic labels come round', async ({ page }) => {
  await page.clock.install();
  await open(page, '/');
  const card = page.getByTestId('stat-card');
  await expect(card).toBeVisible();
  const seen: string[] = [];
  for (let i = 0; i < 6; i++) {
    seen.push((await card.locator('p').nth(1).innerText()).trim());
    await page.clock.runFor(3_000);
  }
  expect(seen).toEqual([
    'Test Categories',
    'Tests Available',
    'Appointments Booked',
    'Approved Appointments',
    'Approval Rate',
    'Test Completion Rate',
  ]);
  await expect(card).toHaveAttribute('aria-label', '1 of 6');
  await expect(card.locator('p').first()).toHaveText(/^\d[\d,.]*%?$/);

  // Pause stops the rotation; Play starts it again.
  await page.getByRole('button', { name: 'Pause statistics rotation' }).click();
  await page.clock.runFor(9_000);
  await expect(card).toHaveAttribute('aria-label', '1 of 6');
  await page.getByRole('button', { name: 'Play statistics rotation' }).click();
  await page.clock.runFor(3_000);
  await expect(card).toHaveAttribute('aria-label', '2 of 6');
});

test('a failed statistics fetch is only logged', async ({ page, consoleErrors }) => {
  consoleErrors.allow(/Failed to fetch dashboard statistics/);
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  let requests = 0;
  await page.route('**/api/dashboard/', (route) => (requests++, route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"boom"}' })));
  await page.clock.install();
  await open(page, '/');
  // the retry a second later runs on the clock
  await expect.poll(() => requests).toBe(1);
  await expect.poll(async () => (await page.clock.runFor(1_000), requests)).toBe(2);
  await expect.poll(() => errors.some((e) => e.includes('Failed to fetch dashboard statistics'))).toBe(true);
  await expect(page.getByText('Loading dashboard...')).toHaveCount(0);
  await expect(page.getByTestId('stat-card')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Our Lab in Numbers' }).getByRole('alert')).toHaveCount(0);
});

test("the home page's test search opens the priced results, each a click from booking, and popular packages show their prices", async ({ page }) => {
  await page.goto('/');
  const packages = page.getByRole('region', { name: 'Popular health packages' });
  const card = packages.getByRole('listitem').first();
  await expect(card.getByRole('heading', { level: 3 })).toHaveText('Basic Health Checkup');
  await expect(card).toContainText(/4 tests/);
  await expect(card).toContainText(/Rs \d/);
  await expect(card.getByRole('link', { name: 'Book a package: Basic Health Checkup' })).toHaveAttribute('href', '/packages');

  const search = page.getByRole('search');
  await search.getByRole('searchbox', { name: 'Find a test and its price' }).fill('thyroid');
  await search.getByRole('button', { name: 'Search' }).click();
  // the results with their prices, rendered by the server (the page works without scripts too); each books
  await expect(page).toHaveURL(/\/tests\?q=thyroid$/);
  const row = page.getByRole('listitem').filter({ hasText: 'Thyroid Profile (T3, T4, TSH)' });
  await expect(row).toContainText(/Rs \d/);
  await row.getByRole('link', { name: 'Book Thyroid Profile (T3, T4, TSH)' }).click();
  await expect(page).toHaveURL(/\/Appointment\?tests=\d+$/);
  await expect(page.getByRole('list', { name: 'Selected tests' }).getByRole('listitem')).toHaveCount(1);
});
