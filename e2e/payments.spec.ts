// Payments (docs/features.md#payments), the whole journey in the browser: a patient books and sees the bill's amount
// due, the UPI QR code and the "Pay with a UPI app" link; submits the UTR of the payment and reads
// "Payment submitted, awaiting confirmation"; the front desk confirms it in the console; the patient
// sees Paid and downloads the receipt; the day's Collections show the amount.
import { type Page } from '@playwright/test';
import { settledAxe } from './support/axe.ts';
import { bookBloodCount, rupees } from './support/book-one-test.ts';
import { createUser, expect, loginAs, openDate, test } from './support/fixtures.ts';
import { createDeskAccount, signInToConsole } from './support/staff.ts';

async function expectAccessible(page: Page) {
  const results = await settledAxe(page);
  expect(results.violations.map((v) => `${v.id} ${v.help}`)).toEqual([]);
}

test('a patient pays a bill by UPI, the desk confirms it, the patient downloads the receipt and Collections show it', async ({ page, browser, request }) => {
  const desk = await createDeskAccount(request);
  const patient = await createUser(request, { first_name: 'Kiran' });
  await loginAs(page, patient, '/Appointment');

  // The patient books one test on the booking page and lands on the bill.
  await bookBloodCount(page, { date: openDate(3), time: '11:00' });
  // the booking's confirmation page stays; its link opens the bill
  await page.getByRole('link', { name: 'View and pay the bill' }).click();

  const invoice = page.getByRole('article', { name: 'Invoice' });
  await expect(invoice).toBeVisible();
  const invoiceNo = (await invoice.getByText(/^LC\/\d{4}-\d{2}\/\d{6}$/).textContent())!;
  const payment = page.getByRole('region', { name: 'Payment' });
  await expect(payment.getByRole('status')).toHaveText(`Unpaid · Amount due: ${rupees(350)}`);
  // The QR code is an image the server draws; the same payment opens in a UPI app from the link.
  const qr = payment.getByRole('img', { name: `UPI QR code: pay ${rupees(350)} to Lab Centre Diagnostics` });
  await expect(qr).toBeVisible();
  // visible is not loaded: the picture arrives on its own request, so wait for it to be drawn
  await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const upi = new URL((await payment.getByRole('link', { name: 'Pay with a UPI app' }).getAttribute('href'))!);
  expect(upi.protocol).toBe('upi:');
  expect(upi.searchParams.get('am')).toBe('350.00');
  expect(upi.searchParams.get('tr')).toBe(invoiceNo);
  await expectAccessible(page);

  // A mistyped reference is refused at the field; the right one is submitted.
  const utrField = payment.getByLabel('Paid already? UPI transaction reference (UTR)');
  await utrField.fill('12345');
  await payment.getByRole('button', { name: 'Submit UTR' }).click();
  await expect(payment.getByRole('alert')).toHaveText('Enter the 12-digit UPI transaction reference (UTR).');
  const utr = `4${String(Date.now()).slice(-11)}`;
  await utrField.fill(utr);
  await payment.getByRole('button', { name: 'Submit UTR' }).click();
  await expect(payment.getByRole('status')).toHaveText(`Payment submitted, awaiting confirmation · Amount due: ${rupees(350)}`);
  await expect(payment.getByRole('link', { name: 'Pay with a UPI app' })).toHaveCount(0);

  // The front desk sees the UTR in the queue and confirms it.
  const staffPage = await (await browser.newContext()).newPage();
  await signInToConsole(staffPage, desk);
  await staffPage.getByRole('combobox', { name: 'Payment' }).selectOption('awaiting_confirmation');
  await staffPage.getByRole('searchbox', { name: 'Search' }).fill(patient.email);
  const row = staffPage.getByRole('row', { name: new RegExp(patient.email) });
  await expect(row.getByText(utr)).toBeVisible();
  await row.getByRole('button', { name: 'Confirm UTR' }).click();
  const dialog = staffPage.getByRole('dialog', { name: 'Confirm this UPI payment?' });
  await expect(dialog).toContainText(utr);
  await dialog.getByRole('button', { name: 'Confirm payment' }).click();
  await expect(staffPage.getByText(/UTR confirmed \(paid\)\.$/)).toBeVisible();

  // The patient sees Paid and downloads the receipt.
  await page.reload();
  await expect(invoice.getByTestId('bill-payment-status')).toHaveText('Paid');
  await expect(payment.getByRole('status')).toHaveText('Paid');
  const download = page.waitForEvent('download');
  await payment.getByRole('link', { name: 'Download receipt' }).click();
  expect((await download).suggestedFilename()).toBe(`receipt-${invoiceNo.replaceAll('/', '-')}.pdf`);

  // The day's Collections list the payment, by UPI, taken by the desk member who confirmed it.
  await staffPage.getByRole('navigation', { name: 'Staff console' }).getByRole('link', { name: 'Collections' }).click();
  const collected = staffPage.getByRole('row', { name: new RegExp(invoiceNo.replaceAll('/', '\\/')) });
  await expect(collected).toContainText(rupees(350));
  await expect(collected).toContainText('UPI');
  await expect(collected).toContainText('Asha Rao');
  await expect(staffPage.getByTestId('collections-received')).not.toHaveText(rupees(0));
  await expectAccessible(staffPage);
  await staffPage.context().close();
});
