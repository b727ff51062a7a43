// Test packages (docs/product.md#public-pages, #screen-behaviour, #fixed-values): one card open at a time, "Close", the member price with two
// decimals only for an active member, and "Book Package" through the booking page to a bill whose
// Offer Amount is the server's package price.
import { settledAxe } from './support/axe.ts';
import { type Page } from '@playwright/test';
import { agreeToNotice, chooseSlot, createUser, expect, loginAs, openDate, test } from './support/fixtures.ts';
import { createDeskAccount, payByUpi } from './support/staff.ts';

const rupees = (n: number) => `Rs ${new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n)}`;

interface TestPackage {
  id: number;
  name: string;
  original_price: number;
  offer_price: number;
  discounted_price: number;
  tests: Array<{ id: number; name: string; price: number }>;
}

async function token(page: Page): Promise<string> {
  const t = await page.evaluate(() => localStorage.getItem('accessToken'));
  if (!t) throw new Error('not logged in');
  return t;
}

async function packagesFor(page: Page): Promise<TestPackage[]> {
  const res = await page.request.get('/api/packages/', { headers: { Authorization: `Bearer ${await token(page)}` } });
  expect(res.status()).toBe(200);
  return (await res.json()) as TestPackage[];
}

function card(page: Page, name: string) {
  return { toggle: page.getByRole('button', { name: new RegExp(`^${name}`) }), panel: page.getByRole('region', { name }) };
}

async function bookOpenPackage(page: Page, pkg: TestPackage, expectedPrice: number) {
  await card(page, pkg.name).panel.getByRole('button', { name: 'Book Package' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Book an Appointment' })).toBeVisible();
  await expect(page).toHaveURL(/\/appointment$/);
  const selected = page.getByRole('list', { name: 'Selected tests' });
  await expect(selected.getByRole('listitem')).toHaveCount(pkg.tests.length);
  for (const t of pkg.tests) await expect(selected).toContainText(t.name);
  await expect(page.getByText('Offer Price', { exact: true })).toBeVisible();
  await expect(page.getByTestId('booking-total')).toHaveText(rupees(expectedPrice));

  const form = page.getByRole('form', { name: 'Your details' });
  await form.getByLabel('Date').fill(openDate(5));
  await chooseSlot(form, '09:30');
  await form.getByLabel('Phone').fill('9829012345');
  await agreeToNotice(page);
  await page.getByRole('button', { name: 'Book Now' }).click();
  // the booking's confirmation page stays; its link opens the bill
  await page.getByRole('link', { name: 'View and pay the bill' }).click();
  await expect(page.getByRole('article', { name: 'Invoice' })).toBeVisible();
  await expect(page.getByTestId('bill-offer')).toHaveText(rupees(expectedPrice));
}

test('one package card opens at a time, Close collapses it, and a booked package is billed at the server price', async ({ page, request }) => {
  const user = await createUser(request);
  await loginAs(page, user, '/packages');
  await expect(page.getByRole('heading', { level: 1, name: 'Test Packages' })).toBeVisible();
  const all = await packagesFor(page);
  const basic = all.find((p) => p.name === 'Basic Health Checkup')!;
  const heart = all.find((p) => p.name === 'Heart Health Package')!;
  expect(basic.discounted_price).toBe(basic.offer_price);

  const a = card(page, basic.name);
  const b = card(page, heart.name);
  await expect(a.toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(a.panel).toHaveCount(0);

  await a.toggle.click();
  await expect(a.toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(a.panel.getByText('A yearly check of blood counts')).toBeVisible();
  for (const t of basic.tests) {
    await expect(a.panel.getByRole('listitem').filter({ hasText: t.name })).toContainText(rupees(t.price));
  }
  await expect(a.panel.getByText(rupees(basic.original_price))).toBeVisible();
  await expect(a.panel.getByText(rupees(basic.offer_price))).toBeVisible();
  await expect(a.panel.getByText('Member Price')).toHaveCount(0);
  const axe = await settledAxe(page);
  expect(axe.violations.map((v) => `${v.id} ${v.help}`)).toEqual([]);

  // Opening another closes the first.
  await b.toggle.click();
  await expect(b.toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(a.toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(a.panel).toHaveCount(0);
  await expect(b.panel).toBeVisible();

  await b.panel.getByRole('button', { name: 'Close' }).click();
  await expect(b.toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(b.panel).toHaveCount(0);

  // Toggling the same card twice closes it too.
  await a.toggle.click();
  await a.toggle.click();
  await expect(a.toggle).toHaveAttribute('aria-expanded', 'false');

  await a.toggle.click();
  await bookOpenPackage(page, basic, basic.offer_price);
});

test('an active member sees the member price with two decimals and the package is billed at it', async ({ page, request }) => {
  const user = await createUser(request);
  await loginAs(page, user, '/packages');
  const plans = (await (await page.request.get('/api/membership/plans/')).json()) as Array<{ id: number; name: string }>;
  const subscribed = await page.request.post('/api/membership/subscribe/', {
    headers: { Authorization: `Bearer ${await token(page)}` },
    data: { plan_id: plans.find((p) => p.name === 'Gold')!.id },
  });
  expect(subscribed.status()).toBe(201);
  // Member prices apply once the membership's bill is paid (UPI, confirmed by the desk).
  await payByUpi(page.request, (await subscribed.json()).bill.key, await createDeskAccount(page.request));
  await page.reload();

  const basic = (await packagesFor(page)).find((p) => p.name === 'Basic Health Checkup')!;
  expect(basic.discounted_price).toBe(1274.15);
  const a = card(page, basic.name);
  await a.toggle.click();
  const member = a.panel.getByRole('term').filter({ hasText: 'Member Price' });
  await expect(member).toBeVisible();
  await expect(a.panel.getByRole('definition').filter({ hasText: 'Rs 1,274.15' })).toBeVisible();
  await expect(a.panel.getByText(rupees(basic.offer_price))).toBeVisible();
  await bookOpenPackage(page, basic, basic.discounted_price);
});
