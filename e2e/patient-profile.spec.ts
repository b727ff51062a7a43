// A patient keeps their age, sex and phone in the profile on the dashboard (typed there, or at their
// last booking for themselves), and /Appointment is filled in with them.
import { settledAxe } from './support/axe.ts';
import { agreeToNotice, chooseSlot, createUser, expect, loginAs, openDate, test } from './support/fixtures.ts';

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

test('the age, sex and phone typed at a booking are kept: the dashboard shows them, the next booking starts with them', async ({ page, request }) => {
  const user = await createUser(request, { first_name: 'Kiran', last_name: 'Mehta' });
  await loginAs(page, user, '/Appointment');
  const form = page.getByRole('form', { name: 'Your details' });
  await expect(page.locator('main')).toHaveAttribute('data-hydrated', 'true');
  const search = page.getByRole('combobox', { name: 'Search tests' });
  await search.click();
  await search.fill('lipid');
  await page.getByRole('option', { name: /^Lipid Profile,/ }).click();
  await form.getByLabel('Date').fill(openDate(4));
  await chooseSlot(form, '10:30');
  await form.getByLabel('Phone').fill('98290 11111');
  await form.getByLabel('or age in years').fill('47');
  await form.getByLabel('Sex').selectOption('male');
  await agreeToNotice(page);
  await form.getByRole('button', { name: 'Book Now' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your appointment is booked' })).toBeVisible();

  // The dashboard shows what was typed, and lets the patient change it.
  await page.goto('/UserDashboard');
  const details = page.getByRole('region', { name: 'Your details' });
  await expect(details.getByLabel('or age in years')).toHaveValue('47');
  await expect(details.getByLabel('Sex')).toHaveValue('male');
  await expect(details.getByLabel('Phone')).toHaveValue('98290 11111');
  await expect(details).not.toContainText('We fill them in when you book');

  // A phone the server refuses is said at the field, which takes the focus.
  await details.getByLabel('Phone').fill('12345');
  await details.getByRole('button', { name: 'Save details' }).click();
  await expect(details.getByLabel('Phone')).toHaveAccessibleDescription('Phone number must have at least 10 digits.');
  await expect(details.getByLabel('Phone')).toBeFocused();
  await details.getByLabel('Phone').fill('98290 22222');
  await details.getByRole('button', { name: 'Save details' }).click();
  await expect(details.getByText('Your details are saved.')).toBeVisible();

  // The next booking starts with them.
  await page.goto('/Appointment');
  await expect(form.getByLabel('Phone')).toHaveValue('98290 22222');
  await expect(form.getByLabel('or age in years')).toHaveValue('47');
  await expect(form.getByLabel('Sex')).toHaveValue('male');
});
