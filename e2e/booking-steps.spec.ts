// The booking in plain steps with JavaScript off, on a phone (360 × 780; docs/features.md#booking-without-scripts):
// from the home page's test search to the booking page, whose note for browsers without scripts leads to
// /book with the test chosen; then where and when (home collection, the day's times answered by the
// server), who, the review (Back and Forward keep every choice; a booking without the consent is refused
// beside the summary) and the confirmation. A step asked for too early shows the step still to do. With
// no date chosen, where and when opens on the first free day with its times (decision 078).
import { firstFreeFrom } from './support/first-free-day.ts';
import { expect, openDate, test } from './support/fixtures.ts';

test.use({ javaScriptEnabled: false, viewport: { width: 360, height: 780 } });

test('a test booked with home collection in plain steps, without JavaScript', async ({ page, request }) => {
  const date = openDate(6);
  await page.goto('/');
  await page.getByRole('search').getByRole('searchbox').fill('sugar');
  await page.getByRole('search').getByRole('button').click();
  await page.getByRole('link', { name: 'Book Fasting Blood Sugar' }).click();
  await expect(page.getByRole('heading', { name: 'This page needs JavaScript' })).toBeVisible();
  await page.getByRole('link', { name: 'book in steps' }).click();

  // Step 1: the test is chosen, with its price; a search adds another without losing it.
  await expect(page.getByText('Step 1 of 4')).toBeVisible();
  const fbs = page.getByRole('checkbox', { name: /^Fasting Blood Sugar/ });
  await expect(fbs).toBeChecked();
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 2: where, then the day's times for a home visit.
  await expect(page.getByText('Step 2 of 4')).toBeVisible();
  await page.getByRole('radio', { name: 'Sample collection at your address' }).check();
  await page.getByLabel('House or flat').fill('12');
  await page.getByLabel('Locality').fill('Sindhi Camp');
  await page.getByLabel('City').fill('Jaipur');
  await page.getByLabel('PIN code').fill('302001');
  await page.getByLabel('Date', { exact: true }).fill(date);
  await page.getByRole('button', { name: 'Show times for this date' }).click();
  await expect(page.getByLabel('Locality')).toHaveValue('Sindhi Camp');
  await page.getByRole('radio', { name: /^09:30 to 10:00/ }).check();
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 3: who.
  await expect(page.getByText('Step 3 of 4')).toBeVisible();
  await page.getByLabel("Patient's name").fill('Harpreet Kaur Steps');
  await page.getByLabel('E-mail').fill('harpreet.steps@example.com');
  await page.getByLabel('Mobile number').fill('9829033333');
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 4: the review; Back and Forward keep every choice.
  await expect(page.getByText('Step 4 of 4')).toBeVisible();
  await expect(page.getByRole('form', { name: 'Review and book' })).toContainText('12, Sindhi Camp, Jaipur, 302001');
  await page.goBack();
  await expect(page.getByLabel('E-mail')).toHaveValue('harpreet.steps@example.com');
  await page.goForward();
  await page.reload();
  const review = page.getByRole('form', { name: 'Review and book' });
  await expect(review).toContainText('Harpreet Kaur Steps');

  // Without the consent the server refuses, beside the summary, and nothing is booked.
  await review.getByRole('button', { name: 'Book Now' }).click();
  await expect(page.getByRole('alert')).toHaveText('Tick the box to agree to the privacy notice, then book.');
  await expect(page.getByRole('heading', { name: 'Your appointment is booked' })).toHaveCount(0);

  await page.getByRole('checkbox', { name: /I have read the privacy notice/ }).check();
  await page.getByRole('button', { name: 'Book Now' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your appointment is booked' })).toBeVisible();
  const status = page.getByRole('status');
  await expect(status).toContainText(/Your booking reference is LC-[A-Z0-9]{4}-[A-Z0-9]{2}\./);
  const reference = /LC-[A-Z0-9]{4}-[A-Z0-9]{2}/.exec((await status.textContent()) ?? '')![0];
  // the booking is the lab's: found by its reference and phone, for a home visit
  const found = await request.post('/api/bookings/find/', { data: { reference, contact: '9829033333' } });
  expect(found.status(), await found.text()).toBe(200);
});

test('where and when opens on the first free day with its times, so no date is typed and no Show times pressed', async ({ page, request }) => {
  const tests = (await (await request.get('/api/tests/')).json()) as Array<{ id: number; name: string; preparation?: { latest_time: string | null } }>;
  const fbs = tests.find((x) => x.name.startsWith('Fasting Blood Sugar'))!;
  const latestTime = fbs.preparation?.latest_time ?? null;
  const expected = await firstFreeFrom(request, 0, latestTime);
  await page.goto(`/book?tests=${fbs.id}`);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Step 2 of 4')).toBeVisible();
  await expect(page.getByLabel('Date', { exact: true })).toHaveValue(expected);
  await expect(page.getByText('The first day with a free time.', { exact: true })).toBeVisible();
  // its times at once, the first of them early enough for the fasting test
  const first = page.getByRole('group', { name: 'Time', exact: true }).getByRole('radio').first();
  const start = (await first.getAttribute('value'))!;
  expect(start < latestTime!, `${start} suits the fasting test`).toBe(true);
  await first.check();
  await page.getByRole('button', { name: 'Next' }).click();
  // the day found goes on as the booking's
  await expect(page.getByText('Step 3 of 4')).toBeVisible();
  expect(new URL(page.url()).searchParams.get('date')).toBe(expected);
  expect(new URL(page.url()).searchParams.get('time')).toBe(start);
});

test('a step asked for too early shows the step still to do, with why', async ({ page }) => {
  await page.goto('/book?step=review');
  await expect(page.getByText('Step 1 of 4')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('Choose at least one test first.');
  await page.getByLabel('Search tests').fill('lipid');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('checkbox', { name: /^Lipid Profile/ }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Step 2 of 4')).toBeVisible();
  await expect(page.getByText(/^Lipid Profile: Rs /)).toBeVisible();
});

test("the server's refusal is listed beside the summary, in Hindi with Hindi chosen, and the booking is not made", async ({ page, request, baseURL }) => {
  const tests = (await (await request.get('/api/tests/')).json()) as Array<{ id: number; name: string }>;
  const lipid = tests.find((x) => x.name === 'Lipid Profile')!;
  await page.context().addCookies([{ name: 'lang', value: 'hi', url: baseURL! }]);
  const choices = new URLSearchParams({ tests: String(lipid.id), where: 'home', house: '4', locality: 'Karol Bagh', city: 'Delhi', pin: '110001', date: openDate(6), time: '10:00', name: 'Sushma Steps', email: 'sushma.steps@example.com', phone: '9829044444', step: 'review' });
  await page.goto(`/book?${choices.toString()}`);
  await expect(page.getByText('चरण 4 / 4')).toBeVisible();
  await page.getByRole('checkbox', { name: /मैंने गोपनीयता सूचना पढ़ ली है/ }).check();
  await page.getByRole('button', { name: 'अभी बुक करें' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('बुकिंग नहीं हो सकी।');
  await expect(alert).toContainText('इस पिन कोड पर अभी घर से सैंपल लेने की सुविधा नहीं है।');
  await expect(page.getByRole('heading', { name: 'आपका अपॉइंटमेंट बुक हो गया' })).toHaveCount(0);
  // the choices are still there to go back and change
  await page.getByRole('link', { name: 'पीछे' }).click();
  await expect(page.getByLabel('मोबाइल नंबर')).toHaveValue('9829044444');
});
