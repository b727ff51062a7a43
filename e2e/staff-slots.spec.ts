// Time slots and home collections in the staff console (docs/features.md#time-slots-home-collection-areas-and-preparation): the front desk changes the week's
// seats, sets a date apart and takes it back, keeps the PIN codes served (each refusal shown at its
// field), then plans a day's home collections: grouped by locality, each visit given to a
// phlebotomist, and the run sheet printed with one page per phlebotomist and one for the unassigned.
// An admin sets a test's preparation in the test editor, and the booking page shows it.
import { FASTING_HOURS_RULE, formatRupees } from '@lab/contract';
import type { APIRequestContext, Page } from '@playwright/test';
import { settledAxe } from './support/axe.ts';
import { unique } from '../test-support/users.ts';
import { expect, openDate, test } from './support/fixtures.ts';
import { consoleAccountWithRole, createDeskAccount, type DeskAccount, signInToConsole } from './support/staff.ts';

let desk: DeskAccount;

test.beforeAll(async ({ request }) => {
  desk = await createDeskAccount(request, { first: 'Nisha', last: 'Verma' });
  // the two phlebotomists visits can be given to (only phlebotomists are offered)
  await consoleAccountWithRole(request, desk, 'phlebotomist', {}, { first_name: 'Asha', last_name: 'Rao' });
  await consoleAccountWithRole(request, desk, 'phlebotomist', {}, { first_name: 'Vikram', last_name: 'Singh' });
});

const staffGet = async (request: APIRequestContext, url: string) => (await request.get(`/api/staff${url}`, { headers: { Authorization: `Bearer ${desk.access}` } })).json();

async function openTab(page: Page, tab: string) {
  await page.getByRole('navigation', { name: 'Slots and home visits' }).getByRole('link', { name: tab }).click();
}

test('the front desk keeps the week’s seats, the dates set apart and the PIN codes', async ({ page, request }) => {
  page.on('dialog', (d) => void d.accept());
  await signInToConsole(page, desk);
  await page.getByRole('navigation', { name: 'Staff console' }).getByRole('link', { name: 'Slots and home visits' }).click();

  // The week: Sunday shows closed (the lab's hours); a bad number is refused at its field.
  const week = page.getByRole('form', { name: 'Seats per slot, each weekday' });
  await expect(week.getByRole('group', { name: 'Sunday' })).toContainText('Closed');
  await expect(week.getByRole('group', { name: 'Monday' })).toContainText('Open 09:00 to 21:00');
  const saturdayHome = week.getByLabel('Home collections per slot, Saturday');
  await expect(saturdayHome).toHaveValue('4');
  await week.getByLabel('Seats at the centre per slot, Monday').fill('-1');
  await week.getByRole('button', { name: 'Save the week' }).click();
  await expect(week.getByLabel('Seats at the centre per slot, Monday')).toHaveAccessibleDescription('Ensure this value is at least 0.');
  await week.getByLabel('Seats at the centre per slot, Monday').fill('10');
  await saturdayHome.fill('6');
  await week.getByRole('button', { name: 'Save the week' }).click();
  await expect(page.getByText('The week’s seats are saved.')).toBeVisible();
  expect((await staffGet(request, '/slots/week')).sat).toEqual({ centre_seats: 10, home_seats: 6 });
  expect((await settledAxe(page, 'main')).violations).toEqual([]);
  await saturdayHome.fill('4');
  await week.getByRole('button', { name: 'Save the week' }).click();
  await expect(page.getByText('The week’s seats are saved.')).toBeVisible();

  // A date set apart: a short day refused when it closes before it opens, then a holiday.
  await openTab(page, 'Dates set apart');
  const holiday = openDate(45);
  const form = page.getByRole('region', { name: 'Set a date apart' });
  await form.getByLabel('Date').fill(holiday);
  await form.getByLabel('Opens (empty: usual hours)').fill('18:00');
  await form.getByLabel('Closes (empty: usual hours)').fill('10:00');
  await form.getByRole('button', { name: 'Set date apart' }).click();
  await expect(form.getByLabel('Closes (empty: usual hours)')).toHaveAccessibleDescription('The closing time must be after the opening time.');
  await form.getByLabel('Opens (empty: usual hours)').fill('');
  await form.getByLabel('Closes (empty: usual hours)').fill('');
  await form.getByLabel('Closed all day (a holiday)').check();
  await form.getByLabel('Note (shown to patients on a closed day)').fill('Diwali');
  await form.getByRole('button', { name: 'Set date apart' }).click();
  const row = page.getByRole('row').filter({ hasText: 'Diwali' });
  await expect(row).toContainText('Closed');
  expect((await (await request.get(`/api/slots/?date=${holiday}`)).json()).closed).toBe(true);
  expect((await settledAxe(page, 'main')).violations).toEqual([]);
  await row.getByRole('button', { name: /^Remove/ }).click();
  await expect(page.getByText(/follows the week again\.$/)).toBeVisible();
  await expect(row).toHaveCount(0);
  expect((await (await request.get(`/api/slots/?date=${holiday}`)).json()).closed).toBe(false);

  // PIN codes: a bad one refused at its field; one added, its locality renamed, then removed.
  await openTab(page, 'PIN codes');
  const pins = page.getByRole('region', { name: 'Add a PIN code' });
  await pins.getByLabel('PIN code').fill('12345');
  await pins.getByLabel('Locality', { exact: true }).fill('Nowhere');
  await pins.getByRole('button', { name: 'Add PIN code' }).click();
  await expect(pins.getByLabel('PIN code')).toHaveAccessibleDescription('Enter a 6-digit PIN code.');
  await pins.getByLabel('PIN code').fill('302029');
  await pins.getByLabel('Locality', { exact: true }).fill('Sanganer');
  // the locality in Hindi beside the English, for the booking page in Hindi (docs/i18n.md)
  await expect(pins.getByLabel('Locality in Hindi')).toHaveAttribute('lang', 'hi');
  await pins.getByLabel('Locality in Hindi').fill('सांगानेर');
  await pins.getByRole('button', { name: 'Add PIN code' }).click();
  const pinRow = page.getByRole('row').filter({ hasText: '302029' });
  await expect(pinRow).toContainText('Sanganer');
  await expect(pinRow).toContainText('सांगानेर');
  expect((await (await request.get('/api/home-collection/pins/302029/')).json()).locality).toBe('Sanganer');
  expect((await (await request.get('/api/home-collection/pins/302029/?lang=hi')).json()).locality).toBe('सांगानेर');
  await pinRow.getByRole('button', { name: 'Edit 302029' }).click();
  const rename = page.getByRole('region', { name: 'Rename the locality of 302029' });
  await rename.getByLabel('Locality', { exact: true }).fill('Sanganer Town');
  await rename.getByRole('button', { name: 'Save locality' }).click();
  await expect(pinRow).toContainText('Sanganer Town');
  // the edit form kept the Hindi it was filled with
  expect((await (await request.get('/api/home-collection/pins/302029/?lang=hi')).json()).locality).toBe('सांगानेर');
  expect((await settledAxe(page, 'main')).violations).toEqual([]);
  await pinRow.getByRole('button', { name: 'Remove 302029' }).click();
  await expect(pinRow).toHaveCount(0);
  expect((await request.get('/api/home-collection/pins/302029/')).status()).toBe(404);
});

