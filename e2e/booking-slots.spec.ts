// Time slots on /Appointment (decision 021): the day's slots as a radio group with the places
// left, chosen by keyboard; a full slot disabled; a closed day offering nothing; and the server's own
// reason shown under the spec's failure message when the last seat went to someone else meanwhile.
import { type APIRequestContext, type Page } from '@playwright/test';
import { settledAxe } from './support/axe.ts';
import { agreeToNotice, closedDate, expect, openDate, test } from './support/fixtures.ts';

const SEATS_AT_THE_CENTRE = 10;

async function firstTestId(request: APIRequestContext): Promise<number> {
  return ((await (await request.get('/api/tests/')).json()) as { id: number }[])[0]!.id;
}

/** books `count` visits to the centre through the API, as other people would */
async function bookThrough(request: APIRequestContext, date: string, time: string, count: number) {
  const testId = await firstTestId(request);
  for (let i = 0; i < count; i++) {
    const res = await request.post('/api/appointments/', {
      data: { date, time, user_name: 'Other Patient', user_email: `other${i}@example.com`, user_phone: '9829012345', tests: [testId] },
    });
    expect(res.status()).toBe(201);
  }
}

async function openForm(page: Page, date: string, test = { query: 'complete blood', name: /^Complete Blood Count \(CBC\),/ }) {
  await page.goto('/Appointment');
  const search = page.getByRole('combobox', { name: 'Search tests' });
  await search.click();
  await search.fill(test.query);
  await page.getByRole('option', { name: test.name }).click();
  const form = page.getByRole('form', { name: 'Your details' });
  await form.getByLabel('Date').fill(date);
  await form.getByLabel('Name').fill('Ravi Kumar');
  await form.getByLabel('Email').fill('ravi@example.com');
  await form.getByLabel('Phone').fill('9829012345');
  return form;
}

test('a slot is chosen by keyboard and read whole: its times and the places left', async ({ page }) => {
  const date = openDate(30);
  await bookThrough(page.request, date, '09:30', 7);
  const form = await openForm(page, date);
  const times = form.getByRole('group', { name: 'Time' });
  const first = times.getByRole('radio', { name: `09:00 to 09:30, ${SEATS_AT_THE_CENTRE} places left` });
  await expect(first).toBeVisible();
  await expect(times.getByRole('radio', { name: '09:30 to 10:00, 3 places left' })).toBeVisible();
  // Into the group from the date field's neighbour, then along it with the arrow keys.
  await first.focus();
  await page.keyboard.press('Space');
  await expect(first).toBeChecked();
  await page.keyboard.press('ArrowRight');
  const second = times.getByRole('radio', { name: '09:30 to 10:00, 3 places left' });
  await expect(second).toBeChecked();
  await expect(second).toBeFocused();
  const axe = await settledAxe(page, 'main');
  expect(axe.violations).toEqual([]);
  await agreeToNotice(page);
  await page.getByRole('button', { name: 'Book Now' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Appointment booked successfully!' })).toBeVisible();
  await page.getByRole('link', { name: 'View and pay the bill' }).click();
  await expect(page.getByRole('article', { name: 'Invoice' }).getByText('09:30')).toBeVisible();
});

test('a full slot is shown disabled and cannot be chosen', async ({ page }) => {
  const date = openDate(31);
  await bookThrough(page.request, date, '12:00', SEATS_AT_THE_CENTRE);
  const form = await openForm(page, date);
  const full = form.getByRole('radio', { name: '12:00 to 12:30, full' });
  await expect(full).toBeDisabled();
  // Arrow keys skip it: from 11:30 the next choice is 12:30.
  const before = form.getByRole('radio', { name: /^11:30 to 12:00, / });
  await before.focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowRight');
  await expect(form.getByRole('radio', { name: /^12:30 to 13:00, / })).toBeChecked();
  await expect(full).not.toBeChecked();
});

test('a closed day offers no times and says why', async ({ page }) => {
  const form = await openForm(page, closedDate());
  await expect(form.getByText('The lab is closed on this day. Please choose another date.')).toBeVisible();
  await expect(form.getByRole('group', { name: 'Time' }).getByRole('radio')).toHaveCount(0);
});

test("when the last place goes to someone else first, the server's reason shows under the spec's message", async ({ page }) => {
  const date = openDate(32);
  await bookThrough(page.request, date, '15:00', SEATS_AT_THE_CENTRE - 1);
  const form = await openForm(page, date);
  const last = form.getByRole('radio', { name: '15:00 to 15:30, 1 place left' });
  await last.focus();
  await page.keyboard.press('Space');
  await expect(last).toBeChecked();
  // Someone else books the last place while this form is open.
  await bookThrough(page.request, date, '15:10', 1);
  await agreeToNotice(page);
  await page.getByRole('button', { name: 'Book Now' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to book appointment. Please try again.' })).toBeVisible();
  // The reason stays after the spec's banner has gone (3 s), until the details change.
  await expect(page.getByRole('alert').getByText('This time slot is full. Please choose another time.')).toBeVisible();
  // The times are asked again: the slot now shows as full, and no time is chosen.
  await expect(form.getByRole('radio', { name: '15:00 to 15:30, full' })).toBeDisabled();
});

test('home collection at a PIN code not served offers the centre instead', async ({ page }) => {
  const form = await openForm(page, openDate(33));
  await page.getByRole('switch', { name: 'Home sample collection' }).check();
  const address = form.getByRole('group', { name: 'Address for home collection' });
  await address.getByLabel('PIN code').fill('560001');
  await expect(address.getByText('Home collection is not available at this PIN code yet.')).toBeVisible();
  const axe = await settledAxe(page, 'main');
  expect(axe.violations).toEqual([]);
  await address.getByRole('button', { name: 'Visit the centre instead' }).click();
  await expect(page.getByRole('switch', { name: 'Home sample collection' })).not.toBeChecked();
  await expect(address).toHaveCount(0);
  // The centre's own seats are offered.
  await expect(form.getByRole('radio', { name: `09:00 to 09:30, ${SEATS_AT_THE_CENTRE} places left` })).toBeVisible();
});

test('a fasting test shows its preparation before booking and offers morning slots only, saying why', async ({ page }) => {
  const form = await openForm(page, openDate(34), { query: 'lipid', name: /^Lipid Profile,/ });
  const note = form.getByRole('region', { name: 'Before your test' });
  await expect(note).toContainText('Fast for at least 10 hours before the sample (water is fine).');
  await expect(note).toContainText('Fast 10 to 12 hours: water only, no tea or coffee.');
  await expect(note).toContainText('Come before 11:00.');
  await expect(form.getByText('The selected tests are done before 11:00 (fasting samples are drawn in the morning), so later times are not offered.')).toBeVisible();
  await expect(form.getByRole('radio', { name: /^10:30 to 11:00, / })).toBeVisible();
  await expect(form.getByRole('radio', { name: /^11:00 to 11:30, / })).toHaveCount(0);
  await expect(form.getByRole('group', { name: 'Time' }).getByRole('radio')).toHaveCount(4);
  const axe = await settledAxe(page, 'main');
  expect(axe.violations).toEqual([]);
  // At home the phlebotomist comes to the patient: the time is when the sample must be drawn.
  await page.getByRole('switch', { name: 'Home sample collection' }).check();
  await expect(note).toContainText('The sample must be drawn before 11:00.');
  await expect(note).not.toContainText('Come before');
});
