// The signed-in patient's screens in Hindi. With Hindi chosen (the `lang` cookie the switch
// sets), a patient logs in and finds the dashboard, the bill of a booking and their reports (results
// over time, the report download) in Hindi, with Indian digit grouping and Hindi dates; axe finds
// nothing on any of them.
import { DATA_PURPOSES } from '@lab/contract';
import type { Page } from '@playwright/test';
import { settledAxe } from './support/axe.ts';
import { createUser, expect, loginAs, openDate, test } from './support/fixtures.ts';

async function expectNoAxeViolations(page: Page) {
  const axe = await settledAxe(page);
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('with Hindi chosen, the dashboard, a bill and the reports are in Hindi, axe clean', async ({ page, baseURL }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const user = await createUser(page.request, { first_name: 'Meera', last_name: 'Iyer' });
  await page.context().addCookies([{ name: 'lang', value: 'hi', url: baseURL! }]);

  // Logged in, a booking of two tests made through the API with the patient's session.
  await loginAs(page, user, '/favicon.svg');
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const all = (await (await page.request.get('/api/tests/')).json()) as Array<{ id: number; name: string }>;
  const tests = ['Lipid Profile', 'Serum Ferritin'].map((name) => all.find((t) => t.name === name)!.id);
  const date = openDate(5);
  const booked = await page.request.post('/api/appointments/', {
    headers: { Authorization: `Bearer ${token}` },
    data: { date, time: '10:00', user_name: 'Meera Iyer', user_email: user.email, user_phone: '9829012345', tests, home_sample: false, address: '' },
  });
  expect(booked.status()).toBe(201);
  const { id } = (await booked.json()) as { id: string };

  // The dashboard speaks Hindi.
  await page.goto('/UserDashboard');
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
  await expect(page).toHaveTitle('आपका डैशबोर्ड | लैब सेंटर डायग्नोस्टिक्स');
  await expect(page.getByRole('heading', { level: 1, name: 'स्वागत है, Meera' })).toBeVisible();
  await expect(page.getByText('कुल अपॉइंटमेंट')).toBeVisible();
  await expect(page.getByTestId('total-tests')).toHaveText('2');
  await expect(page.getByRole('link', { name: 'अपॉइंटमेंट बुक करें' })).toHaveAttribute('href', '/Appointment');
  await expect(page.getByRole('heading', { name: 'आपके अपॉइंटमेंट' })).toBeVisible();
  const list = page.getByRole('list', { name: 'अपॉइंटमेंट' });
  const card = list.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3 }) });
  await expect(card).toHaveCount(1);
  const [y, m, d] = date.split('-').map(Number);
  const month = new Intl.DateTimeFormat('hi-IN', { month: 'long', timeZone: 'UTC' }).format(Date.UTC(y!, m! - 1, 1));
  await expect(card.getByRole('heading', { level: 3 })).toHaveText(`${d} ${month} ${y}, 10:00 बजे`);
  await expect(card.getByText('बुक है')).toBeVisible();
  await expect(card.getByText('सेंटर पर')).toBeVisible();
  await expect(page.getByRole('search', { name: 'अपॉइंटमेंट खोजें और छाँटें' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'आपकी जानकारी', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'सदस्यता', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'आपकी जानकारी किसने देखी' })).toBeVisible();
  // The server's words too (decision 039): what each kind of data is for, in Hindi.
  await expect(page.getByText('आपके बिल और भुगतान: रखे जाते हैं क्योंकि कर क़ानून के अनुसार लैब को अपना हिसाब रखना होता है।')).toBeVisible();
  await expect(page.getByText(DATA_PURPOSES.bills)).toHaveCount(0);
  await expect(page.locator('main')).toHaveAttribute('data-hydrated', 'true');
  await expectNoAxeViolations(page);

  // The bill, opened from its card.
  await card.getByRole('button', { name: /^बिल देखें/ }).click();
  await expect(page).toHaveURL(new RegExp(`/billing/${id}$`));
  await expect(page).toHaveTitle('बिल | लैब सेंटर डायग्नोस्टिक्स');
  const invoice = page.getByRole('article', { name: 'बिल' });
  await expect(invoice.getByText('मरीज़ का नाम:')).toBeVisible();
  await expect(invoice.getByText('Meera Iyer')).toBeVisible();
  await expect(invoice.getByRole('columnheader', { name: 'जाँच' })).toBeVisible();
  await expect(invoice.getByRole('rowheader', { name: 'कुल राशि' })).toBeVisible();
  await expect(page.getByTestId('bill-total')).toHaveText(/^Rs [\d,]+\.\d{2}$/);
  await expect(page.getByTestId('bill-payment-status')).toHaveText('भुगतान बाकी');
  await expect(page.getByRole('heading', { name: 'भुगतान', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'पीडीएफ़ डाउनलोड करें' })).toBeVisible();
  await expectNoAxeViolations(page);

  // The reports: results over time (none yet to compare) and the report of the booking (not released).
  await page.goto('/UserDashboard?view=trends');
  await expect(page.getByRole('heading', { level: 1, name: 'समय के साथ आपके परिणाम' })).toBeVisible();
  await expect(page.getByText(/^अभी मिलाने को कुछ नहीं/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'अपने डैशबोर्ड पर लौटें' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto(`/report/${id}`);
  await expect(page).toHaveTitle('आपकी रिपोर्ट | लैब सेंटर डायग्नोस्टिक्स');
  await expect(page.getByRole('heading', { level: 1, name: 'आपकी जाँच रिपोर्ट' })).toBeVisible();
  await expect(page.locator('main')).toHaveAttribute('data-hydrated', 'true');
  await page.getByRole('button', { name: 'रिपोर्ट डाउनलोड करें (पीडीएफ़)' }).click();
  await expect(page.getByText(/^इस बुकिंग की कोई रिपोर्ट नहीं मिली/)).toBeVisible();
  await expectNoAxeViolations(page);

  // Membership and packages, whose texts come with their own data, as the dashboard's do.
  await page.goto('/membership');
  await expect(page).toHaveTitle('सदस्यता | लैब सेंटर डायग्नोस्टिक्स');
  await expect(page.getByRole('heading', { level: 1, name: 'सदस्यता' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'सदस्यता के फ़ायदे' })).toBeVisible();
  await page.goto('/packages');
  await expect(page.getByRole('heading', { level: 1, name: 'जाँच पैकेज' })).toBeVisible();
  // and on the way back in the app, without reloading the page
  await expect(page.locator('main')).toHaveAttribute('data-hydrated', 'true');
  await page.getByRole('button', { name: 'खाता मेन्यू' }).click();
  await page.getByRole('link', { name: 'प्रोफ़ाइल' }).click();
  await expect(page).toHaveURL(/\/UserDashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'स्वागत है, Meera' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'आपके अपॉइंटमेंट' })).toBeVisible();

  // The switch back to English draws the dashboard again in the spec's English wording.
  await page.getByRole('link', { name: 'Read in English (अंग्रेज़ी में पढ़ें)' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-IN');
  await expect(page).toHaveURL(/\/UserDashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Meera' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your appointments' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Appointments' }).getByRole('button', { name: /^View Bill/ })).toBeVisible();
  expect((await page.context().cookies()).find((c) => c.name === 'lang')?.value).toBe('en');
});
