// Membership (docs/product.md#public-pages, #screen-behaviour, #messages, #fixed-values): subscribe on the
// dashboard, member prices on the booking page and in its total, a booking charged member prices on
// the bill; unsubscribe and the prices revert. The /membership screen for a member and a visitor.
// A plan has a fee (docs/features.md#payments): the membership awaits the payment of its bill (paid here by UPI and
// confirmed by the desk through the API) before member prices apply.
import { settledAxe } from './support/axe.ts';
import { type Page, type Response } from '@playwright/test';
import { agreeToNotice, chooseSlot, createUser, expect, loginAs, openDate, test } from './support/fixtures.ts';
import { createDeskAccount, type DeskAccount, payByUpi } from './support/staff.ts';

const rupees = (n: number) => `Rs ${new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n)}`;

interface CatalogueTest {
  name: string;
  price: number;
  membership_price: number;
  discounted_price: number;
}

async function expectAccessible(page: Page) {
  const results = await settledAxe(page);
  expect(results.violations.map((v) => `${v.id} ${v.help}`)).toEqual([]);
}

/** every alert the page raises, accepted */
function collectAlerts(page: Page): string[] {
  const alerts: string[] = [];
  page.on('dialog', (dialog) => {
    alerts.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.accept();
  });
  return alerts;
}

