// Notice and consent (docs/personal-data.md): /privacy reads whole without JavaScript and passes axe; registration
// and booking carry an unticked required box naming the notice and an optional marketing box; a
// patient under 18 is booked by a named guardian; the dashboard asks an account without consent and
// withdraws each consent with one control.
import { privacyNotice } from '@lab/contract';
import type { Page } from '@playwright/test';
import { settledAxe } from './support/axe.ts';
import { agreeToNotice, fillRegistration, chooseSlot, createUser, expect, loginAs, newUser, openDate, test } from './support/fixtures.ts';

async function consentsOf(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const res = await page.request.get('/api/users/me/consents/', { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return res.json() as Promise<{ in_force: { service: boolean; marketing: boolean }; needs_consent: boolean; records: Array<{ purpose: string; notice_version: string; source: string; appointment_id: string | null; guardian: { name: string; relation: string } | null }> }>;
}

/** picks the CBC through the search once the page is hydrated (clicks before that would be lost) */
async function pickFirstTest(page: Page) {
  await expect(page.locator('main')).toHaveAttribute('data-hydrated', 'true');
  const search = page.getByRole('combobox', { name: 'Search tests' });
  await search.click();
  await search.fill('Complete Blood');
  await page.getByRole('option', { name: /^Complete Blood Count/ }).click();
  await expect(page.getByRole('region', { name: 'Selected tests' })).toContainText('Complete Blood Count');
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('/privacy states the version, each item, retention, rights and the grievance officer, without scripts', async ({ page, request }) => {
    const lab = (await (await request.get('/api/lab/')).json()) as { name: string; grievance: { name: string; email: string; phone: string } };
    const facts = (await (await request.get('/api/privacy/notice/')).json()) as { retention: Array<{ item: string; period: string }> };
    const response = await page.goto('/privacy');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'How we look after your personal data' })).toBeVisible();
    await expect(page.getByText(`Version ${privacyNotice.version}, dated`)).toBeVisible();
    for (const h of ['What we collect and why', 'Who we share it with', 'How long we keep it', 'Your consent, and how to withdraw it', 'Your rights', 'Questions and complaints']) {
      await expect(page.getByRole('heading', { level: 2, name: h })).toBeVisible();
    }
    for (const r of facts.retention) await expect(page.getByText(r.period)).toBeVisible();
    await expect(page.getByText('Data Protection Board of India')).toBeVisible();
    await expect(page.getByRole('link', { name: lab.grievance.email })).toHaveAttribute('href', `mailto:${lab.grievance.email}`);
    await expect(page.getByText(lab.grievance.name, { exact: true })).toBeVisible();
    for (const right of ['Download:', 'Correction:', 'Erasure:', 'Nominee:', 'Grievance:', 'Who looked:']) await expect(page.getByText(right)).toBeVisible();
  });

  test('the footer links to the notice on every page', async ({ page }) => {
    await page.goto('/About');
    await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Privacy notice' }).click();
    await expect(page).toHaveURL(/\/privacy$/);
  });
});

test('/privacy passes axe, on a phone too', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/privacy');
  await expect(page.getByRole('heading', { level: 1, name: 'How we look after your personal data' })).toBeVisible();
  expect((await settledAxe(page)).violations).toEqual([]);
  // nothing wider than the phone's screen
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test('registering takes the notice box, and marketing stays off unless ticked; the dashboard withdraws each', async ({ page }) => {
  const user = newUser();
  await page.goto('/Register');
  await fillRegistration(page, user);
  const notice = page.getByRole('checkbox', { name: /I have read the privacy notice/ });
  const marketing = page.getByRole('checkbox', { name: /offers and health packages/ });
  await expect(notice).not.toBeChecked();
  await expect(marketing).not.toBeChecked();
  await expect(page.getByRole('link', { name: new RegExp(`privacy notice \\(version ${privacyNotice.version}`) })).toHaveAttribute('href', '/privacy');
  // Unticked, the form is not sent.
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/Register$/);
  expect(await notice.evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true);
  await agreeToNotice(page);
  await marketing.check();
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await loginAs(page, user);
  const consents = page.getByRole('region', { name: 'Your consents' });
  await expect(consents.getByText(/Given on/)).toHaveCount(2);
  await expect(page.getByRole('region', { name: 'Please agree to our privacy notice' })).toHaveCount(0);
  expect((await consentsOf(page)).records.map((r) => [r.purpose, r.source, r.notice_version])).toEqual([
    ['marketing', 'registration', privacyNotice.version],
    ['service', 'registration', privacyNotice.version],
  ]);

  await consents.getByRole('button', { name: 'Withdraw: E-mails about offers and packages' }).click();
  const dialog = page.getByRole('dialog', { name: 'Stop marketing e-mails?' });
  await dialog.getByRole('button', { name: 'Withdraw' }).click();
  await expect(consents.getByRole('status')).toContainText('Marketing consent withdrawn');
  await expect(consents.getByRole('button', { name: 'Give consent: E-mails about offers and packages' })).toBeVisible();

  await consents.getByRole('button', { name: 'Withdraw: Using your data for the service' }).click();
  const serviceDialog = page.getByRole('dialog', { name: 'Withdraw your consent to the service?' });
  await expect(serviceDialog).toContainText('close your account');
  await serviceDialog.getByRole('button', { name: 'Withdraw' }).click();
  await expect(consents.getByRole('status')).toContainText('What the law makes us keep stays');
  expect(await consentsOf(page)).toMatchObject({ in_force: { service: false, marketing: false }, needs_consent: true });
  // Withdrawn, the dashboard asks again at the top.
  await expect(page.getByRole('region', { name: 'Please agree to our privacy notice' })).toBeVisible();
  expect((await settledAxe(page)).violations).toEqual([]);
});

