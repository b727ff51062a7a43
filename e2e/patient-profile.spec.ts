// A patient keeps their age and sex in the profile on the dashboard, and /Appointment is filled in
// with them.
import { settledAxe } from './support/axe.ts';
import { createUser, expect, loginAs, test } from './support/fixtures.ts';

test('a patient saves date of birth and sex on the dashboard, and the booking form is prefilled with them', async ({ page, request }) => {
  const user = await createUser(request, { first_name: 'Lata', last_name: 'Joshi' });
  await loginAs(page, user);
  const details = page.getByRole('region', { name: 'Your details' });
  await expect(details.getByRole('button', { name: 'Save details' })).toBeEnabled();
  await details.getByLabel('Born on').fill('1971-08-09');
  await expect(details.getByLabel('or age in years')).toBeDisabled();
  await details.getByLabel('Sex').selectOption('female');
  await details.getByRole('button', { name: 'Save details' }).click();
  await expect(details.getByText('Your details are saved.')).toBeVisible();
  expect((await settledAxe(page, 'main')).violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  // Kept on the account: a reload reads them back, and the booking form starts with them.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Your details' }).getByLabel('Born on')).toHaveValue('1971-08-09');
  await page.goto('/Appointment');
  const form = page.getByRole('form', { name: 'Your details' });
  await expect(form.getByLabel('Born on')).toHaveValue('1971-08-09');
  await expect(form.getByLabel('Sex')).toHaveValue('female');
});
