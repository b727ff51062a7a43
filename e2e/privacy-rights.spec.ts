// The patient's rights on the dashboard (docs/personal-data.md), on a 360 px phone: what the lab holds, the JSON
// download, a grievance the desk answers in the console's inbox, the nominee, and closing the account
// (what remains and until when, the e-mail, and the login refused afterwards).
import { readFileSync } from 'node:fs';
import { settledAxe } from './support/axe.ts';
import { createUser, expect, loginAs, test } from './support/fixtures.ts';
import { lastMailTo } from './support/outbox.ts';
import { createDeskAccount, signInToConsole } from './support/staff.ts';

test('a patient downloads their data, gets a grievance answered, names a nominee and closes the account', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 360, height: 800 });
  const user = await createUser(request, { first_name: 'Naina', last_name: 'Gupta' });
  await loginAs(page, user);
  // on a phone the dashboard folds the privacy part below the appointments: one tap opens it
  const privacy = page.locator('summary', { hasText: 'Privacy and your data' });
  await privacy.click();
  const data = page.getByRole('region', { name: 'Your data' });
  await expect(data.getByTestId('held-profile')).toHaveText('1');
  await expect(data.getByTestId('held-appointments')).toHaveText('0');

  // Download: one JSON file with the account in it.
  const download = page.waitForEvent('download');
  await data.getByRole('button', { name: 'Download all my data (JSON)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^lab-centre-my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(readFileSync((await file.path())!, 'utf8'));
  expect(exported.profile).toMatchObject({ username: user.username, email: user.email, first_name: 'Naina', last_name: 'Gupta' });
  await expect(data.getByText('Your data is downloading as a JSON file.')).toBeVisible();

  // A grievance: sent, due in 30 days, answered by the desk in the console, and the answer shown.
  const subject = `Report delay ${Date.now()}`;
  await data.getByLabel('Subject').fill(subject);
  await data.getByLabel('Your grievance').fill('My report took two weeks.');
  await data.getByRole('button', { name: 'Send grievance' }).click();
  await expect(data.getByText('Your grievance is sent to the grievance officer.')).toBeVisible();
  const mine = data.getByRole('list', { name: 'Your grievances' });
  await expect(mine).toContainText(subject);
  await expect(mine).toContainText('answer due by');

  const desk = await createDeskAccount(request);
  const staffPage = await browser.newPage();
  await signInToConsole(staffPage, desk, '/staff/inbox/grievances');
  const grievance = staffPage.getByRole('article', { name: subject });
  await expect(grievance).toContainText('Due by');
  await grievance.getByLabel(`Answer to “${subject}”`).fill('We are sorry: a machine was down. It is fixed.');
  await grievance.getByRole('button', { name: 'Send answer' }).click();
  await staffPage.getByLabel('Show').selectOption('answered');
  await expect(staffPage.getByRole('article', { name: subject })).toContainText(`Answered by ${desk.username}`);
  await staffPage.close();
  await expect(lastMailTo(user.email, /grievance has been answered/)).resolves.toMatchObject({ text: expect.stringContaining('a machine was down') });
  await page.reload();
  await privacy.click();
  await expect(page.getByRole('list', { name: 'Your grievances' })).toContainText('Answer: We are sorry: a machine was down. It is fixed.');

  // The nominee.
  const region = page.getByRole('region', { name: 'Your data' });
  await region.getByLabel('Nominee’s name').fill('Rohan Gupta');
  await region.getByLabel('Relation to you').fill('Son');
  await region.getByLabel('Nominee’s phone').fill('12');
  await region.getByRole('button', { name: 'Save nominee' }).click();
  await expect(region.getByText('Phone number must have at least 10 digits.')).toBeVisible();
  await region.getByLabel('Nominee’s phone').fill('+91 98290 12345');
  await region.getByRole('button', { name: 'Save nominee' }).click();
  await expect(region.getByText('Your nominee is saved.')).toBeVisible();
  expect((await settledAxe(page, 'main')).violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  // Closing the account: a wrong password is refused; the right one, confirmed, closes it.
  await region.getByLabel('Your password').fill('not-my-password');
  await region.getByRole('button', { name: 'Close my account' }).click();
  await page.getByRole('dialog', { name: 'Close your account?' }).getByRole('button', { name: 'Close my account' }).click();
  await expect(region.getByText('The password is not right.')).toBeVisible();
  await region.getByLabel('Your password').fill(user.password);
  await region.getByRole('button', { name: 'Close my account' }).click();
  await page.getByRole('dialog', { name: 'Close your account?' }).getByRole('button', { name: 'Close my account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your account is closed' })).toBeVisible();
  await expect(page.getByText('We keep nothing else about you.')).toBeVisible();
  expect((await settledAxe(page, 'main')).violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  await expect(lastMailTo(user.email, /account is closed/)).resolves.toMatchObject({ text: expect.stringContaining('you can no longer sign in') });

  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByLabel('Username').fill(user.username);
  await page.getByRole('textbox', { name: 'Password' }).fill(user.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Invalid username or password.')).toBeVisible();
});
