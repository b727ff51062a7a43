// The report for other apps (docs/abdm.md): a released CBC's /report/{id} page offers "Download for
// other apps (FHIR)" beside the PDF, in English and Hindi; the file it saves is the FHIR R4 document
// bundle with the LOINC-coded haemoglobin as entered; the page passes axe. In the staff console, the
// releasing pathologist downloads the released version's FHIR document from the worksheet. A family
// member's ABHA number and address are checked at the field (a wrong Verhoeff check digit, in English and
// Hindi), come with the member to the booking form, and are the FHIR Patient's identifiers.
import { readFileSync } from 'node:fs';
import type { Download } from '@playwright/test';
import { settledAxe } from './support/axe.ts';
import { agreeToNotice, chooseSlot, createUser, expect, loginAs, openDate, test } from './support/fixtures.ts';
import { consoleAccountWithRole, createDeskAccount, signInToConsole, staffWithRole } from './support/staff.ts';

type SavedBundle = { resourceType: string; type: string; entry: Array<{ resource: { resourceType: string; code?: { coding?: Array<{ code: string }> }; valueQuantity?: { value: number; unit: string }; identifier?: Array<{ value: string }> } }> };
const bundleOf = async (download: Download) => JSON.parse(readFileSync((await download.path())!, 'utf8')) as SavedBundle;

test('a released report downloads as a FHIR bundle beside the PDF, in English and Hindi', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const desk = await createDeskAccount(request);
  const technician = await staffWithRole(request, desk, 'technician');
  const pathologist = await consoleAccountWithRole(request, desk, 'pathologist', { qualification: 'MD (Pathology)', registration_no: 'RMC-20931' });
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });

  const tests = (await (await request.get('/api/tests/')).json()) as Array<{ id: number; name: string }>;
  const cbc = tests.find((t) => t.name === 'Complete Blood Count (CBC)')!;
  const booked = await request.post('/api/appointments/', {
    data: { date: openDate(2), time: '10:00', user_name: 'Suresh Nair', user_email: 'suresh.fhir@example.com', user_phone: '9829012345', tests: [cbc.id], patient_age_years: 45, patient_sex: 'male' },
  });
  expect(booked.status()).toBe(201);
  const id = (await booked.json()).id as string;
  for (const status of ['approved', 'sample_collected']) expect((await request.post(`/api/staff/appointments/${id}/status`, { headers: as(desk.access), data: { status } })).status()).toBe(200);
  const rows = (await (await request.get(`/api/staff/results/${id}`, { headers: as(technician) })).json()).rows as Array<{ parameter_id: number; name: string }>;
  const values: Record<string, string> = { Haemoglobin: '14.5', 'Platelet Count': '250', 'Total Leucocyte Count': '7.20', 'RBC Count': '5.00' };
  const entered = await request.put(`/api/staff/results/${id}`, { headers: as(technician), data: { results: rows.map((r) => ({ parameter_id: r.parameter_id, value: values[r.name] ?? '30' })), final: true } });
  expect(entered.status()).toBe(200);
  expect((await request.post(`/api/staff/results/${id}/release`, { headers: as(pathologist.access) })).status()).toBe(200);

  // The e-mailed link's page, as a guest holding the capability.
  const page = await (await browser.newContext()).newPage();
  await page.goto(`/report/${id}`);
  await expect(page.getByRole('button', { name: 'Download report (PDF)' })).toBeVisible();
  const fhirButton = page.getByRole('button', { name: 'Download for other apps (FHIR)' });
  await expect(fhirButton).toHaveAccessibleDescription(/FHIR R4 file in India's ABDM format/);
  const [download] = await Promise.all([page.waitForEvent('download'), fhirButton.click()]);
  expect(download.suggestedFilename()).toBe(`report-${id}.fhir.json`);
  const bundle = await bundleOf(download);
  expect(bundle.resourceType).toBe('Bundle');
  expect(bundle.type).toBe('document');
  const hb = bundle.entry.map((e) => e.resource).find((r) => r.resourceType === 'Observation' && r.code?.coding?.[0]?.code === '718-7');
  expect(hb?.valueQuantity).toMatchObject({ value: 14.5, unit: 'g/dL' });
  await expect(page.getByText('The FHIR file is downloaded.')).toBeVisible();
  expect((await settledAxe(page)).violations).toEqual([]);

  // In Hindi, the same button in Hindi.
  await page.context().addCookies([{ name: 'lang', value: 'hi', url: page.url() }]);
  await page.goto(`/report/${id}`);
  await expect(page.getByRole('button', { name: 'दूसरे ऐप्स के लिए डाउनलोड करें (एफ़एचआईआर)' })).toBeVisible();
  await page.context().close();

  // The pathologist in the console: the worksheet's released version, as a FHIR document.
  const consolePage = await (await browser.newContext()).newPage();
  await signInToConsole(consolePage, pathologist, `/staff/results/${id}`);
  const versions = consolePage.getByRole('region', { name: 'Released versions' });
  const staffButton = versions.getByRole('button', { name: 'Download FHIR of version 1' });
  await expect(staffButton).toBeVisible();
  const [staffDownload] = await Promise.all([consolePage.waitForEvent('download'), staffButton.click()]);
  expect(staffDownload.suggestedFilename()).toBe(`report-${id}-v1.fhir.json`);
  const staffBundle = await bundleOf(staffDownload);
  expect(staffBundle.type).toBe('document');
  const practitioner = staffBundle.entry.map((e) => e.resource).find((r) => r.resourceType === 'Practitioner');
  expect(practitioner?.identifier?.[0]?.value).toBe('RMC-20931');
  expect(staffBundle.entry.map((e) => e.resource).find((r) => r.code?.coding?.[0]?.code === '718-7')?.valueQuantity?.value).toBe(14.5);
  await consolePage.context().close();
});

