// Online payment through the gateway on a phone (docs/payments-gateway.md): a patient books, presses
// "Pay now online" on the confirmation, pays on the hosted page of the local stand-in for Razorpay
// (e2e-server.mjs starts it) and comes back to the bill showing Paid; the booking is cancelled, the front
// desk refunds half through the gateway with a reason, and the patient's bill shows the refund made. A home
// collection's payment link (sent by the booking, and again from the console) opens signed out on a phone
// and is paid there, and the run sheet turns from unpaid to Paid. A patient who cancels a booking paid
// online (on the dashboard, or signed out by the reminder's cancel link) has its refund offered in the
// cancel step, and the bill shows it given back.
import { randomInt } from 'node:crypto';
import { devices } from '@playwright/test';
import { makeCancelToken } from '../apps/server/src/modules/cancel-links/token.ts';
import { logIn } from '../test-support/users.ts';
import { bookBloodCount, rupees } from './support/book-one-test.ts';
import { createUser, expect, loginAs, openDate, poster, test } from './support/fixtures.ts';
import { outboxMessage } from './support/channels.ts';
import { createDeskAccount, signInToConsole } from './support/staff.ts';

const { defaultBrowserType: _browser, ...phone } = devices['Pixel 7'];

test.use(phone);

test('a patient pays now on a phone through the gateway, and the front desk refunds half', async ({ page, browser, request }) => {
  const desk = await createDeskAccount(request);
  const patient = await createUser(request, { first_name: 'Meena' });
  await loginAs(page, patient, '/Appointment');

  await bookBloodCount(page, { date: openDate(4), time: '11:30' });

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

test("a home collection's payment link opens signed out on a phone and is paid there; the run sheet turns to Paid", async ({ page, browser, request }) => {
  const national = `7${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;
  const mobile = `+91${national}`;
  const day = openDate(49);
  const patient = `Uma Linkpay ${national.slice(-4).replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}`;
  const desk = await createDeskAccount(request, { first: 'Nisha', last: 'Verma' });
  const tests = (await (await request.get('/api/tests/')).json()) as Array<{ id: number; name: string; price: number }>;
  const lipid = tests.find((t) => t.name === 'Lipid Profile')!;
  const booked = await request.post('/api/appointments/', {
    data: {
      date: day,
      time: '10:30',
      user_name: patient,
      user_email: `uma.${national}@example.com`,
      user_phone: national,
      tests: [lipid.id],
      home_sample: true,
      home_address: { house: '9', street: 'Station Road', locality: 'Near the clock tower', city: 'Jaipur', pin: '302001' },
      channels: ['email', 'sms'],
    },
  });
  expect(booked.status()).toBe(201);
  const { id } = (await booked.json()) as { id: string };

  // The booking sent the payment link by SMS with its confirmation.
  const sms = await outboxMessage('sms', 'payment-request', mobile);
  expect(sms.text).toContain(`/pay/${id}`);
  expect(sms.text).toContain(rupees(lipid.price).replace(/,/g, ''));

  // The front desk sends it again from the queue; the run sheet says unpaid.
  await signInToConsole(page, desk);
  await page.getByRole('searchbox', { name: 'Search' }).fill(patient);
  const row = page.getByRole('row', { name: new RegExp(patient) });
  await row.getByRole('button', { name: 'Send payment link' }).click();
  await page.getByRole('dialog', { name: 'Send the payment link' }).getByRole('button', { name: 'Send payment link' }).click();
  await expect(page.getByText(`${patient}: payment link sent (e-mail, SMS).`)).toBeVisible();
  // the sheet's own timer (it reads the day again every half minute) runs on Playwright's clock
  await page.clock.install();
  await page.goto(`/staff/slots/home-visits?date=${day}&view=run-sheet`);
  const visit = page.getByRole('region', { name: 'Run sheet: Not assigned yet' }).getByRole('row', { name: new RegExp(patient) });
  await expect(visit.getByTestId('run-sheet-payment')).toHaveText(`Unpaid: ${rupees(lipid.price)}`);

  // The patient opens the link on a phone, signed out, and pays on the gateway's hosted page.
  const payer = await (await browser.newContext({ ...phone })).newPage();
  await payer.goto(sms.text.match(/https?:\/\/\S+\/pay\/\S+/)![0]);
  await payer.getByRole('region', { name: 'Payment' }).getByRole('button', { name: 'Pay online (UPI, card, net banking)' }).click();
  await payer.getByRole('button', { name: 'Pay (test success)' }).click();
  await expect(payer.getByRole('region', { name: 'Payment' }).getByRole('status')).toHaveText('Paid');
  await payer.context().close();

  // The run sheet reads the bill again by itself: Paid.
  // (every 30 seconds: HOME_VISITS_REFRESH_MS of the console's home-visits query)
  await page.clock.runFor(31_000);
  await expect(visit.getByTestId('run-sheet-payment')).toHaveText('Paid');
});

test('a patient cancels a booking paid online and the cancel step gives the payment back through the gateway', async ({ page }) => {
  const patient = await createUser(page.request, { first_name: 'Rekha' });
  await loginAs(page, patient, '/Appointment');
  await bookBloodCount(page, { date: openDate(5), time: '12:30' });
  await page.getByRole('button', { name: 'Pay now online' }).click();
  await page.getByRole('button', { name: 'Pay (test success)' }).click();
  await expect(page.getByRole('region', { name: 'Payment' }).getByRole('status')).toHaveText('Paid');
  const appointmentId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);

  // (the gateway brought the payer back to the site's public address: the dashboard is opened there, signed in again)
  await loginAs(page, patient, '/UserDashboard');
  await page.getByRole('button', { name: /^Cancel\b/ }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this appointment?' });
  const refund = dialog.getByRole('checkbox', { name: /Refund my online payment now/ });
  await expect(refund).toBeChecked();
  await dialog.getByRole('button', { name: 'Cancel appointment' }).click();
  await expect(page.getByText('Appointment cancelled successfully.')).toBeVisible();

  // The refund went to the gateway at once (the stand-in processes it a second later, with its webhook).
  await page.goto(`/bill/${encodeURIComponent(appointmentId)}`);
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('region', { name: 'Payment' }).getByText(`Refunded to you: ${rupees(350)}.`)).toBeVisible({ timeout: 1000 });
  }).toPass();
});

/** the e2e server's secret (e2e-server.mjs): the reminder e-mail goes out only the evening before, so the test signs its link itself */
const E2E_SECRET = 'e2e-secret-e2e-secret-e2e-secret-e2e-00';

test("the reminder's cancel link, signed out, offers the refund of a booking paid online and gives it back", async ({ page }) => {
  const tests = (await (await page.request.get('/api/tests/')).json()) as Array<{ id: number; name: string; price: number }>;
  const cbc = tests.find((t) => t.name === 'Complete Blood Count (CBC)')!;
  const visit = { date: openDate(6), time: '13:30' };
  const booked = await page.request.post('/api/appointments/', {
    data: { ...visit, user_name: 'Kavita Linkcancel', user_email: 'kavita.linkcancel@example.com', user_phone: '9829012345', tests: [cbc.id], home_sample: false },
  });
  expect(booked.status()).toBe(201);
  const { id } = (await booked.json()) as { id: string };

  // paid online from the bill, signed out
  await page.goto(`/bill/${encodeURIComponent(id)}`);
  await page.getByRole('region', { name: 'Payment' }).getByRole('button', { name: 'Pay online (UPI, card, net banking)' }).click();
  await page.getByRole('button', { name: 'Pay (test success)' }).click();
  await expect(page.getByRole('region', { name: 'Payment' }).getByRole('status')).toHaveText('Paid');

  await page.goto(`/cancel/${makeCancelToken(E2E_SECRET, { id, ...visit })}`);
  await page.getByRole('button', { name: 'Cancel this appointment' }).click();
  const dialog = page.getByRole('dialog', { name: /^Cancel appointment / });
  await expect(dialog.getByRole('checkbox', { name: `Refund the ${rupees(cbc.price)} I paid online now (it goes back to the same UPI, card or bank account)` })).toBeChecked();
  await dialog.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(page.getByRole('status').filter({ hasText: / is cancelled\./ })).toBeVisible();

  await page.goto(`/bill/${encodeURIComponent(id)}`);
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('region', { name: 'Payment' }).getByText(`Refunded to you: ${rupees(cbc.price)}.`)).toBeVisible({ timeout: 1000 });
  }).toPass();
});
