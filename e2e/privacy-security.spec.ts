// The DPDP safeguards in the browser (decision 033): a patient sees in the dashboard's "Who looked" when staff
// opened their records (the role and the time, never the name); an admin finds the patient in the
// console's read log, records a breach for the staff account concerned, sees the patient listed as
// affected with the Board's 72-hour deadline, sends the notices and marks the report sent.
import { inIndia } from '@lab/contract';
import { settledAxe } from './support/axe.ts';
import { createUser, expect, loginAs, poster, spreadVisit, test } from './support/fixtures.ts';
import { createDeskAccount, signInToConsole } from './support/staff.ts';
import { logIn } from '../test-support/users.ts';

test('a patient sees who looked, and an admin records a breach that lists them', async ({ page, request }) => {
  const patient = await createUser(request, { first_name: 'Kavya', last_name: 'Menon' });
  const session = await logIn(poster(request), patient);
  const tests = (await (await request.get('/api/tests/')).json()) as { id: number }[];
  const booked = await request.post('/api/appointments/', {
    headers: { Authorization: `Bearer ${session.tokens.access}` },
    data: { ...spreadVisit(7, 12, { morningOnly: true }), user_name: 'Kavya Menon', user_email: patient.email, user_phone: '9829012345', tests: [tests[0]!.id], home_sample: false },
  });
  expect(booked.status()).toBe(201);
  const { id, reference } = (await booked.json()) as { id: string; reference: string };

  // An admin opens the appointment's e-mail log through the staff API: a read of the patient's data.
  const desk = await createDeskAccount(request);
  expect((await request.get(`/api/staff/appointments/${id}/mail`, { headers: { Authorization: `Bearer ${desk.access}` } })).status()).toBe(200);

  // The patient's dashboard says who looked: the role and when, not the name.
  await page.setViewportSize({ width: 360, height: 800 });
  await loginAs(page, patient);
  // on a phone the dashboard folds the privacy part below the appointments: one tap opens it
  await page.locator('summary', { hasText: 'Privacy and your data' }).click();
  const whoLooked = page.getByRole('region', { name: 'Who looked at your data' });
  await expect(whoLooked.getByRole('listitem')).toHaveCount(1);
  await expect(whoLooked.getByRole('listitem')).toContainText(`Administrator opened your e-mails sent to you of booking ${reference} on`);
  await expect(whoLooked).not.toContainText('Asha');
  await expect(whoLooked).not.toContainText(desk.username);
  const axe = await settledAxe(page, 'main');
  expect(axe.violations.map((v) => v.id)).toEqual([]);

  // The admin's read log finds the read by the patient's e-mail.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.evaluate(() => localStorage.clear()); // the patient signs out; the admin signs in on this browser
  await signInToConsole(page, desk, '/staff/audit/reads');
  await page.getByLabel("Patient's e-mail").fill(patient.email);
  const reads = page.getByRole('table', { name: 'Reads of personal data, newest first' }).getByRole('row');
  await expect(reads).toHaveCount(2);
  await expect(reads.nth(1)).toContainText(`Asha Rao (admin)`);
  await expect(reads.nth(1)).toContainText('Kavya Menon');
  await expect(reads.nth(1)).toContainText(reference);

  // The breach register: record an incident for the admin's account over the last hours.
  await page.getByRole('navigation', { name: 'Records' }).getByRole('link', { name: 'Breach register' }).click();
  await expect(page.getByRole('heading', { name: 'Breach register' })).toBeVisible();
  const form = page.getByRole('region', { name: 'Record a breach' });
  await form.getByLabel('What happened').fill('The admin password was written on a note at the front desk.');
  await form.getByLabel('What personal data it concerns').fill('Names, e-mail addresses and tests booked.');
  await form.getByLabel('What we have done').fill('We changed the password and signed the account out everywhere.');
  const hoursAgo = (h: number) => {
    const { date, time } = inIndia(Date.now() - h * 3_600_000);
    return `${date}T${time}`;
  };
  await form.getByLabel('When it occurred (India time)').fill(hoursAgo(2));
  await form.getByLabel('Look at their activity from (India time)').fill(hoursAgo(3));
  await form.getByLabel(new RegExp(`, ${desk.username} \\(admin\\)$`)).check();
  await form.getByRole('button', { name: 'Record the breach and find who is affected' }).click();

  const breach = page.getByRole('region', { name: /^Breach \d+: The admin password/ });
  await expect(breach.getByText(/^Report due by /)).toBeVisible();
  const affected = breach.getByRole('table', { name: 'People whose data the accounts read or changed' }).getByRole('row');
  await expect(affected).toHaveCount(2);
  await expect(affected.nth(1)).toContainText('Kavya Menon');
  await expect(affected.nth(1)).toContainText('Not sent');
  await expect(breach.getByLabel('Report to the Data Protection Board')).toHaveValue(/Data principals affected: 1 \(1 with an account/);

  await breach.getByRole('button', { name: 'Send the notice to 1 person' }).click();
  await expect(breach.getByText('The notice is on its way to 1 person.')).toBeVisible();
  await expect(affected.nth(1)).toContainText(/Sent|Queued/);
  await breach.getByRole('button', { name: 'Mark the report to the Board sent' }).click();
  await expect(breach.getByText(/^Report sent /)).toBeVisible();
  await expect(breach.getByRole('button', { name: 'Mark the report to the Board sent' })).toHaveCount(0);

  const register = page.getByRole('table', { name: 'Recorded breaches, latest found first' });
  await expect(register.getByRole('row').filter({ hasText: 'The admin password' }).first()).toContainText('1 of 1');
  const consoleAxe = await settledAxe(page, 'main');
  expect(consoleAxe.violations.map((v) => v.id)).toEqual([]);
});
