// The booking page with scripts on a phone (360 × 780): the form a step at a time (decision 075), the
// step in the address so the browser's Back goes back a step with every choice kept, the home
// collection's PIN checked before its times are shown, and a guest booking to the confirmation; the
// "when" step opened on the first free day with its times, booked without typing a date (decision 078).
import type { SlotDay } from '@lab/contract';
import { firstFreeFrom } from './support/first-free-day.ts';
import { agreeToNotice, chooseSlot, expect, istDate, openDate, test } from './support/fixtures.ts';

test.use({ viewport: { width: 360, height: 780 }, hasTouch: true });

test('a guest books in steps; Back and Forward keep the choices; the PIN is checked before the times', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/Appointment');
  await expect(page.locator('main')).toHaveAttribute('data-hydrated', 'true');
  const form = page.getByRole('form', { name: 'Your details' });
  const next = page.getByRole('button', { name: 'Next' });
  const stepHeading = (name: string) => page.getByRole('heading', { level: 2, name, exact: true });

  // 1. tests: nothing chosen yet, Next says so and stays
  await expect(page.getByText('Step 1 of 5')).toBeVisible();
  await next.click();
  await expect(stepHeading('Tests')).toBeVisible();
  await expect(page.getByText('Select at least one test.')).toBeVisible();
  const search = page.getByRole('combobox', { name: 'Search tests' });
  await search.click();
  await search.fill('complete blood');
  await page.getByRole('option', { name: /^Complete Blood Count \(CBC\),/ }).click();
  await expect(page.getByTestId('booking-total')).toBeVisible();
  await next.click();

  // 2. for whom: the fields of the other steps are not on this screen
  await expect(page).toHaveURL(/[?&]step=who\b/);
  await expect(stepHeading('For whom')).toBeVisible();
  await expect(page.getByText(/^Tests chosen: 1 · Total/)).toBeVisible();
  await expect(form.getByLabel('Date')).toBeHidden();
  await next.click();
  // its own fields refused, nothing further
  await expect(form.getByLabel('Name', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/[?&]step=who\b/);
  await form.getByLabel('Name', { exact: true }).fill('Meera Guest');
  await form.getByLabel('Email', { exact: true }).fill('meera.guest@example.com');
  await form.getByLabel('Phone', { exact: true }).fill('9829012345');
  await next.click();

  // 3. where: a home collection's PIN the lab does not serve keeps the times away
  await expect(stepHeading('Where')).toBeVisible();
  await page.getByRole('switch', { name: 'Home sample collection' }).check();
  const address = page.getByRole('group', { name: 'Address for home collection' });
  await address.getByLabel('House or flat').fill('14');
  await address.getByLabel('Locality').fill('MI Road');
  await address.getByLabel('City').fill('Jaipur');
  await address.getByLabel('PIN code').fill('799999');
  await expect(address.getByText('Home collection is not available at this PIN code yet.').first()).toBeVisible();
  await next.click();
  await expect(stepHeading('Where')).toBeVisible();
  await expect(page).toHaveURL(/[?&]step=where\b/);
  await expect(form.getByLabel('Date')).toBeHidden();
  await address.getByLabel('PIN code').fill('302001');
  await expect(address.getByText(/We collect samples at home in MI Road/)).toBeVisible();
  await next.click();

  // 4. when: the home visit's times
  await expect(stepHeading('When')).toBeVisible();
  await form.getByLabel('Date').fill(openDate(3));
  await chooseSlot(form, '10:30');

  // the phone's Back: a step back at a time, every choice kept; Forward returns
  await page.goBack();
  await expect(stepHeading('Where')).toBeVisible();
  await expect(address.getByLabel('PIN code')).toHaveValue('302001');
  await expect(page.getByRole('switch', { name: 'Home sample collection' })).toBeChecked();
  await page.goBack();
  await expect(stepHeading('For whom')).toBeVisible();
  await expect(form.getByLabel('Name', { exact: true })).toHaveValue('Meera Guest');
  await page.goBack();
  await expect(stepHeading('Tests')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Selected tests' }).getByRole('listitem')).toHaveCount(1);
  await page.goForward();
  await page.goForward();
  await page.goForward();
  await expect(stepHeading('When')).toBeVisible();
  await expect(form.getByLabel('Date')).toHaveValue(openDate(3));
  await expect(form.getByRole('radio', { name: /^10:30 to / })).toBeChecked();
  // the page's own Back button too
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(stepHeading('Where')).toBeVisible();
  await next.click();
  await next.click();

  // 5. review: what was chosen, then the consent and the booking
  await expect(stepHeading('Review and book')).toBeVisible();
  const summary = page.locator('dl').filter({ hasText: 'Meera Guest' });
  await expect(summary).toContainText('Complete Blood Count');
  await expect(summary).toContainText('Home collection at 302001');
  await expect(summary).toContainText('10:30');
  await agreeToNotice(form);
  await form.getByRole('button', { name: 'Book Now' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your appointment is booked' })).toBeVisible();
});

test('a refusal at the last step opens the step of the refused field', async ({ page, request }) => {
  const tests = (await (await request.get('/api/tests/')).json()) as Array<{ id: number; name: string }>;
  const cbc = tests.find((x) => x.name.startsWith('Complete Blood Count'))!;
  // a link that chose the test lands on who it is for
  await page.goto(`/Appointment?tests=${cbc.id}`);
  await expect(page.locator('main')).toHaveAttribute('data-hydrated', 'true');
  await expect(page.getByRole('heading', { level: 2, name: 'For whom', exact: true })).toBeVisible();
  // straight to the review by its address: booking with the time missing opens the When step, on the field
  await page.goto(`/Appointment?tests=${cbc.id}&step=review`);
  await expect(page.locator('main')).toHaveAttribute('data-hydrated', 'true');
  const form = page.getByRole('form', { name: 'Your details' });
  await agreeToNotice(form);
  await form.getByRole('button', { name: 'Book Now' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'For whom', exact: true })).toBeVisible();
  await expect(form.getByLabel('Name', { exact: true })).toBeFocused();
  await expect(page).toHaveURL(/[?&]step=who\b/);
});

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

test('the when step opens on the first free day with its times, and the booking needs no date typed', async ({ page, request }) => {
  test.setTimeout(120_000);
  const tests = (await (await request.get('/api/tests/')).json()) as Array<{ id: number; name: string; preparation?: { latest_time: string | null } }>;
  const fbs = tests.find((x) => x.name.startsWith('Fasting Blood Sugar'))!;
  const latestTime = fbs.preparation?.latest_time ?? null;
  expect(latestTime, 'a fasting test: only the morning is offered').not.toBeNull();
  // Today answers closed and tomorrow full, whatever the hour: the walk must pass both, a day at a time.
  const asked: string[] = [];
  await page.route((url) => url.pathname === '/api/slots/', async (route) => {
    const url = new URL(route.request().url());
    const date = url.searchParams.get('date')!;
    asked.push(date);
    if (date === istDate(0)) return route.fulfill({ json: { date, home_sample: false, closed: true, reason: 'The lab is closed on this day.', slots: [] } });
    if (date === istDate(1)) {
      const day = (await (await route.fetch()).json()) as SlotDay;
      return route.fulfill({ json: { ...day, slots: day.slots.map((s) => ({ ...s, seats_left: 0 })) } });
    }
    return route.continue();
  });
  const expected = await firstFreeFrom(request, 2, latestTime);

  // a search result's Book: who it is for, where (the centre), then when
  await page.goto(`/Appointment?tests=${fbs.id}`);
  await expect(page.locator('main')).toHaveAttribute('data-hydrated', 'true');
  const form = page.getByRole('form', { name: 'Your details' });
  const next = page.getByRole('button', { name: 'Next' });
  await expect(page.getByRole('heading', { level: 2, name: 'For whom', exact: true })).toBeVisible();
  await expect(page.getByText(/^Tests chosen: 1 · Total/)).toBeVisible();
  await form.getByLabel('Name', { exact: true }).fill('Farida First');
  await form.getByLabel('Email', { exact: true }).fill('farida.first@example.com');
  await form.getByLabel('Phone', { exact: true }).fill('9829055555');
  await next.click();
  await expect(page.getByRole('heading', { level: 2, name: 'Where', exact: true })).toBeVisible();
  expect(asked, 'nothing is asked before the when step').toEqual([]);
  await next.click();

  // when: the first free day, said so, its times at once; the date field stays to change it
  await expect(page.getByRole('heading', { level: 2, name: 'When', exact: true })).toBeVisible();
  const date = form.getByLabel('Date', { exact: true });
  await expect(date).toHaveValue(expected);
  await expect(date).toBeEditable();
  await expect(date).toHaveAccessibleDescription(/This is the first day with a free time\. You can choose another date\./);
  const times = form.getByRole('group', { name: 'Time', exact: true });
  const first = times.getByRole('radio', { disabled: false }).first();
  await expect(first).toBeAttached();
  // a day at a time from today, stopping at the day found (which the slot picker may ask once more)
  const walked = Array.from({ length: [...new Set(asked)].length }, (_, n) => istDate(n));
  expect([...new Set(asked)]).toEqual(walked);
  expect(walked.at(-1)).toBe(expected);
  const start = (await first.getAttribute('value'))!;
  expect(start < latestTime!, `${start} suits the fasting test`).toBe(true);
  await first.locator('xpath=ancestor::label[1]').click();
  await expect(first).toBeChecked();
  await next.click();

  // review: the day found and its time, then booked
  await expect(page.getByRole('heading', { level: 2, name: 'Review and book', exact: true })).toBeVisible();
  const [y, m, d] = expected.split('-').map(Number);
  await expect(page.locator('dl').filter({ hasText: 'Farida First' })).toContainText(`${d} ${MONTHS[m! - 1]} ${y}, ${start}`);
  await agreeToNotice(form);
  await form.getByRole('button', { name: 'Book Now' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your appointment is booked' })).toBeVisible();
});
