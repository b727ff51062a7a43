// Online payment through the gateway on a phone (docs/payments-gateway.md): a patient books, presses
// "Pay now online" on the confirmation, pays on the hosted page of the local stand-in for Razorpay
// (e2e-server.mjs starts it) and comes back to the bill showing Paid; the booking is cancelled, the front
// desk refunds half through the gateway with a reason, and the patient's bill shows the refund made.
import { devices } from '@playwright/test';
import { logIn } from '../test-support/users.ts';
import { agreeToNotice, chooseSlot, createUser, expect, loginAs, openDate, poster, test } from './support/fixtures.ts';
import { createDeskAccount, signInToConsole } from './support/staff.ts';

const rupees = (n: number) => `Rs ${new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n)}`;
const { defaultBrowserType: _browser, ...phone } = devices['Pixel 7'];

test.use(phone);

test('a patient pays now on a phone through the gateway, and the front desk refunds half', async ({ page, browser, request }) => {
  const desk = await createDeskAccount(request);
  const patient = await createUser(request, { first_name: 'Meena' });
  await loginAs(page, patient, '/Appointment');

  const search = page.getByRole('combobox', { name: 'Search tests' });
  await search.click();
  await search.fill('complete blood');
  await page.getByRole('option', { name: /^Complete Blood Count \(CBC\),/ }).click();
  const form = page.getByRole('form', { name: 'Your details' });
  await form.getByLabel('Date').fill(openDate(4));
  await chooseSlot(form, '11:30');
  await form.getByLabel('Phone').fill('9829012345');
  await agreeToNotice(page);
  await page.getByRole('button', { name: 'Book Now' }).click();

  // The confirmation offers the online payment; the gateway's hosted page (the stand-in) takes it.
  await page.getByRole('button', { name: 'Pay now online' }).click();
  await expect(page.getByRole('heading', { name: 'Razorpay test mode (local fake)' })).toBeVisible();
  await expect(page.getByText(`Amount: ${rupees(350).replace(/,/g, '')}`)).toBeVisible();
  await page.getByRole('button', { name: 'Pay (test success)' }).click();

  // Back on the bill: paid, with the gateway's return confirmed.
  await expect(page).toHaveURL(/\/bill\/[^/?]+\?payment=paid$/);
  const payment = page.getByRole('region', { name: 'Payment' });
  await expect(payment.getByText('Thank you: your payment was received.')).toBeVisible();
  await expect(payment.getByRole('status')).toHaveText('Paid');
  await expect(payment.getByRole('button', { name: 'Pay online (UPI, card, net banking)' })).toHaveCount(0);
  const appointmentId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);

  // The patient cancels; the bill now owes the whole amount back.
  // (the gateway brought the payer back to the site's public address, another origin than the test's: the API is called with a session of its own)
  const session = await logIn(poster(request), patient);
  const cancelled = await request.patch(`/api/appointments/${appointmentId}/cancel/`, { headers: { authorization: `Bearer ${session.tokens.access}` } });
  expect(cancelled.status()).toBe(200);

  // The front desk refunds half through the gateway, with a reason.
  const staffPage = await (await browser.newContext()).newPage();
  await signInToConsole(staffPage, desk);
  await staffPage.getByRole('combobox', { name: 'Payment' }).selectOption('refund_owed');
  await staffPage.getByRole('searchbox', { name: 'Search' }).fill(patient.email);
  const row = staffPage.getByRole('row', { name: new RegExp(patient.email) });
  await row.getByRole('button', { name: 'Refund online' }).click();
  const dialog = staffPage.getByRole('dialog', { name: 'Refund through the payment gateway' });
  await dialog.getByLabel('Amount (Rs)').fill('175');
  await dialog.getByLabel('Reason').fill('Half now; the rest after the review');
  await dialog.getByRole('button', { name: 'Refund online' }).click();
  await expect(staffPage.getByText(/refund sent to the gateway \(refund owed\)\.$/)).toBeVisible();

  // The gateway processes the refund (its webhook); the patient's bill shows it.
  await page.goto(`/bill/${encodeURIComponent(appointmentId)}`);
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('region', { name: 'Payment' }).getByText(`Refunded to you: ${rupees(175)}.`)).toBeVisible({ timeout: 1000 });
  }).toPass();
  await expect(page.getByRole('region', { name: 'Payment' }).getByText(`The lab owes you a refund of ${rupees(175)}.`)).toBeVisible();
});