test('an account made without consent (an older API client) is asked on the dashboard after login', async ({ page, request }) => {
  const user = await createUser(request);
  await loginAs(page, user);
  const prompt = page.getByRole('region', { name: 'Please agree to our privacy notice' });
  await expect(prompt).toBeVisible();
  await prompt.getByRole('checkbox', { name: /I have read the privacy notice/ }).check();
  await prompt.getByRole('button', { name: 'Agree' }).click();
  await expect(prompt).toHaveCount(0);
  const records = (await consentsOf(page)).records;
  expect(records[0]).toMatchObject({ purpose: 'service', source: 'login_prompt' });
});

test('booking takes the notice box and records the consent with the booking', async ({ page }) => {
  await page.goto('/Appointment');
  await pickFirstTest(page);
  const form = page.getByRole('form', { name: 'Your details' });
  await form.getByLabel('Date').fill(openDate(4));
  await chooseSlot(form, '11:00');
  await form.getByLabel('Name', { exact: true }).fill('Kavita Joshi');
  await form.getByLabel('Email').fill('kavita@example.com');
  await form.getByLabel('Phone').fill('9829012345');
  await expect(form.getByRole('radio', { name: 'Myself' })).toBeChecked();
  await expect(form.getByRole('checkbox', { name: /I have read the privacy notice/ })).not.toBeChecked();
  const posted = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/appointments/');
  await agreeToNotice(form);
  await form.getByRole('checkbox', { name: /offers and health packages/ }).check();
  await form.getByRole('button', { name: 'Book Now' }).click();
  expect((await posted).postDataJSON()).toMatchObject({ booking_for: 'self', consent: { notice_version: privacyNotice.version, purposes: ['service', 'marketing'] } });
  await expect(page.getByText('Appointment booked successfully!')).toBeVisible();
});

test('a child is booked by a named parent or guardian, whose consent is recorded', async ({ page, request }) => {
  const user = await createUser(request);
  await loginAs(page, user, '/Appointment');
  await pickFirstTest(page);
  const form = page.getByRole('form', { name: 'Your details' });
  await form.getByLabel('Date').fill(openDate(5));
  await chooseSlot(form, '11:30');
  await form.getByLabel('Phone').fill('9829012345');
  await form.getByRole('radio', { name: /Someone else/ }).check();
  const guardian = form.getByRole('group', { name: 'Parent or guardian' });
  await expect(guardian).toHaveCount(0);
  await form.getByLabel('or age in years').fill('9');
  await expect(guardian).toBeVisible();
  await agreeToNotice(form);
  // Without the guardian's name and relation the form is not sent.
  await form.getByRole('button', { name: 'Book Now' }).click();
  await expect(page.getByText('Appointment booked successfully!')).toHaveCount(0);
  await guardian.getByLabel('Parent’s or guardian’s full name').fill('Sunita Devi');
  await guardian.getByLabel('Relation to the patient').selectOption('mother');
  await form.getByRole('button', { name: 'Book Now' }).click();
  await expect(page.getByText('Appointment booked successfully!')).toBeVisible();
  const records = (await consentsOf(page)).records;
  expect(records[0]).toMatchObject({ purpose: 'service', source: 'booking', guardian: { name: 'Sunita Devi', relation: 'mother' } });
  expect(records[0]!.appointment_id).not.toBeNull();
  // the booking's confirmation page, which replaces the form
  expect((await settledAxe(page, 'main')).violations).toEqual([]);
});
