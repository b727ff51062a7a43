// Sign-up and sign-in with a mobile number and a one-time code on a phone (decision 061), at 360 × 780:
// a new number signs up on /Register with its code and a name and lands signed in; on the booking page a
// guest who chose a test signs in by code and the test and the page stay as they were; and the home page
// at 360 × 640 shows the test search and the call and WhatsApp buttons without scrolling, with a popular
// package's tests opened by a tap. The e2e server has no SMS account: codes are read from the channel
// outbox (e2e-server.mjs), as a developer reads them.
import { randomInt } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';

const PORT = process.env.E2E_PORT ?? '3100';

test.use({ viewport: { width: 360, height: 780 } });

/** a fresh Indian mobile's ten digits */
const mobile = () => `9${String(randomInt(100_000_000, 999_999_999))}`;

function codesTo(digits: string): Array<{ at: string; variables: string[] }> {
  const dir = (JSON.parse(readFileSync(path.join(tmpdir(), `lab-e2e-${PORT}.json`), 'utf8')) as { channelOutboxDir: string }).channelOutboxDir;
  const names = existsSync(dir) ? readdirSync(dir) : [];
  return names
    .map((n) => JSON.parse(readFileSync(path.join(dir, n), 'utf8')) as { to: string; kind: string; at: string; variables: string[] })
    .filter((f) => f.to === `+91${digits}` && f.kind === 'sign-in-code')
    .sort((a, b) => a.at.localeCompare(b.at));
}

/** the code the number was sent, once the message runner has written it */
async function codeFor(digits: string, count = 1): Promise<string> {
  await expect.poll(() => codesTo(digits).length, { message: `a code to ${digits}` }).toBe(count);
  return codesTo(digits).at(-1)!.variables[0]!;
}

/** the number's code asked for and entered on the form of the page */
async function signInByCode(page: Page, digits: string, count = 1) {
  await page.getByRole('textbox', { name: 'Mobile number' }).fill(digits);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'a 6-digit code is on its way' })).toBeVisible();
  await page.getByLabel('6-digit code').fill(await codeFor(digits, count));
  await page.getByRole('button', { name: 'Continue' }).click();
}

test('a new number signs up with its code and a name, and is signed in', async ({ page }) => {
  const digits = mobile();
  await page.goto('/Register');
  await expect(page.locator('main')).toHaveAttribute('data-hydrated', 'true');
  // the mobile number comes first, above the username form
  await expect(page.getByRole('textbox', { name: 'Mobile number' })).toBeInViewport();
  await signInByCode(page, digits);
  // The number is new: its name is asked once, at the field.
  const firstName = page.getByLabel('Your first name');
  await expect(firstName).toHaveAccessibleDescription('This number is new to us: enter your name to make your account.');
  await firstName.fill('Kavita');
  await page.getByLabel('Last name (optional)').fill('Sharma');
  const form = page.locator('form').filter({ has: page.getByLabel('6-digit code') });
  await form.getByRole('checkbox', { name: /I have read the privacy notice/ }).check();
  await form.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/UserDashboard$/);
  await expect(page.getByText('Kavita').first()).toBeVisible();
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null') as { username: string } | null);
  expect(stored?.username).toBe(`m${digits}`);
});

test('signing in by code on the booking page keeps the chosen test', async ({ page, request }) => {
  // an account made by code before
  const digits = mobile();
  expect((await request.post('/api/users/phone/code/', { data: { phone: digits } })).status()).toBe(200);
  const made = await request.post('/api/users/phone/sign-in/', { data: { phone: digits, code: await codeFor(digits), first_name: 'Farhan', last_name: 'Ali' } });
  expect(made.status()).toBe(200);

  const tests = (await (await request.get('/api/tests/')).json()) as Array<{ id: number; name: string }>;
  const fbs = tests.find((x) => x.name === 'Fasting Blood Sugar')!;
  await page.goto(`/Appointment?tests=${fbs.id}`);
  await expect(page.locator('main')).toHaveAttribute('data-hydrated', 'true');
  const selected = page.getByRole('list', { name: 'Selected tests' });
  await expect(selected.getByRole('listitem')).toHaveCount(1);
  await page.getByLabel('Phone', { exact: true }).fill('98290 11111');

  await page.getByText('Sign in with your mobile number: your choices here stay.').click();
  await signInByCode(page, digits, 2);
  // signed in where they were: the sign-in block is gone, the test and what was typed stay
  await expect(page.getByText('Sign in with your mobile number: your choices here stay.')).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/Appointment\\?tests=${fbs.id}$`));
  await expect(selected.getByRole('listitem')).toHaveCount(1);
  await expect(selected).toContainText('Fasting Blood Sugar');
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Farhan Ali');
  await expect(page.getByLabel('Phone', { exact: true })).toHaveValue('98290 11111');
});

for (const [home, call, whatsapp] of [
  ['/', 'Call the lab', 'WhatsApp'],
  ['/hi', 'लैब को कॉल करें', 'व्हाट्सऐप'],
] as const) {
  test(`${home} at 360 × 640: the test search, call and WhatsApp above the fold; a package's tests on a tap`, async ({ page, request }) => {
    await page.setViewportSize({ width: 360, height: 640 });
    await page.goto(home);
    await expect(page.locator('main')).toHaveAttribute('data-hydrated', 'true');
    const search = page.getByRole('search').getByRole('searchbox');
    await expect(search).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole('search').getByRole('button')).toBeInViewport({ ratio: 1 });
    const callLink = page.getByRole('link', { name: call, exact: true });
    await expect(callLink).toBeInViewport({ ratio: 1 });
    await expect(callLink).toHaveAttribute('href', /^tel:\+\d+$/);
    const waLink = page.getByRole('link', { name: whatsapp, exact: true });
    await expect(waLink).toBeInViewport({ ratio: 1 });
    await expect(waLink).toHaveAttribute('href', /^https:\/\/wa\.me\/\d+$/);

    const packages = (await (await request.get(`/api/packages/${home === '/hi' ? '?lang=hi' : ''}`)).json()) as Array<{ name: string; tests: Array<{ name: string }> }>;
    const first = packages[0]!;
    const card = page.locator('#popular-packages').locator('..').getByRole('listitem').first();
    await expect(card.getByRole('heading', { level: 3 })).toHaveText(first.name);
    const list = card.getByRole('list');
    await expect(list).toBeHidden();
    await card.locator('summary').click();
    await expect(list.getByRole('listitem')).toHaveText(first.tests.map((x) => x.name));
  });
}
