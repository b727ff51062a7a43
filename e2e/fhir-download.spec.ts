// The report for other apps (docs/abdm.md): a released CBC's /report/{id} page offers "Download for
// other apps (FHIR)" beside the PDF, in English and Hindi; the file it saves is the FHIR R4 document
// bundle with the LOINC-coded haemoglobin as entered; the page passes axe.
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { settledAxe } from './support/axe.ts';
import { openDate } from './support/fixtures.ts';
import { createDeskAccount, staffWithRole } from './support/staff.ts';

test('a released report downloads as a FHIR bundle beside the PDF, in English and Hindi', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const desk = await createDeskAccount(request);
  const technician = await staffWithRole(request, desk, 'technician');
  const pathologist = await staffWithRole(request, desk, 'pathologist', { qualification: 'MD (Pathology)', registration_no: 'RMC-20931' });
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
  expect((await request.post(`/api/staff/results/${id}/release`, { headers: as(pathologist) })).status()).toBe(200);

  // The e-mailed link's page, as a guest holding the capability.
  const page = await (await browser.newContext()).newPage();
  await page.goto(`/report/${id}`);
  await expect(page.getByRole('button', { name: 'Download report (PDF)' })).toBeVisible();
  const fhirButton = page.getByRole('button', { name: 'Download for other apps (FHIR)' });
  await expect(fhirButton).toHaveAccessibleDescription(/FHIR R4 file in India's ABDM format/);
  const [download] = await Promise.all([page.waitForEvent('download'), fhirButton.click()]);
  expect(download.suggestedFilename()).toBe(`report-${id}.fhir.json`);
  const bundle = JSON.parse(readFileSync((await download.path())!, 'utf8')) as { resourceType: string; type: string; entry: Array<{ resource: { resourceType: string; code?: { coding?: Array<{ code: string }> }; valueQuantity?: { value: number; unit: string } } }> };
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
});