test('a family member’s ABHA is checked at the field, comes with the member to the booking form, and is the FHIR Patient’s identifier', async ({ browser, page, request }) => {
  test.setTimeout(180_000);
  const desk = await createDeskAccount(request);
  const technician = await staffWithRole(request, desk, 'technician');
  const pathologist = await staffWithRole(request, desk, 'pathologist', { qualification: 'MD (Pathology)', registration_no: 'RMC-20932' });
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });

  // The dashboard's member form: a wrong check digit is refused as the holder leaves the field.
  const holder = await createUser(request, { first_name: 'Devika', last_name: 'Menon' });
  await loginAs(page, holder);
  const family = page.getByRole('region', { name: 'Family members' });
  await family.getByRole('button', { name: 'Add a family member' }).click();
  await family.getByLabel('Name').fill('Gopalan Menon Abha');
  await family.getByLabel('Relation to you').selectOption('parent');
  await family.getByLabel('Born on').fill('1950-06-01');
  await family.getByLabel('Sex').selectOption('male');
  const number = family.getByLabel('ABHA number (optional)');
  await number.fill('91530165285205');
  await number.press('Tab');
  await expect(number).toHaveAccessibleDescription(/This is not a valid ABHA number: check the digits against the ABHA card\./);
  await expect(number).toHaveAttribute('aria-invalid', 'true');
  await number.fill('91530165285204');
  await number.press('Tab');
  await expect(number).toHaveValue('91-5301-6528-5204');
  await expect(number).not.toHaveAttribute('aria-invalid');
  const address = family.getByLabel('ABHA address (optional)');
  await address.fill('gopalan@gmail.com');
  await address.press('Tab');
  await expect(address).toHaveAccessibleDescription(/Enter an ABHA address such as name@abdm/);
  await family.getByRole('checkbox', { name: /They have read the privacy notice/ }).check();
  // Saving with it still wrong sends nothing and takes the holder back to it.
  await family.getByRole('button', { name: 'Save member' }).click();
  await expect(address).toBeFocused();
  await expect(address).toHaveAccessibleDescription(/Enter an ABHA address such as name@abdm/);
  await address.fill('Gopalan.Menon@abdm');
  await family.getByRole('button', { name: 'Save member' }).click();
  await expect(family.getByText('Family member saved.')).toBeVisible();

  // The booking form takes the member's ABHA with the member.
  await page.goto('/Appointment');
  await expect(page.locator('main')).toHaveAttribute('data-hydrated', 'true');
  const form = page.getByRole('form', { name: 'Your details' });
  const search = page.getByRole('combobox', { name: 'Search tests' });
  await search.click();
  await search.fill('cbc');
  await page.getByRole('option', { name: /^Complete Blood Count/ }).click();
  await form.getByLabel('Booking for').selectOption({ label: 'Gopalan Menon Abha' });
  await expect(form.getByLabel('ABHA number (optional)')).toHaveValue('91-5301-6528-5204');
  await expect(form.getByLabel('ABHA address (optional)')).toHaveValue('gopalan.menon@abdm');
  await form.getByLabel('Date').fill(openDate(8));
  await chooseSlot(form, '10:30');
  await form.getByLabel('Phone').fill('98220 22222');
  await agreeToNotice(page);
  await form.getByRole('button', { name: 'Book Now' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your appointment is booked' })).toBeVisible();

  // Released by the lab; the report's FHIR document names the member by the ABHA.
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const [visit] = (await (await request.get('/api/users/userappointments/', { headers: as(token!) })).json()) as Array<{ id: string }>;
  const id = visit!.id;
  for (const status of ['approved', 'sample_collected']) expect((await request.post(`/api/staff/appointments/${id}/status`, { headers: as(desk.access), data: { status } })).status()).toBe(200);
  const rows = (await (await request.get(`/api/staff/results/${id}`, { headers: as(technician) })).json()).rows as Array<{ parameter_id: number; name: string }>;
  const values: Record<string, string> = { Haemoglobin: '14.5', 'Platelet Count': '250', 'Total Leucocyte Count': '7.20', 'RBC Count': '5.00' };
  expect((await request.put(`/api/staff/results/${id}`, { headers: as(technician), data: { results: rows.map((r) => ({ parameter_id: r.parameter_id, value: values[r.name] ?? '30' })), final: true } })).status()).toBe(200);
  expect((await request.post(`/api/staff/results/${id}/release`, { headers: as(pathologist) })).status()).toBe(200);
  const bundle = (await (await request.get(`/api/reports/${id}/fhir`)).json()) as SavedBundle;
  const patient = bundle.entry.map((e) => e.resource).find((r) => r.resourceType === 'Patient');
  expect(patient?.identifier?.map((i) => i.value)).toEqual(expect.arrayContaining(['91-5301-6528-5204', 'gopalan.menon@abdm']));

  // A guest's booking form in Hindi says it in Hindi, at the field.
  const hindi = await browser.newContext();
  const guest = await hindi.newPage();
  await guest.context().addCookies([{ name: 'lang', value: 'hi', url: page.url() }]);
  await guest.goto('/Appointment');
  await expect(guest.locator('main')).toHaveAttribute('data-hydrated', 'true');
  const hindiNumber = guest.getByLabel('आभा नंबर (वैकल्पिक)');
  await hindiNumber.fill('9153 0165');
  await hindiNumber.press('Tab');
  await expect(hindiNumber).toHaveAccessibleDescription(/आभा नंबर में 14 अंक होते हैं/);
  await hindi.close();
});

test('an admin gives a test its LOINC panel code in the console: a wrong check digit is refused at the field, the row shows the code', async ({ page, request }) => {
  const desk = await createDeskAccount(request);
  const name = `Renal Panel ${Date.now().toString(36)}`;
  await signInToConsole(page, desk, '/staff/catalogue');
  const form = page.getByRole('region', { name: 'Add a test' });
  await form.getByLabel('Name', { exact: true }).fill(name);
  await form.getByLabel('Category').selectOption({ label: 'Biochemistry' });
  await form.getByLabel('Price (Rs)').fill('700');
  const code = form.getByLabel('LOINC panel code (empty: none)');
  await code.fill('24362-5');
  await form.getByRole('button', { name: 'Add test' }).click();
  await expect(code).toHaveAccessibleDescription(/Enter a LOINC code as LOINC writes it/);
  await code.fill('24362-6');
  await form.getByRole('button', { name: 'Add test' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Test “${name}” added.` })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search tests' }).fill(name);
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('LOINC 24362-6');
});
