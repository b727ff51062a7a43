// The proof of an account's e-mail address (decision 049): the link of the proof e-mail opens a real
// page on a phone, signed out, where one button confirms the address; the link then works no more.
import { settledAxe } from './support/axe.ts';
import { createUser, expect, test } from './support/fixtures.ts';
import { lastMailTo } from './support/outbox.ts';

test('the proof link opens a page on a phone, signed out, and one button confirms the address', async ({ page, browser }) => {
  const user = await createUser(page.request, {}, { proven: false });
  const mail = await lastMailTo(user.email, /^Confirm the e-mail address of your new /);
  expect(mail.text).toMatch(/^Hello,/);
  expect(mail.text).not.toContain(user.first_name);
  const link = /http:\/\/\S+\/verify-email\/\S+\/\S+/.exec(mail.text)?.[0];
  expect(link).toBeDefined();

  // Opened from the mail app on a phone: another browser, not logged in.
  const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true });
  const mailApp = await phone.newPage();
  await mailApp.goto(link!);
  await expect(mailApp.getByRole('heading', { name: 'Confirm your e-mail address' })).toBeVisible();
  expect((await settledAxe(mailApp)).violations).toEqual([]);
  await mailApp.getByRole('button', { name: 'Confirm my e-mail address' }).click();
  await expect(mailApp.getByRole('status')).toHaveText('Your e-mail address is confirmed.');
  await expect(mailApp.getByRole('link', { name: 'Go to login' })).toBeVisible();

  // Used once: the same link says so.
  await mailApp.goto(link!);
  await mailApp.getByRole('button', { name: 'Confirm my e-mail address' }).click();
  await expect(mailApp.getByText('This confirmation link has expired or is invalid.')).toBeVisible();
  await phone.close();
});
