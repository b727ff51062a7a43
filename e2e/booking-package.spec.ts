// Booking a package (docs/product.md#public-pages, #fixed-values): /packages hands the package's tests, its offer price
// and its id to the booking page in navigation state; the page preselects the tests, shows "Offer
// Price" as the total, names the package in the booking, and clears the state so a reload does not
// repeat it.
import { agreeToNotice, chooseSlot, createUser, expect, loginAs, openDate, test } from './support/fixtures.ts';

interface Pkg {
  id: number;
  name: string;
  offer_price: number;
  tests: Array<{ id: number; name: string }>;
}

const rupees = (n: number) => `Rs ${new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n)}`;

test('a package booked from /packages arrives preselected with its offer price, once', async ({ page, request }) => {
  const user = await createUser(request);
  const packages = (await (await request.get('/api/packages/')).json()) as Pkg[];
  const pkg = packages[0];
  if (!pkg) throw new Error('the demo seed has no package');

  await loginAs(page, user, '/packages');
  await page.getByRole('button', { name: new RegExp(`^${pkg.name}`) }).click();
  await page.getByRole('region', { name: pkg.name }).getByRole('button', { name: 'Book Package' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Book an Appointment' })).toBeVisible();
  const selected = page.getByRole('list', { name: 'Selected tests' });
  await expect(selected.getByRole('listitem')).toHaveCount(pkg.tests.length);
  for (const t of pkg.tests) await expect(selected.getByText(t.name, { exact: true })).toBeVisible();
  const total = page.getByTestId('booking-total');
  await expect(total).toHaveText(rupees(pkg.offer_price));
  await expect(page.getByText('Offer Price', { exact: true })).toBeVisible();

  // The state is consumed: a reload starts with nothing selected.
  await expect.poll(() => page.evaluate(() => (history.state as { usr?: unknown } | null)?.usr ?? null)).toBeNull();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Book an Appointment' })).toBeVisible();
  await expect(page.getByText('No tests selected yet.', { exact: false })).toBeVisible();
  await expect(page.getByText('Offer Price', { exact: true })).toHaveCount(0);

  // Book it for real.
  await page.goto('/packages');
  await page.getByRole('button', { name: new RegExp(`^${pkg.name}`) }).click();
  await page.getByRole('region', { name: pkg.name }).getByRole('button', { name: 'Book Package' }).click();
  await expect(selected.getByRole('listitem')).toHaveCount(pkg.tests.length);
  const form = page.getByRole('form', { name: 'Your details' });
  await form.getByLabel('Date').fill(openDate(5));
  await chooseSlot(form, '09:30');
  await form.getByLabel('Phone').fill('9829012345');
  const posted = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/appointments/');
  await agreeToNotice(page);
  await page.getByRole('button', { name: 'Book Now' }).click();
  const body = (await posted).postDataJSON() as Record<string, unknown>;
  expect(body).toMatchObject({ package_id: pkg.id, tests: pkg.tests.map((t) => t.id), home_sample: false, address: '' });

  // the booking's confirmation page stays; its link opens the bill
  await page.getByRole('link', { name: 'View and pay the bill' }).click();
  const invoice = page.getByRole('article', { name: 'Invoice' });
  await expect(invoice).toBeVisible();
  await expect(invoice.getByRole('row', { name: /^Offer Amount/ })).toContainText(rupees(pkg.offer_price));
});

test('changing a package selection drops the package', async ({ page, request }) => {
  const user = await createUser(request);
  const packages = (await (await request.get('/api/packages/')).json()) as Pkg[];
  const pkg = packages[0];
  if (!pkg) throw new Error('the demo seed has no package');
  const first = pkg.tests[0];
  if (!first) throw new Error('the package has no tests');

  await loginAs(page, user, '/packages');
  await page.getByRole('button', { name: new RegExp(`^${pkg.name}`) }).click();
  await page.getByRole('region', { name: pkg.name }).getByRole('button', { name: 'Book Package' }).click();
  await expect(page.getByText('Offer Price', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: `Delete ${first.name}` }).first().click();
  await expect(page.getByRole('list', { name: 'Selected tests' }).getByRole('listitem')).toHaveCount(pkg.tests.length - 1);
  await expect(page.getByText('Offer Price', { exact: true })).toHaveCount(0);
  await expect(page.getByText('Total Price', { exact: true })).toBeVisible();
});

test("a package's bill names the package as a line at its price, its tests included, adding up to the total", async ({ page, request }) => {
  const packages = (await (await request.get('/api/packages/')).json()) as Pkg[];
  const pkg = packages[0];
  if (!pkg) throw new Error('the demo seed has no package');
  const res = await request.post('/api/appointments/', {
    data: { date: openDate(6), time: '09:30', user_name: 'Sunita Joshi', user_email: 'sunita.joshi@example.com', user_phone: '9829012345', tests: pkg.tests.map((t) => t.id), package_id: pkg.id, home_sample: false, address: '' },
  });
  expect(res.status(), await res.text()).toBe(201);
  const id = (await res.json()).id as string;

  await page.goto(`/bill/${id}`);
  const invoice = page.getByRole('article', { name: 'Invoice' });
  const lines = invoice.getByRole('rowgroup').nth(1).getByRole('row');
  // One line, the package at its price (decision 052); its tests are named under it, not priced one by one.
  await expect(lines).toHaveCount(1);
  const line = lines.first();
  await expect(line.getByRole('rowheader')).toContainText(`Package: ${pkg.name}`);
  await expect(line.getByRole('rowheader')).toContainText('Includes: ');
  for (const t of pkg.tests) await expect(line.getByRole('rowheader')).toContainText(t.name);
  await expect(line.getByRole('cell')).toHaveText(rupees(pkg.offer_price));
  await expect(page.getByTestId('bill-total')).toHaveText(rupees(pkg.offer_price));
  for (const t of pkg.tests) await expect(invoice.getByRole('row', { name: new RegExp(`^${t.name.replace(/[()]/g, '\\$&')}`) })).toHaveCount(0);
});
