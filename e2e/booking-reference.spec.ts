// Readable references and the e-mailed bill link: a guest books and sees the reference to
// read out; the link the e-mail carries (/bill/{id}) opens the bill for a visitor who is not logged in
// and for a logged-in member alike, while the in-app /billing guard stays; the member's dashboard and
// the staff queue's search show the same reference.
import { REFERENCE_PATTERN } from '@lab/contract';
import type { Page } from '@playwright/test';
import { settledAxe } from './support/axe.ts';
import { agreeToNotice, chooseSlot, createUser, expect, loginAs, openDate, test } from './support/fixtures.ts';

/** books one test as a guest (or as the logged-in page's user) through the booking page; answers the API's answer */
async function bookThroughPage(page: Page, email: string): Promise<{ id: string; reference: string }> {
  await page.goto('/Appointment');
  const search = page.getByRole('combobox', { name: 'Search tests' });
  await search.click();
  await search.fill('lipid');
  await page.getByRole('option', { name: /^Lipid Profile,/ }).click();
  const form = page.getByRole('form', { name: 'Your details' });
  await form.getByLabel('Date').fill(openDate(3));
  await chooseSlot(form, '10:30');
  if (await form.getByLabel('Name').isEditable()) await form.getByLabel('Name').fill('Kavya Iyer');
  if (await form.getByLabel('Email').isEditable()) await form.getByLabel('Email').fill(email);
  await form.getByLabel('Phone').fill('9829012345');
  const answered = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/appointments/');
  await agreeToNotice(page);
  await page.getByRole('button', { name: 'Book Now' }).click();
  const res = await answered;
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: string; reference: string };
}

test('a guest sees a reference to read out, and the e-mailed link opens the bill without logging in', async ({ page, browser }) => {
  const booked = await bookThroughPage(page, 'kavya.iyer@example.com');
  expect(booked.reference).toMatch(REFERENCE_PATTERN);
  const status = page.getByRole('status').filter({ hasText: 'Appointment booked successfully!' });
  await expect(status).toContainText(`Your booking reference is ${booked.reference}.`);

  // The link from the e-mail, opened on another device: no session, no navigation state.
  const other = await browser.newContext();
  const phone = await other.newPage();
  await phone.goto(`/bill/${booked.id}`);
  const invoice = phone.getByRole('article', { name: 'Invoice' });
  await expect(invoice).toBeVisible();
  await expect(phone).toHaveURL(new RegExp(`/bill/${booked.id}$`));
  await expect(invoice.getByText(booked.reference)).toBeVisible();
  await expect(invoice.getByText('Kavya Iyer')).toBeVisible();
  expect((await settledAxe(phone)).violations).toEqual([]);

  // The in-app route keeps the spec's guard.
  await phone.goto(`/billing/${booked.id}`);
  await expect(phone).toHaveURL(/\/Login$/i);
  await other.close();
});

test('a logged-in member opens the e-mailed link too, and the dashboard shows the reference', async ({ page }) => {
  const user = await createUser(page.request);
  await loginAs(page, user, '/Appointment');
  const booked = await bookThroughPage(page, user.email);

  await page.goto(`/bill/${booked.id}`);
  const invoice = page.getByRole('article', { name: 'Invoice' });
  await expect(invoice).toBeVisible();
  await expect(invoice.getByText(booked.reference)).toBeVisible();

  await page.goto('/UserDashboard');
  const card = page.getByRole('article').filter({ hasText: booked.reference });
  await expect(card).toBeVisible();
  await expect(card.getByText(`Reference ${booked.reference}`)).toBeVisible();
});

test('an e-mailed link to a bill that does not exist says so', async ({ page }) => {
  await page.goto('/bill/NoSuchAppointmnt');
  await expect(page.getByRole('alert')).toContainText('No bill found for this appointment.');
});

test('a guest finds the booking again by its reference and phone number, and a wrong one says why', async ({ page, browser }) => {
  const booked = await bookThroughPage(page, 'arjun.menon@example.com');

  const other = await browser.newContext();
  const visitor = await other.newPage();
  await visitor.goto('/');
  await visitor.getByRole('contentinfo').getByRole('link', { name: 'Find my booking' }).click();
  await expect(visitor.getByRole('heading', { level: 1, name: 'Find my booking' })).toBeVisible();
  expect((await settledAxe(visitor)).violations).toEqual([]);
  const form = visitor.getByRole('form', { name: 'Find my booking' });

  await form.getByLabel('Booking reference').fill('LC-0000-00');
  await form.getByLabel('Phone number or e-mail').fill('9829012345');
  await form.getByRole('button', { name: 'Find my booking' }).click();
  await expect(form.getByText('Enter the booking reference as it appears in your e-mail, e.g. LC-7K4M-Q2.')).toBeVisible();
  await expect(form.getByLabel('Booking reference')).toHaveAttribute('aria-invalid', 'true');

  await form.getByLabel('Booking reference').fill(booked.reference);
  await form.getByLabel('Phone number or e-mail').fill('someone.else@example.com');
  await form.getByRole('button', { name: 'Find my booking' }).click();
  await expect(form.getByRole('alert')).toHaveText('No booking matches this reference with that phone number or e-mail address.');

  // Read out over the phone: lower case, spaces instead of dashes; the phone as people write it.
  await form.getByLabel('Booking reference').fill(booked.reference.toLowerCase().replace(/-/g, ' '));
  await form.getByLabel('Phone number or e-mail').fill('+91 98290 12345');
  await form.getByRole('button', { name: 'Find my booking' }).click();
  await expect(visitor).toHaveURL(new RegExp(`/bill/${booked.id}$`));
  await expect(visitor.getByRole('article', { name: 'Invoice' }).getByText(booked.reference)).toBeVisible();
  await other.close();
});
