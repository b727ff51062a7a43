// The bill of a logged-in person's booking opened from the dashboard's "View Bill", also when the bill
// call carries no token, as clients of the original API send it (docs/product.md#api-contract: the appointment id is the
// capability); and the site's one error screen, in the site frame with a way home, when a page fails
// to render.
import { type Page } from '@playwright/test';
import { createUser, expect, loginAs, openDate, test, type TestUser } from './support/fixtures.ts';

/** books CBC through the API as the logged-in person and answers the date it is booked on */
async function bookAsMember(page: Page, user: TestUser, time: string): Promise<string> {
  const login = await (await page.request.post('/api/users/login/', { data: { username: user.username, password: user.password } })).json();
  const tests = (await (await page.request.get('/api/tests/')).json()) as { id: number; name: string }[];
  const cbc = tests.find((t) => t.name === 'Complete Blood Count (CBC)')!;
  const date = openDate(2);
  const res = await page.request.post('/api/appointments/', {
    headers: { Authorization: `Bearer ${login.tokens.access}` },
    data: { date, time, user_name: 'Asha Rao', user_email: user.email, user_phone: '9829012345', tests: [cbc.id] },
  });
  expect(res.status()).toBe(201);
  return date;
}

test("a member's bill opens from the dashboard's View Bill, also when the call carries no token", async ({ page, request }) => {
  const user = await createUser(request);
  await loginAs(page, user, '/favicon.svg');
  const date = await bookAsMember(page, user, '14:15');

  // Every bill call leaves the browser without its Authorization header, as an original client's would.
  const sent: (string | undefined)[] = [];
  // The bill's own call (its UPI QR image is an <img>, which never carries a token).
  await page.route(/\/api\/billing\/[^/]+\/?$/, async (route) => {
    const { authorization, ...headers } = route.request().headers();
    sent.push(authorization);
    await route.continue({ headers });
  });

  await page.goto('/UserDashboard');
  await page.getByRole('button', { name: `View Bill for appointment on ${date} at 14:15` }).click();
  const invoice = page.getByRole('article', { name: 'Invoice' });
  await expect(invoice).toBeVisible();
  await expect(invoice.getByRole('row', { name: /^Complete Blood Count \(CBC\)/ })).toBeVisible();
  expect(sent.length).toBeGreaterThan(0);
  // The page itself sent its token; the server answered without it.
  expect(sent.every((a) => a?.startsWith('Bearer '))).toBe(true);
});

test('a page that fails to render shows the site error page inside the site frame, with a way home', async ({ page, request, consoleErrors }) => {
  // React logs the render failure this test provokes; the error page is what it checks.
  consoleErrors.allow(/Cannot read properties of null \(reading 'map'\)/);
  // No test-only code ships to make a page throw: the bill page is given a bill the server would never
  // send (no tests, no lines), and rendering it fails for real, as a page would on any unexpected answer.
  const user = await createUser(request);
  await loginAs(page, user, '/favicon.svg');
  const date = await bookAsMember(page, user, '16:45');
  // only the bill itself (its UPI QR code and receipt pass untouched)
  await page.route(/\/api\/billing\/[^/]+\/$/, async (route) => {
    const bill = await (await route.fetch()).json();
    await route.fulfill({ json: { ...bill, tests: null, lines: null } });
  });
  const pageErrors: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));

  await page.goto('/UserDashboard');
  await page.getByRole('button', { name: `View Bill for appointment on ${date} at 16:45` }).click();

  const error = page.getByRole('alert').filter({ has: page.getByRole('heading', { level: 1, name: 'This page could not be shown' }) });
  await expect(error).toBeVisible();
  // The site frame stays: the navigation bar and the footer are drawn around the error page.
  await expect(page.getByRole('banner').getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expect(page.getByText('Unexpected Application Error')).toHaveCount(0);
  expect(pageErrors).toEqual([]);

  await error.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(error).toHaveCount(0);
});
