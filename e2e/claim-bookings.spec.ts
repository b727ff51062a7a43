// Claiming guest bookings (decision 017): someone books as a guest, registers later, asks the dashboard
// for a confirmation link, opens the link from the e-mail, and the guest booking joins the account.
import { settledAxe } from './support/axe.ts';
import { createUser, expect, loginAs, openDate, test } from './support/fixtures.ts';
import { lastMailTo } from './support/outbox.ts';

test('a guest booking joins the account after the e-mailed link confirms the address', async ({ page, browser }) => {
  const user = await createUser(page.request);
  const tests = (await (await page.request.get('/api/tests/')).json()) as { id: number }[];
  const guest = await page.request.post('/api/appointments/', {
    data: { date: openDate(4), time: '11:00', user_name: 'Guest Self', user_email: user.email.toUpperCase(), user_phone: '9829012345', tests: [tests[0]!.id] },
  });
  expect(guest.status()).toBe(201);
  const { reference } = (await guest.json()) as { reference: string };

  await loginAs(page, user);
  await expect(page.getByTestId('total-appointments')).toHaveText('0');
  const panel = page.getByRole('region', { name: 'Booked as a guest before?' });
  await panel.getByRole('button', { name: 'E-mail me a confirmation link' }).click();
  await expect(panel.getByRole('status')).toHaveText(`We have e-mailed a link to ${user.email}. Open it to add 1 booking made as a guest to your account.`);
  expect((await settledAxe(page)).violations).toEqual([]);

  const mail = await lastMailTo(user.email, /^Confirm your e-mail address/);
  const link = /http:\/\/\S+\/claim-bookings\/\S+/.exec(mail.text)?.[0];
  expect(link).toBeDefined();

  // Opened from the mail app: another browser, not logged in.
  const other = await browser.newContext();
  const mailApp = await other.newPage();
  await mailApp.goto(link!);
  await expect(mailApp.getByRole('status')).toContainText(`1 booking made as a guest joined your account: ${reference}.`);
  expect((await settledAxe(mailApp)).violations).toEqual([]);
  await other.close();

  await page.reload();
  await expect(page.getByTestId('total-appointments')).toHaveText('1');
  await expect(page.getByText(`Reference ${reference}`)).toBeVisible();
});

test('a stale or altered confirmation link says so', async ({ page }) => {
  await page.goto('/claim-bookings/not-a-real-token');
  await expect(page.getByRole('alert')).toHaveText('This confirmation link has expired or is invalid. Ask for a new one from your dashboard.');
});
