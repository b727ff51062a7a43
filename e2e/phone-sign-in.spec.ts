// Sign-up and sign-in with a mobile number and a one-time code on a phone (decision 061), at 360 × 780:
// a new number signs up on /Register with its code and a name and lands signed in; on the booking page a
// guest who chose a test signs in by code and the test and the page stay as they were; and the home page
// at 360 × 640 shows the test search and the call and WhatsApp buttons without scrolling, with a popular
// package's tests opened by a tap. On the dashboard's "Ways to sign in", a password account proves its
// mobile with a code (and then signs in by code as itself), and an account made by code adds a password
// (decision 069). The e2e server has no SMS account: codes are read from the channel
// outbox (e2e-server.mjs), as a developer reads them.
import { randomInt } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { createUser, expect, loginAs, storeSession, test } from './support/fixtures.ts';

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
  // on a phone the link's test is in the cart above the step for whom (decision 075)
  const cart = page.getByText(/^Tests chosen: 1 · Total/);
  await expect(cart).toBeVisible();
  await page.getByLabel('Phone', { exact: true }).fill('98290 11111');

  await page.getByText('Sign in with your mobile number: your choices here stay.').click();
  await signInByCode(page, digits, 2);
  // signed in where they were: the sign-in block is gone, the test and what was typed stay
  await expect(page.getByText('Sign in with your mobile number: your choices here stay.')).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/Appointment\\?tests=${fbs.id}$`));
  await expect(cart).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Farhan Ali');
  await expect(page.getByLabel('Phone', { exact: true })).toHaveValue('98290 11111');
  // the steps go on from there with the cart (an account made by code has no e-mail yet: the booking asks
  // for one), and the cart's own step lists the test
  await page.getByLabel('Email', { exact: true }).fill('farhan.ali@example.com');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/[?&]step=where\b/);
  await expect(cart).toBeVisible();
  await page.getByRole('button', { name: 'Change', exact: true }).click();
  const selected = page.getByRole('list', { name: 'Selected tests' });
  await expect(selected.getByRole('listitem')).toHaveCount(1);
  await expect(selected).toContainText('Fasting Blood Sugar');
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

test('a password account proves its mobile on the dashboard, and a code to it then signs in that account', async ({ page, request }) => {
  const user = await createUser(request, { first_name: 'Gurpreet', last_name: 'Sandhu' });
  const digits = mobile();
  await loginAs(page, user);
  // on a phone the section is folded below the appointments
  await page.locator('summary', { hasText: 'Your details and sign-in' }).click();
  const methods = page.getByRole('region', { name: 'Ways to sign in' });
  await expect(methods.getByTestId('proven-mobile')).toHaveText('No mobile number is proven yet. Prove one to sign in with a code sent to it.');
  // The account has a password and an e-mail: only the mobile is offered.
  await expect(methods.getByLabel('New password')).toHaveCount(0);
  await methods.getByRole('button', { name: 'Add a mobile number' }).click();
  await methods.getByRole('textbox', { name: 'Mobile number' }).fill(digits);
  await methods.getByRole('button', { name: 'Send code' }).click();
  await methods.getByLabel('6-digit code').fill(await codeFor(digits));
  await methods.getByRole('button', { name: 'Prove this number' }).click();
  await expect(methods.getByText('Your mobile number is proven. Codes sent to it now sign you in.')).toBeVisible();
  await expect(methods.getByTestId('proven-mobile')).toHaveText(`Codes to +91 ${digits.slice(0, 5)} ${digits.slice(5)} sign you in.`);

  // Signed out, the number's code signs in the same account (no new one is made).
  await page.evaluate(() => localStorage.clear());
  await page.goto('/login');
  await expect(page.locator('main')).toHaveAttribute('data-hydrated', 'true');
  await signInByCode(page, digits, 2);
  await expect(page).toHaveURL(/\/UserDashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Gurpreet' })).toBeVisible();
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null') as { username: string } | null);
  expect(stored?.username).toBe(user.username);
});

test('an account made by code adds a password on the dashboard, in Hindi too, and then logs in with it', async ({ page, request, baseURL }) => {
  const digits = mobile();
  expect((await request.post('/api/users/phone/code/', { data: { phone: digits } })).status()).toBe(200);
  const made = await request.post('/api/users/phone/sign-in/', { data: { phone: digits, code: await codeFor(digits), first_name: 'Lakshmi', last_name: 'Nair' } });
  expect(made.status()).toBe(200);
  const answer = (await made.json()) as { username: string; tokens: { access: string; refresh: string } };
  await page.context().addCookies([{ name: 'lang', value: 'hi', url: baseURL! }]);
  await storeSession(page, answer);
  await page.locator('summary', { hasText: 'आपकी जानकारी और साइन इन' }).click();
  const methods = page.getByRole('region', { name: 'साइन इन करने के तरीके' });
  await expect(methods.getByTestId('proven-mobile')).toHaveText(`+91 ${digits.slice(0, 5)} ${digits.slice(5)} पर भेजे गए कोड से आप साइन इन होते हैं।`);
  await expect(methods.getByLabel('ई-मेल पता')).toBeVisible();
  const password = methods.getByLabel('नया पासवर्ड');
  await password.fill('12345678');
  await methods.getByRole('button', { name: 'पासवर्ड जोड़ें' }).click();
  // refused under the field, in Hindi
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(password).toBeFocused();
  await password.fill('Monsoon-Lab-7731!');
  await methods.getByRole('button', { name: 'पासवर्ड जोड़ें' }).click();
  await expect(methods.getByText('आपका पासवर्ड सहेज लिया गया।', { exact: false })).toBeVisible();
  const login = await request.post('/api/users/login/', { data: { username: answer.username, password: 'Monsoon-Lab-7731!' } });
  expect(login.status()).toBe(200);
});