async function catalogue(page: Page): Promise<CatalogueTest[]> {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const res = await page.request.get('/api/tests/', { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  expect(res.status()).toBe(200);
  return (await res.json()) as CatalogueTest[];
}

const escape = (s: string) => s.replace(/[()]/g, '\\$&');

let desk: DeskAccount;
test.beforeAll(async ({ request }) => {
  desk = await createDeskAccount(request);
});

/** the membership awaits its bill, says so, and links to it; paid (UTR confirmed by the desk), it runs */
async function payMembership(page: Page, region: ReturnType<Page['getByRole']>) {
  await expect(region.getByText('Awaiting payment', { exact: true })).toHaveClass(/text-red-700/);
  await expect(region.getByRole('link', { name: /^Pay the membership bill/ })).toBeVisible();
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const status = await (await page.request.get('/api/membership/status/', { headers: { Authorization: `Bearer ${token}` } })).json();
  expect(status).toMatchObject({ status: 'Awaiting payment', is_active: false });
  await payByUpi(page.request, status.bill.key, desk);
  await page.reload();
}

/** the web app's ask for the membership (its query and answer), and the original call's status with the same session */
async function noMembershipAnswers(page: Page, asked: Response) {
  expect(new URL(asked.url()).search).toBe('?none=null');
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const original = await page.request.get('/api/membership/status/', { headers: { Authorization: `Bearer ${token}` } });
  return { webApp: { status: asked.status(), body: (await asked.json()) as unknown }, original: original.status() };
}

async function pickTest(page: Page, query: string, name: string) {
  const search = page.getByRole('combobox', { name: 'Search tests' });
  await search.click();
  await search.fill(query);
  await page.getByRole('option', { name: new RegExp(`^${escape(name)},`) }).click();
  await expect(search).toHaveValue(name);
}

async function bookWithDetails(page: Page) {
  const form = page.getByRole('form', { name: 'Your details' });
  await form.getByLabel('Date').fill(openDate(3));
  await chooseSlot(form, '10:30');
  await form.getByLabel('Phone').fill('9829012345');
  await agreeToNotice(page);
  await page.getByRole('button', { name: 'Book Now' }).click();
  // the booking's confirmation page stays; its link opens the bill
  await page.getByRole('link', { name: 'View and pay the bill' }).click();
}

test('a member subscribes on the dashboard, books at member prices, unsubscribes and pays list prices again', async ({ page, request }) => {
  const user = await createUser(request);
  const alerts = collectAlerts(page);
  const noMembership = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/membership/status/');
  await loginAs(page, user, '/UserDashboard');

  // No membership yet: the web app's ask (?none=null) is answered 200 null, so the browser logs no failed
  // request, while the original call answers 404 (as clients of the original API expect); the dashboard
  // shows the plan chooser.
  expect(await noMembershipAnswers(page, await noMembership)).toEqual({ webApp: { status: 200, body: null }, original: 404 });
  const section = page.getByRole('region', { name: 'Membership' });
  await expect(section.getByRole('heading', { name: 'Choose a plan' })).toBeVisible();
  await expect(section.getByText('Rs 999.00')).toBeVisible();
  await expect(section.getByText('15% discount')).toBeVisible();
  await expect(section.getByRole('progressbar')).toHaveCount(0);
  await section.getByRole('button', { name: 'Subscribe to Gold' }).click();
  await page.getByRole('dialog', { name: 'Subscribe to Gold?' }).getByRole('button', { name: 'Subscribe' }).click();
  await expect.poll(() => alerts).toEqual(['alert: Subscription Successful!']);
  await payMembership(page, section);

  // The membership view: plan, status in green, the bar fixed at 75 percent, Unsubscribe.
  await expect(section.getByText('Gold', { exact: true })).toBeVisible();
  const status = section.getByText('Approved', { exact: true });
  await expect(status).toBeVisible();
  await expect(status).toHaveClass(/text-green-700/);
  const bar = section.getByRole('progressbar', { name: 'Membership progress' });
  await expect(bar).toHaveAttribute('aria-valuenow', '75');
  await expect(bar.locator('div')).toHaveClass(/w-3\/4/);
  await expect(section.getByRole('button', { name: /^Subscribe/ })).toHaveCount(0);
  await expectAccessible(page);

  // Member prices on the booking page. CBC: no running offer, so Gold's 15% is the lowest price.
  // Widal: the fever offer (20%) beats the membership, so that is what is charged.
  const tests = await catalogue(page);
  const cbc = tests.find((t) => t.name === 'Complete Blood Count (CBC)')!;
  const widal = tests.find((t) => t.name === 'Widal Test')!;
  expect(cbc.membership_price).toBe(297.5);
  expect(cbc.discounted_price).toBe(297.5);
  expect(widal.discounted_price).toBeLessThan(widal.membership_price);

  await page.goto('/Appointment');
  const search = page.getByRole('combobox', { name: 'Search tests' });
  await search.click();
  await search.fill('complete blood');
  const cbcRow = page.getByRole('option', { name: new RegExp(`^${escape(cbc.name)}, ${rupees(350)} ${rupees(297.5)}`) });
  await expect(cbcRow).toBeVisible();
  await expect(cbcRow).toHaveAccessibleDescription(`membership price ${rupees(297.5)}`);
  await pickTest(page, 'complete blood', cbc.name);
  await pickTest(page, 'widal', widal.name);
  const total = cbc.discounted_price + widal.discounted_price;
  await expect(page.getByTestId('booking-total')).toHaveText(rupees(total));
  await bookWithDetails(page);

  const invoice = page.getByRole('article', { name: 'Invoice' });
  await expect(invoice).toBeVisible();
  // Each test at its list price, and the discounts that brought them down as lines of their own (decision 052).
  await expect(invoice.getByRole('row', { name: new RegExp(escape(cbc.name)) })).toContainText(rupees(350));
  await expect(invoice.getByRole('row', { name: new RegExp(widal.name) })).toContainText(rupees(widal.price));
  await expect(invoice.getByRole('row', { name: /^Member discount/ })).toContainText(rupees(350 - 297.5));
  await expect(invoice.getByRole('row', { name: /^Offer discount/ })).toContainText(rupees(widal.price - widal.discounted_price));
  await expect(page.getByTestId('bill-total')).toHaveText(rupees(total));

  // Unsubscribe: the chooser is back and the booking page shows list prices again.
  await page.goto('/UserDashboard');
  await section.getByRole('button', { name: 'Unsubscribe' }).click();
  await page.getByRole('dialog', { name: 'End your membership?' }).getByRole('button', { name: 'Unsubscribe' }).click();
  await expect.poll(() => alerts).toEqual(['alert: Subscription Successful!', 'alert: Unsubscribed Successfully!']);
  await expect(section.getByRole('button', { name: 'Subscribe to Gold' })).toBeVisible();
  await expect(section.getByRole('progressbar')).toHaveCount(0);

  await page.goto('/Appointment');
  await search.click();
  await search.fill('complete blood');
  await expect(page.getByRole('option', { name: new RegExp(`^${escape(cbc.name)}, ${rupees(350)}$`) })).toBeVisible();
  await pickTest(page, 'complete blood', cbc.name);
  await expect(page.getByTestId('booking-total')).toHaveText(rupees(350));
});

test('the membership screen: plans and a log-in prompt for a visitor; benefits, member package prices and unsubscribe for a member', async ({ page, request }) => {
  await page.goto('/membership');
  await expect(page.getByRole('heading', { level: 1, name: 'Membership' })).toBeVisible();
  const plans = page.getByRole('region', { name: 'Membership Plans' });
  await expect(plans.getByRole('heading', { name: 'Platinum' })).toBeVisible();
  await expect(plans.getByText('Rs 1,999.00')).toBeVisible();
  await expect(plans.getByRole('link', { name: 'Log in to subscribe to Gold' })).toBeVisible();
  await expect(plans.getByRole('button', { name: /Subscribe/ })).toHaveCount(0);
  await expectAccessible(page);

  const user = await createUser(request);
  const alerts = collectAlerts(page);
  const noMembership = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/membership/status/');
  await loginAs(page, user, '/membership');
  expect(await noMembershipAnswers(page, await noMembership)).toEqual({ webApp: { status: 200, body: null }, original: 404 });
  await expect(page.getByRole('region', { name: 'Your Membership' })).toHaveCount(0);
  await plans.getByRole('button', { name: 'Subscribe to Gold' }).click();
  await page.getByRole('dialog', { name: 'Subscribe to Gold?' }).getByRole('button', { name: 'Subscribe' }).click();
  await expect.poll(() => alerts).toEqual(['alert: Subscription Successful!']);

  const mine = page.getByRole('region', { name: 'Your Membership' });
  await payMembership(page, mine);
  await expect(mine.getByText('Gold', { exact: true })).toBeVisible();
  await expect(mine.getByText('Approved', { exact: true })).toHaveClass(/text-green-700/);
  const benefits = page.getByRole('region', { name: 'Membership Benefits' });
  for (const b of ['Exclusive Discounts', 'Priority Booking', 'Free Consultation Calls']) {
    await expect(benefits.getByRole('heading', { name: b })).toBeVisible();
  }
  const exclusive = page.getByRole('region', { name: 'Exclusive Packages' });
  await expect(exclusive.getByRole('listitem').filter({ hasText: 'Basic Health Checkup' })).toContainText('Member price Rs 1,274.15');
  await expect(plans).toHaveCount(0);
  await expectAccessible(page);

  await mine.getByRole('button', { name: 'Unsubscribe' }).click();
  await page.getByRole('dialog', { name: 'End your membership?' }).getByRole('button', { name: 'Unsubscribe' }).click();
  await expect.poll(() => alerts).toEqual(['alert: Subscription Successful!', 'alert: Unsubscribed Successfully!']);
  await expect(plans.getByRole('button', { name: 'Subscribe to Gold' })).toBeVisible();
  await expect(mine).toHaveCount(0);
});
