// The patient forms refused on Hindi pages (docs/features.md#forms, decision 053): bad input sent to the
// real server on the registration, login, find-my-booking, contact and profile forms, with Hindi chosen
// (the `lang` cookie) or on a /hi/ page. Every message is Hindi, stands at its own field (the input marked
// invalid and described by it), and no API field name (`password`, `user_phone`…) shows anywhere.
import type { Locator, Page } from '@playwright/test';
import { createUser, expect, loginAs, test } from './support/fixtures.ts';

const API_NAMES = ['username', 'password', 'email', 'first_name', 'last_name', 'consent', 'notice_version', 'reference', 'contact', 'name', 'phone', 'message', 'date_of_birth', 'age_years', 'sex', 'non_field_errors'];
const apiName = new RegExp(`(^|[^\\w@.])(${API_NAMES.join('|')})([^\\w@.]|$)`);
const devanagari = /[\u0900-\u097F]/;

/** the field is marked invalid and described by a message in Hindi that names no API field */
async function expectHindiErrorAt(page: Page, field: Locator): Promise<string> {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  const ids = ((await field.getAttribute('aria-describedby')) ?? '').split(/\s+/).filter(Boolean);
  const said = (await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).textContent()))).join(' ').trim();
  expect(said).toMatch(devanagari);
  expect(said).not.toMatch(apiName);
  // no Latin word in it at all: the server's Hindi names fields in Hindi
  expect(said).not.toMatch(/[A-Za-z]{3,}/);
  return said;
}

/** nothing the page shows names a field by the API's name (typed values are not shown text) */
async function expectNoApiNames(page: Page) {
  const shown = await page.getByRole('main').innerText();
  expect(shown).not.toMatch(apiName);
}

test.beforeEach(async ({ page, baseURL }) => {
  await page.context().addCookies([{ name: 'lang', value: 'hi', url: baseURL! }]);
});

test('registration in Hindi: a taken username and a weak password, each at its field', async ({ page }) => {
  const taken = await createUser(page.request, {}, { proven: false });
  await page.goto('/register');
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
  await expect(page.locator('main')).toHaveAttribute('data-hydrated', 'true');
  await page.getByLabel('पहला नाम').fill('Meera');
  await page.getByLabel('उपनाम').fill('Iyer');
  await page.getByLabel('यूज़रनेम', { exact: true }).fill(taken.username);
  await page.getByLabel('ई-मेल').fill(`meera.${Date.now()}@example.in`);
  await page.getByLabel('पासवर्ड', { exact: true }).fill('12345678');
  await page.getByRole('checkbox', { name: /^मैंने गोपनीयता सूचना/ }).check();
  await page.getByRole('button', { name: 'रजिस्टर करें' }).click();
  expect(await expectHindiErrorAt(page, page.getByLabel('यूज़रनेम', { exact: true }))).toContain('यूज़रनेम');
  await expectHindiErrorAt(page, page.getByLabel('पासवर्ड', { exact: true }));
  await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);
  await expectNoApiNames(page);
});

test('login in Hindi: the empty fields refused at their fields', async ({ page }) => {
  await page.goto('/login');
  await expect(page.locator('main')).toHaveAttribute('data-hydrated', 'true');
  await page.getByRole('button', { name: 'लॉग इन करें' }).click();
  await expectHindiErrorAt(page, page.getByLabel('यूज़रनेम या ई-मेल'));
  await expectHindiErrorAt(page, page.getByLabel('पासवर्ड', { exact: true }));
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('लॉग इन नहीं हो सका');
  await expectNoApiNames(page);
});

test('find my booking in Hindi: a malformed reference and no contact, each at its field', async ({ page }) => {
  await page.goto('/find-booking');
  await expect(page.locator('main')).toHaveAttribute('data-hydrated', 'true');
  await page.getByLabel('बुकिंग रेफ़रेंस').fill('ZZ');
  await page.getByRole('button', { name: 'मेरी बुकिंग खोजें' }).click();
  await expectHindiErrorAt(page, page.getByLabel('बुकिंग रेफ़रेंस'));
  expect(await expectHindiErrorAt(page, page.getByLabel('फ़ोन नंबर या ईमेल'))).toMatch(devanagari);
  await expectNoApiNames(page);
});

test('the contact form on /hi/Contact, without a language cookie: the server answers in Hindi, at the fields', async ({ page }) => {
  await page.context().clearCookies();
  await page.goto('/hi/Contact');
  await expect(page.locator('main')).toHaveAttribute('data-hydrated', 'true');
  const form = page.getByRole('form', { name: 'हमें संदेश भेजें' });
  // no name, a phone of letters, no message; the e-mail is optional
  await form.getByLabel('फ़ोन').fill('call me');
  await form.getByRole('button', { name: 'भेजें' }).click();
  await expectHindiErrorAt(page, form.getByLabel('नाम'));
  await expectHindiErrorAt(page, form.getByLabel('फ़ोन'));
  await expectHindiErrorAt(page, form.getByLabel('संदेश'));
  await expect(form.getByLabel('ई-मेल')).not.toHaveAttribute('aria-invalid', 'true');
  await expectNoApiNames(page);
});

test("the dashboard's details in Hindi: a short phone refused at the field", async ({ page }) => {
  const user = await createUser(page.request, {}, { proven: false });
  // the details are filled in from the profile once it is read: type after that, or the form's own value wins
  const profileRead = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/users/me/' && r.request().method() === 'GET');
  await loginAs(page, user);
  await profileRead;
  await expect(page.locator('main')).toHaveAttribute('data-hydrated', 'true');
  const details = page.getByRole('region', { name: 'आपकी जानकारी', exact: true });
  await details.getByLabel('फ़ोन').fill('12');
  await expect(details.getByLabel('फ़ोन')).toHaveValue('12');
  await details.getByRole('button', { name: 'जानकारी सेव करें' }).click();
  await expectHindiErrorAt(page, details.getByLabel('फ़ोन'));
  await expectNoApiNames(page);
});
