// A logged-in person (docs/product.md#public-pages, #screen-behaviour, #validation, #messages): books with name and e-mail
// prefilled, finds the booking on the dashboard, searches and filters, opens the bill, reschedules
// and cancels; the guards of the dashboard and the bill.
import { settledAxe } from './support/axe.ts';
import { type Page } from '@playwright/test';
import { agreeToNotice, chooseSlot, createUser, expect, loginAs, openDate, poster, test } from './support/fixtures.ts';
import { logIn } from '../test-support/users.ts';
import { createDeskAccount, payByUpi } from './support/staff.ts';

async function pickTest(page: Page, query: string, name: string) {
  const search = page.getByRole('combobox', { name: 'Search tests' });
  await search.click();
  await search.fill(query);
  await page.getByRole('option', { name: new RegExp(`^${name.replace(/[()]/g, '\\$&')},`) }).click();
}

async function expectNoAxeViolations(page: Page) {
  const axe = await settledAxe(page, 'main');
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function testIds(page: Page, names: string[]): Promise<number[]> {
  const all = (await (await page.request.get('/api/tests/')).json()) as Array<{ id: number; name: string }>;
  return names.map((n) => {
    const t = all.find((x) => x.name === n);
    if (!t) throw new Error(`no test named ${n}`);
    return t.id;
  });
}

test('a logged-in person books with prefilled details and manages the booking on the dashboard', async ({ page, request }) => {
  const user = await createUser(request, { first_name: 'Meera', last_name: 'Iyer' });
  const day1 = openDate(4);
  const day2 = openDate(6);
  const day3 = openDate(9);

  // Book through the page: name and e-mail come from the account.
  await loginAs(page, user, '/Appointment');
  const form = page.getByRole('form', { name: 'Your details' });
  await expect(form.getByLabel('Name')).toHaveValue('Meera Iyer');
  await expect(form.getByLabel('Email')).toHaveValue(user.email);
  await pickTest(page, 'complete blood', 'Complete Blood Count (CBC)');
  await form.getByLabel('Date').fill(day1);
  await chooseSlot(form, '11:00');
  await form.getByLabel('Phone').fill('9829012345');
  await agreeToNotice(page);
  await page.getByRole('button', { name: 'Book Now' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Appointment booked successfully!' })).toBeVisible();
  // the booking's confirmation page stays; its link opens the bill
  await page.getByRole('link', { name: 'View and pay the bill' }).click();
  const invoice = page.getByRole('article', { name: 'Invoice' });
  await expect(invoice.getByText('Meera Iyer')).toBeVisible();

  // A second booking of two tests, through the API with the same session.
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const second = await page.request.post('/api/appointments/', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      date: day2,
      time: '10:00',
      user_name: 'Meera Iyer',
      user_email: user.email,
      user_phone: '9829012345',
      tests: await testIds(page, ['Lipid Profile', 'Serum Ferritin']),
      home_sample: false,
      address: '',
    },
  });
  expect(second.status()).toBe(201);

  await page.goto('/UserDashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Meera' })).toBeVisible();
  await expect(page.getByText(user.username, { exact: true })).toBeVisible();
  await expect(page.getByText(user.email, { exact: true })).toBeVisible();
  await expect(page.getByTestId('total-appointments')).toHaveText('2');
  await expect(page.getByTestId('total-tests')).toHaveText('3');
  await expect(page.getByRole('link', { name: 'Book Appointment' })).toHaveAttribute('href', '/Appointment');

  const list = page.getByRole('list', { name: 'Appointments' });
  const cards = list.getByRole('article');
  await expect(cards).toHaveCount(2);
  await expectNoAxeViolations(page);

  // Free-text search over test names, date and time.
  const search = page.getByLabel('Search appointments');
  await search.fill('ferritin');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('Serum Ferritin');
  await search.fill(day1);
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('Complete Blood Count (CBC)');
  await search.fill('10:0');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('Lipid Profile');
  await search.fill('');
  await expect(cards).toHaveCount(2);

  // Filters: exact date, time prefix, status.
  await page.getByLabel('Date', { exact: true }).fill(day2);
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('Lipid Profile');
  await page.getByLabel('Date', { exact: true }).fill('');
  await page.getByLabel('Time starts with').fill('11');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('Complete Blood Count (CBC)');
  await page.getByLabel('Time starts with').fill('');
  await page.getByLabel('Status').selectOption('cancelled');
  await expect(page.getByText('No appointments match your search.')).toBeVisible();
  await page.getByLabel('Status').selectOption('upcoming');
  await expect(cards).toHaveCount(2);
  await page.getByRole('button', { name: 'Clear filters' }).click();

  // Reschedule the first booking; the list reloads with the new date and time.
  await page.getByRole('button', { name: `Reschedule appointment on ${day1} at 11:00` }).click();
  const move = page.getByRole('form', { name: `Reschedule appointment on ${day1} at 11:00` });
  await move.getByLabel('New date').fill(day3);
  // The new time is one of the day's slots, as on /Appointment, chosen by keyboard.
  const slot = move.getByRole('group', { name: 'New time' }).getByRole('radio', { name: /^12:00 to 12:30, \d+ places left$/ });
  await slot.focus();
  await page.keyboard.press('Space');
  await expect(slot).toBeChecked();
  await move.getByRole('button', { name: 'Save new time' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Appointment rescheduled successfully.' })).toBeVisible();
  const cancel = page.getByRole('button', { name: `Cancel appointment on ${day3} at 12:00` });
  await expect(cancel).toBeEnabled();
  await expect(page.getByRole('button', { name: new RegExp(`appointment on ${day1} at 11:00`) })).toHaveCount(0);

  // Cancel asks first, in a modal dialog; Escape keeps the appointment and gives focus back.
  await cancel.click();
  const ask = page.getByRole('dialog', { name: 'Cancel this appointment?' });
  await expect(ask).toBeVisible();
  await expect(ask.getByRole('button', { name: 'Keep it' })).toBeFocused();
  expect((await settledAxe(page)).violations).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(ask).toBeHidden();
  await expect(cancel).toBeFocused();
  await expect(cancel).toBeEnabled();

  // Confirmed: the button then reads "Cancelled" and is disabled.
  await cancel.click();
  await ask.getByRole('button', { name: 'Cancel appointment' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Appointment cancelled successfully.' })).toBeVisible();
  const cancelled = page.getByRole('button', { name: `Cancelled appointment on ${day3} at 12:00` });
  await expect(cancelled).toBeDisabled();
  await expect(cancelled).toHaveText(/^Cancelled/);
  await page.getByLabel('Status').selectOption('cancelled');
  await expect(cards).toHaveCount(1);
  await page.getByLabel('Status').selectOption('upcoming');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('Lipid Profile');

  // Still cancelled after a reload: the server has it.
  await page.reload();
  await expect(page.getByRole('button', { name: `Cancelled appointment on ${day3} at 12:00` })).toBeDisabled();

  // View Bill opens the bill of that appointment.
  await page.getByRole('button', { name: `View Bill for appointment on ${day2} at 10:00` }).click();
  await expect(page.getByRole('article', { name: 'Invoice' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Invoice' }).getByRole('row', { name: /^Serum Ferritin/ })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('View Bill without a bill shows the message for 3 seconds', async ({ page, request }) => {
  const user = await createUser(request);
  await loginAs(page, user, '/Appointment');
  await pickTest(page, 'lipid', 'Lipid Profile');
  const form = page.getByRole('form', { name: 'Your details' });
  await form.getByLabel('Date').fill(openDate(2));
  await chooseSlot(form, '09:30');
  await form.getByLabel('Phone').fill('9829012345');
  await agreeToNotice(page);
  await page.getByRole('button', { name: 'Book Now' }).click();
  await page.getByRole('link', { name: 'View and pay the bill' }).click();
  await expect(page.getByRole('article', { name: 'Invoice' })).toBeVisible();

  await page.route('**/api/billing/**', (route) => route.fulfill({ status: 404, json: { error: 'Not found.' } }));
  await page.clock.install();
  await page.goto('/UserDashboard');
  await page.getByRole('button', { name: /^View Bill for appointment on/ }).click();
  const message = page.getByRole('alert').filter({ hasText: 'No bill found for this appointment.' });
  await expect(message).toBeVisible();
  await expect(page).toHaveURL(/\/UserDashboard$/);
  await page.clock.runFor(2_000);
  await expect(message).toBeVisible();
  await page.clock.runFor(1_100);
  await expect(message).toBeHidden();
});

test('the dashboard sends a visitor without a session to login; the bill without the flag goes to the dashboard', async ({ page, request }) => {
  await page.goto('/UserDashboard');
  await expect(page.getByRole('heading', { level: 1, name: /log ?in/i })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/i);

  const user = await createUser(request, { first_name: 'Nisha' });
  await loginAs(page, user, '/billing/some-appointment');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Nisha' })).toBeVisible();
  await expect(page).toHaveURL(/\/UserDashboard$/);
  await expect(page.getByRole('article', { name: 'Invoice' })).toHaveCount(0);
});

test('after collection the card offers only what can still be done: the bill and the receipt, no cancel or reschedule', async ({ page, request }) => {
  const user = await createUser(request, { first_name: 'Anil', last_name: 'Mehta' });
  const desk = await createDeskAccount(request);
  const token = (await logIn(poster(request), user)).tokens.access;
  const [cbc] = await testIds(page, ['Complete Blood Count (CBC)']);
  const book = async (date: string, time: string) => {
    const res = await request.post('/api/appointments/', {
      headers: { Authorization: `Bearer ${token}` },
      data: { date, time, user_name: 'Anil Mehta', user_email: user.email, user_phone: '9829012345', tests: [cbc], home_sample: false, address: '' },
    });
    expect(res.status()).toBe(201);
    return (await res.json()).id as string;
  };
  const waiting = openDate(7);
  const collectedOn = openDate(8);
  await book(waiting, '10:00');
  const collected = await book(collectedOn, '10:30');
  // The desk takes the sample and the payment.
  const headers = { Authorization: `Bearer ${desk.access}` };
  for (const status of ['approved', 'sample_collected']) {
    expect((await request.post(`/api/staff/appointments/${collected}/status`, { headers, data: { status } })).status()).toBe(200);
  }
  await payByUpi(request, collected, desk);

  await loginAs(page, user, '/UserDashboard');
  const done = page.getByRole('article', { name: new RegExp(`at 10:30$`) });
  await expect(done.getByText('Sample collected')).toBeVisible();
  await expect(done.getByRole('button', { name: `View Bill for appointment on ${collectedOn} at 10:30` })).toBeVisible();
  await expect(done.getByRole('link', { name: `Download receipt for appointment on ${collectedOn} at 10:30` })).toHaveAttribute('href', `/api/billing/${collected}/receipt.pdf?lang=en`);
  await expect(done.getByRole('button', { name: /Cancel/ })).toHaveCount(0);
  await expect(done.getByRole('button', { name: /Reschedule/ })).toHaveCount(0);
  // Before collection, cancel and reschedule as before; no receipt before payment.
  const before = page.getByRole('article', { name: new RegExp(`at 10:00$`) });
  await expect(before.getByRole('button', { name: `Cancel appointment on ${waiting} at 10:00` })).toBeEnabled();
  await expect(before.getByRole('button', { name: `Reschedule appointment on ${waiting} at 10:00` })).toBeEnabled();
  await expect(before.getByRole('link', { name: /Download receipt/ })).toHaveCount(0);
  await expectNoAxeViolations(page);
});
