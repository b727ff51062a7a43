// A signed-in patient whose access token has expired books at the member price, on their own account
// (docs/security.md, Tokens): the web client renews the token before sending a call once its `exp` has passed,
// and the server refuses an expired token rather than booking as a guest.
import { createHmac } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { agreeToNotice, chooseSlot, createUser, loginAs, openDate } from './support/fixtures.ts';
import { createDeskAccount, payByUpi } from './support/staff.ts';

/** the e2e server's JWT_SECRET (e2e-server.mjs) */
const SECRET = 'e2e-secret-e2e-secret-e2e-secret-e2e-00';
const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');

/** an access token of the user exactly as the server makes them, but expired a minute ago */
function expiredAccessToken(userId: number): string {
  const now = Math.floor(Date.now() / 1000);
  const body = `${b64({ alg: 'HS256' })}.${b64({ role: 'patient', typ: 'access', ver: 0, sub: String(userId), iat: now - 960, exp: now - 60 })}`;
  return `${body}.${createHmac('sha256', SECRET).update(body).digest('base64url')}`;
}

const rupees = (n: number) => `Rs ${new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n)}`;

async function expireAccessToken(page: Page, token: string) {
  await page.evaluate((t) => {
    localStorage.setItem('accessToken', t);
    const user = JSON.parse(localStorage.getItem('user')!);
    localStorage.setItem('user', JSON.stringify({ ...user, tokens: { ...user.tokens, access: t } }));
  }, token);
}

test('an expired access token with a valid refresh token books on the account at the member price', async ({ page, request }) => {
  const user = await createUser(request);
  const login = await (await request.post('/api/users/login/', { data: { username: user.username, password: user.password } })).json();
  const auth = { Authorization: `Bearer ${login.tokens.access}` };
  const me = await (await request.get('/api/users/me/', { headers: auth })).json();
  const plans = (await (await request.get('/api/membership/plans/')).json()) as Array<{ id: number; name: string }>;
  const gold = plans.find((p) => p.name === 'Gold')!;
  const subscribed = await request.post('/api/membership/subscribe/', { headers: auth, data: { plan_id: gold.id } });
  expect(subscribed.status()).toBeLessThan(300);
  // Member prices apply once the membership's bill is paid (UPI, confirmed by the desk).
  await payByUpi(request, (await subscribed.json()).bill.key, await createDeskAccount(request));

  await loginAs(page, user, '/Appointment');
  const search = page.getByRole('combobox', { name: 'Search tests' });
  await search.click();
  await search.fill('complete blood');
  await page.getByRole('option', { name: /^Complete Blood Count \(CBC\), Rs 350\.00 Rs 297\.50/ }).click();
  await expect(page.getByTestId('booking-total')).toHaveText(rupees(297.5));

  // The access token runs out while the person fills in the form.
  const expired = expiredAccessToken(me.id);
  await expireAccessToken(page, expired);
  const form = page.getByRole('form', { name: 'Your details' });
  await form.getByLabel('Date').fill(openDate(3));
  await chooseSlot(form, '10:30');
  await form.getByLabel('Phone').fill('9829012345');
  const booking = page.waitForRequest((r) => r.url().endsWith('/api/appointments/') && r.method() === 'POST');
  await agreeToNotice(page);
  await page.getByRole('button', { name: 'Book Now' }).click();
  // The booking went out with a renewed token, never the expired one.
  expect((await booking).headers().authorization).not.toBe(`Bearer ${expired}`);
  // the booking's confirmation page stays; its link opens the bill
  await page.getByRole('link', { name: 'View and pay the bill' }).click();

  await expect(page.getByTestId('bill-total')).toHaveText(rupees(297.5));
  // On the account: listed on the dashboard.
  const fresh = await page.evaluate(() => localStorage.getItem('accessToken'));
  const mine = (await (await request.get('/api/users/userappointments/', { headers: { Authorization: `Bearer ${fresh}` } })).json()) as Array<{ total_price: number }>;
  expect(mine.map((a) => a.total_price)).toEqual([297.5]);
});