test('a day’s home collections by locality, each given to a phlebotomist, and the run sheet one page per phlebotomist', async ({ page, request }) => {
  const day = openDate(46);
  const tests = (await (await request.get('/api/tests/')).json()) as { id: number; name: string; price: number }[];
  const lipid = tests.find((t) => t.name === 'Lipid Profile')!;
  const cbc = tests.find((t) => t.name === 'Complete Blood Count (CBC)')!;
  const visit = async (time: string, name: string, pin: string, testIds: number[]) => {
    const res = await request.post('/api/appointments/', {
      data: { date: day, time, user_name: name, user_email: 'visit@example.com', user_phone: '9829012345', tests: testIds, home_sample: true, home_address: { house: `House of ${name}`, street: '', locality: 'Near the temple', city: 'Jaipur', pin } },
    });
    expect(res.status()).toBe(201);
  };
  await visit('09:30', 'Kavya Menon', '302017', [lipid.id]);
  await visit('12:00', 'Rohan Das', '302001', [cbc.id]);
  await visit('16:00', 'Farah Khan', '302001', [cbc.id]);

  await signInToConsole(page, desk, `/staff/slots/home-visits?date=${day}`);
  const malviya = page.getByRole('region', { name: 'Malviya Nagar (1 visit)' });
  const miRoad = page.getByRole('region', { name: 'MI Road (2 visits)' });
  await expect(malviya).toContainText('Kavya Menon');
  await expect(malviya).toContainText('Fast for at least 10 hours');
  await expect(miRoad.getByRole('region', { name: 'MI Road, 12:00 to 12:30' })).toContainText('Rohan Das');
  await expect(miRoad.getByRole('region', { name: 'MI Road, 16:00 to 16:30' })).toContainText('Farah Khan');

  await page.getByLabel('Phlebotomist for Kavya Menon at 09:30').selectOption({ label: 'Asha Rao' });
  await expect(page.getByText('Given to Asha Rao.')).toBeVisible();
  await page.getByLabel('Phlebotomist for Rohan Das at 12:00').selectOption({ label: 'Vikram Singh' });
  await expect(page.getByText('Given to Vikram Singh.')).toBeVisible();
  expect((await settledAxe(page, 'main')).violations).toEqual([]);

  await page.getByRole('link', { name: 'Run sheet' }).click();
  await page.emulateMedia({ media: 'print' });
  const pages = page.getByTestId('run-sheet-page');
  await expect(pages).toHaveCount(3);
  // Only the sheets are on paper: not the console's frame, nor the site's bar and footer.
  await expect(page.getByRole('navigation', { name: 'Staff console' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByRole('contentinfo')).toBeHidden();
  const asha = page.getByRole('region', { name: 'Run sheet: Asha Rao' });
  const vikram = page.getByRole('region', { name: 'Run sheet: Vikram Singh' });
  const unassigned = page.getByRole('region', { name: 'Run sheet: Not assigned yet' });
  for (const sheet of [asha, vikram, unassigned]) {
    await expect(sheet).toBeVisible();
    expect(await sheet.evaluate((el) => getComputedStyle(el).breakAfter)).toBe('page');
  }
  await expect(asha.getByRole('row')).toHaveCount(2);
  const kavya = asha.getByRole('row', { name: /Kavya Menon/ });
  for (const text of ['09:30', '9829012345', 'House of Kavya Menon, Near the temple, Jaipur 302017', 'Lipid Profile', 'Fast for at least 10 hours', formatRupees(lipid.price)]) await expect(kavya).toContainText(text);
  await expect(vikram.getByRole('row', { name: /Rohan Das/ })).toContainText('Complete Blood Count (CBC)');
  await expect(unassigned.getByRole('row', { name: /Farah Khan/ })).toContainText('16:00');
  await page.emulateMedia({ media: 'screen' });
  await expect(page.getByRole('banner')).toBeVisible();
  expect((await settledAxe(page, 'main')).violations).toEqual([]);

  // On a 360 px phone, the sheet and the day scroll within their tables, never the page sideways.
  await page.setViewportSize({ width: 360, height: 740 });
  const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
  expect(await pageWidth()).toBeLessThanOrEqual(360);
  expect((await settledAxe(page, 'main')).violations).toEqual([]);
  await page.getByRole('link', { name: 'Back to the day' }).click();
  await expect(page.getByLabel('Phlebotomist for Farah Khan at 16:00')).toBeVisible();
  expect(await pageWidth()).toBeLessThanOrEqual(360);
  expect((await settledAxe(page, 'main')).violations).toEqual([]);
});

test('a test’s preparation set in the test editor is what the booking page shows, and its slots follow it', async ({ page }) => {
  const name = `Fasting Insulin ${unique('')}`;
  await signInToConsole(page, desk, '/staff/catalogue');
  const form = page.getByRole('region', { name: 'Add a test' });
  await form.getByLabel('Name', { exact: true }).fill(name);
  await form.getByLabel('Category').selectOption({ label: 'Biochemistry' });
  await form.getByLabel('Price (Rs)').fill('650');
  await form.getByLabel('Fasting hours (empty: no fasting)').fill('30');
  await form.getByRole('button', { name: 'Add test' }).click();
  await expect(form.getByLabel('Fasting hours (empty: no fasting)')).toHaveAccessibleDescription(FASTING_HOURS_RULE);
  await form.getByLabel('Fasting hours (empty: no fasting)').fill('8');
  await form.getByLabel('Latest time of day (empty: any time)').fill('10:30');
  await form.getByLabel('Other preparation (e.g. first morning urine)').fill('Water only; bring your last report.');
  await form.getByRole('button', { name: 'Add test' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Test “${name}” added.` })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search tests' }).fill(name);
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('Fasting 8 h, before 10:30, Water only; bring your last report.');

  await page.goto('/Appointment');
  const search = page.getByRole('combobox', { name: 'Search tests' });
  await search.click();
  await search.fill(name.slice(0, 22));
  await page.getByRole('option', { name: new RegExp(`^${name},`) }).click();
  const details = page.getByRole('form', { name: 'Your details' });
  await details.getByLabel('Date').fill(openDate(47));
  const note = details.getByRole('region', { name: 'Before your test' });
  await expect(note).toContainText('Fast for at least 8 hours before the sample (water is fine).');
  await expect(note).toContainText('Water only; bring your last report.');
  await expect(note).toContainText('Come before 10:30.');
  await expect(details.getByRole('radio', { name: /^10:00 to 10:30, / })).toBeVisible();
  await expect(details.getByRole('radio', { name: /^10:30 to 11:00, / })).toHaveCount(0);
});
