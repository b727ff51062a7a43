// A journey in Hindi (docs/i18n.md): with Hindi chosen (the `lang` cookie the switch sets), a patient books an
// appointment on the booking form, finds the bill in Hindi, and, once staff have released the report
// (through the staff API, as the console does), downloads the Hindi PDF from the report screen. Every
// screen shows no English of ours (only the lab's and the catalogue's data in Latin letters), and axe
// finds nothing on the booking form.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { untranslatedLines } from '../apps/web/src/untranslated-english.ts';
import { settledAxe } from './support/axe.ts';
import { createUser, expect, loginAs, openDate, test } from './support/fixtures.ts';
import { createDeskAccount, staffWithRole } from './support/staff.ts';

const stringsOf = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : value && typeof value === 'object' ? Object.values(value).flatMap(stringsOf) : [];

/** the page's lines of English that are not data (the lab's details, the tests, the patient's own words) */
async function englishOn(page: Page, data: string): Promise<string[]> {
  return untranslatedLines(await page.content(), (text) => data.includes(text.replace(/\)$/, '')));
}

test('in Hindi a patient books on the form, opens the bill and downloads the Hindi report', async ({ page, baseURL, request }) => {
  test.setTimeout(120_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const desk = await createDeskAccount(request);
  const technician = await staffWithRole(request, desk, 'technician');
  const pathologist = await staffWithRole(request, desk, 'pathologist', { qualification: 'MD (Pathology)', registration_no: 'RMC-20931' });
  const patient = await createUser(request, { first_name: 'Meera', last_name: 'Iyer' });
  // In Hindi the form lists the tests by their Hindi names where the lab gave one (and finds them by the English too).
  const labTests = (await (await request.get('/api/tests/?lang=hi')).json()) as Array<{ id: number; name: string; name_en?: string }>;
  const lab = await (await request.get('/api/lab/')).json();
  const data = [...stringsOf(labTests), ...stringsOf(lab), patient.first_name, patient.last_name, patient.email, patient.username, 'Meera Iyer', '9829012345'].join('\n');
  const test1 = labTests.find((t) => t.name_en === 'HbA1c (Glycated Haemoglobin)')!;
  expect(test1.name).toBe('HbA1c (तीन महीने की औसत शुगर)');

  // The form, in Hindi.
  await page.context().addCookies([{ name: 'lang', value: 'hi', url: baseURL! }]);
  await loginAs(page, patient, '/Appointment');
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
  await expect(page).toHaveTitle('अपॉइंटमेंट बुक करें | लैब सेंटर डायग्नोस्टिक्स');
  await expect(page.locator('main')).toHaveAttribute('data-hydrated', 'true');
  const search = page.getByRole('combobox', { name: 'जाँचें खोजें' });
  await search.fill('glycated');
  await page.getByRole('option', { name: new RegExp(`^${test1.name.replace(/[()]/g, '\\$&')}`) }).click();
  await expect(page.getByRole('list', { name: 'चुनी गई जाँचें' }).getByRole('listitem')).toHaveCount(1);
  await expect(page.getByText('कुल कीमत')).toBeVisible();

  const form = page.getByRole('form', { name: 'आपकी जानकारी' });
  await form.getByLabel('तारीख़').fill(openDate(4));
  const times = form.getByRole('group', { name: 'समय' });
  // Each slot is heard whole in Hindi: "10:30 से 11:00, 3 जगहें बाकी"; the first free one is taken.
  const free = times.getByRole('radio', { name: /^\d\d:\d\d से \d\d:\d\d, \d+ (जगह|जगहें) बाकी$/, disabled: false }).first();
  await free.locator('xpath=ancestor::label[1]').click();
  await expect(free).toBeChecked();
  await expect(form.getByLabel('नाम')).toHaveValue('Meera Iyer');
  await form.getByLabel('फ़ोन').fill('9829012345');
  await form.getByLabel('या उम्र (साल में)').fill('52');
  // (the lab needs age and sex for the reference ranges before it enters results)
  await form.getByLabel('लिंग').selectOption({ label: 'महिला' });
  await expect(form.getByRole('group', { name: 'यह बुकिंग किसके लिए है?' })).toBeVisible();
  // Home collection shows the address fields in Hindi, then back to the centre.
  await form.getByRole('switch', { name: 'घर से सैंपल कलेक्शन' }).click();
  await expect(form.getByRole('group', { name: 'घर से सैंपल कलेक्शन का पता' })).toBeVisible();
  await expect(form.getByLabel('पिन कोड')).toBeVisible();
  expect(await englishOn(page, data)).toEqual([]);
  await form.getByRole('switch', { name: 'घर से सैंपल कलेक्शन' }).click();
  await free.locator('xpath=ancestor::label[1]').click();
  await form.getByRole('checkbox', { name: /^मैंने गोपनीयता सूचना/ }).check();
  expect(await englishOn(page, data)).toEqual([]);
  const axe = await settledAxe(page);
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  await form.getByRole('button', { name: 'अभी बुक करें' }).click();
  await expect(page.getByText('अपॉइंटमेंट सफलतापूर्वक बुक हो गया!')).toBeVisible();

  // The confirmation page, in Hindi, opens the bill.
  await page.getByRole('link', { name: 'बिल देखें और भुगतान करें' }).click();
  await expect(page).toHaveURL(/\/billing\/[\w-]+$/);
  const id = /\/billing\/([\w-]+)$/.exec(page.url())![1]!;
  await expect(page).toHaveTitle('बिल | लैब सेंटर डायग्नोस्टिक्स');
  const invoice = page.getByRole('article', { name: 'बिल' });
  await expect(invoice.getByText('मरीज़ का नाम:')).toBeVisible();
  // the bill names the tests as billed: the Hindi name the test had when booked
  await expect(invoice.getByText(test1.name)).toBeVisible();
  await expect(invoice.getByText(test1.name_en!)).toHaveCount(0);
  await expect(page.getByTestId('bill-payment-status')).toHaveText('भुगतान बाकी');
  await expect(page.getByRole('img', { name: /^यूपीआई क्यूआर कोड/ })).toBeVisible();
  const bill = await (await request.get(`/api/billing/${id}/`, { headers: { Authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('accessToken'))}` } })).json();
  expect(await englishOn(page, data + '\n' + stringsOf(bill).join('\n'))).toEqual([]);

  // Staff collect the sample, a technician enters the result and a pathologist releases the report.
  const staff = (token: string, url: string, body: object, method: 'post' | 'put' = 'post') => request[method](url, { headers: { Authorization: `Bearer ${token}` }, data: body });
  for (const status of ['approved', 'sample_collected']) expect((await staff(desk.access, `/api/staff/appointments/${id}/status`, { status })).status()).toBe(200);
  const sheet = (await (await request.get(`/api/staff/results/${id}`, { headers: { Authorization: `Bearer ${technician}` } })).json()) as { rows: Array<{ parameter_id: number }> };
  const results = sheet.rows.map((r) => ({ parameter_id: r.parameter_id, value: '5.9' }));
  expect((await staff(technician, `/api/staff/results/${id}`, { results, final: true }, 'put')).status()).toBe(200);
  expect((await staff(pathologist, `/api/staff/results/${id}/release`, {})).status()).toBe(200);

  // The patient downloads the report from the report screen, in Hindi: the PDF is the Hindi one.
  await page.goto(`/report/${id}`);
  await expect(page).toHaveTitle('आपकी रिपोर्ट | लैब सेंटर डायग्नोस्टिक्स');
  await expect(page.locator('main')).toHaveAttribute('data-hydrated', 'true');
  await expect(page.getByRole('heading', { level: 1, name: 'आपकी जाँच रिपोर्ट' })).toBeVisible();
  expect(await englishOn(page, `${data}\n${id}`)).toEqual([]);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'रिपोर्ट डाउनलोड करें (पीडीएफ़)' }).click()]);
  await expect(page.getByText('आपकी रिपोर्ट डाउनलोड हो गई।')).toBeVisible();
  const pdf = readFileSync((await download.path())!);
  expect(pdf.toString('latin1')).toContain('/Lang (hi-IN)');
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  const text = (await parser.getText().finally(() => parser.destroy())).text.normalize('NFKC');
  // (the test's heading is its Hindi name as booked: "HbA1c (तीन महीने की औसत शुगर)")
  for (const words of ['मरीज़', 'सामान्य सीमा', 'Meera Iyer', '5.9', 'औसत']) expect(text).toContain(words.normalize('NFKC'));
  expect(text).not.toContain('Glycated');
  expect(text).not.toContain('Patient:');
});
