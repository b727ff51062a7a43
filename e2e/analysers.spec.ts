// Results from an analyser in the browser (docs/analysers.md): the XN-1000's CBC for a drawn container
// arrives over MLLP (sent here as the simulator sends it, through @medplum/hl7's client); the
// technician sees every value marked "from analyser XN-1000" on the worksheet and marks them final; a
// pathologist releases. The Analysers screen shows the container's message with our AA answer.
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Hl7Message } from '@medplum/core';
import { Hl7Client } from '@medplum/hl7';
import { prepareMessage } from '../apps/server/src/modules/analysers/simulator.ts';
import { XN_1000_CODES } from '../test-support/analysers.ts';
import { settledAxe } from './support/axe.ts';
import { expect, openDate, test } from './support/fixtures.ts';
import { consoleAccountWithRole, createDeskAccount, signInToConsole } from './support/staff.ts';

const PORT = process.env.E2E_PORT ?? '3100';
const analyserPort = () => (JSON.parse(readFileSync(path.join(tmpdir(), `lab-e2e-${PORT}.json`), 'utf8')) as { analyserPort: number }).analyserPort;


test('a CBC from the analyser is reviewed and marked final by a technician and released by a pathologist', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const desk = await createDeskAccount(request);
  const technician = await consoleAccountWithRole(request, desk, 'technician', {}, { first_name: 'Tara', last_name: 'Singh' });
  const pathologist = await consoleAccountWithRole(request, desk, 'pathologist', { qualification: 'MD (Pathology)', registration_no: 'RMC-20931' });
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });

  const tests = (await (await request.get('/api/tests/')).json()) as Array<{ id: number; name: string }>;
  const cbc = tests.find((t) => t.name === 'Complete Blood Count (CBC)')!;
  const booked = await request.post('/api/appointments/', {
    data: { date: openDate(3), time: '09:00', user_name: 'Harish Venkatesan', user_email: 'harish.analyser@example.com', user_phone: '9829012399', tests: [cbc.id], patient_age_years: 52, patient_sex: 'male' },
  });
  expect(booked.status()).toBe(201);
  const id = (await booked.json()).id as string;
  expect((await request.post(`/api/staff/appointments/${id}/status`, { headers: as(desk.access), data: { status: 'approved' } })).status()).toBe(200);
  const drawn = await request.post(`/api/staff/samples/appointments/${id}/collect`, { headers: as(desk.access), data: {} });
  expect(drawn.status()).toBe(200);
  const accession = ((await drawn.json()) as { samples: Array<{ accession: string }> }).samples[0]!.accession;

  // the lab's mapping of the XN-1000's codes (haemoglobin comes in g/L; IG% is not reported)
  const params = (await (await request.get(`/api/staff/tests/${cbc.id}/parameters`, { headers: as(technician.access) })).json()) as Array<{ id: number; name: string }>;
  for (const [code, name] of Object.entries(XN_1000_CODES)) {
    const body = { state: 'mapped', parameter_id: params.find((p) => p.name === name)!.id, ...(code === 'HGB' ? { unit: 'g/L', factor: 0.1 } : {}) };
    expect((await request.put(`/api/staff/analysers/XN-1000/codes/${encodeURIComponent(code)}`, { headers: as(pathologist.access), data: body })).status()).toBe(200);
  }
  expect((await request.put(`/api/staff/analysers/XN-1000/codes/${encodeURIComponent('IG%')}`, { headers: as(pathologist.access), data: { state: 'ignored' } })).status()).toBe(200);

  // the analyser sends the container's CBC
  const template = readFileSync(path.resolve(import.meta.dirname, '../apps/server/analyser-samples/cbc-xn1000.hl7'), 'utf8');
  const client = new Hl7Client({ host: '127.0.0.1', port: analyserPort() });
  try {
    const ack = await client.sendAndWait(Hl7Message.parse(prepareMessage(template, { accession, patientName: 'Venkatesan^Harish' })), { timeoutMs: 15_000 });
    expect(ack.getSegment('MSA')!.getField(1).toString()).toBe('AA');
  } finally {
    await client.close();
  }

  // the technician reviews: every value from the analyser, with the platelets flagged low
  const tech = await (await browser.newContext()).newPage();
  await signInToConsole(tech, technician, `/staff/results/${id}`);
  await expect(tech.getByText('from analyser XN-1000', { exact: false })).toHaveCount(14);
  // the rows stand under their tube: the container, its accession number, whether the bench has it
  await expect(tech.getByRole('columnheader', { name: `EDTA (lavender top) · ${accession} · not received yet` })).toBeVisible();
  await expect(tech.getByRole('textbox', { name: 'Haemoglobin (Complete Blood Count (CBC))' })).toHaveValue('14.5');
  await expect(tech.getByRole('textbox', { name: 'Platelet Count (Complete Blood Count (CBC))' })).toHaveValue('138');
  await tech.getByRole('button', { name: 'Mark final' }).click();
  await expect(tech.getByText('Results marked final: a pathologist can release them.')).toBeVisible();
  // a technician cannot release
  await expect(tech.getByRole('button', { name: 'Release report' })).toHaveCount(0);

  // the pathologist releases, then finds what the machine sent for the container
  const doctor = await (await browser.newContext()).newPage();
  await signInToConsole(doctor, pathologist, `/staff/results/${id}`);
  await doctor.getByRole('button', { name: 'Release report' }).click();
  await expect(doctor.getByText('Report released. The patient is told by e-mail.')).toBeVisible();
  await doctor.getByRole('link', { name: 'Analysers' }).click();
  await expect(doctor.getByRole('heading', { name: 'Codes of XN-1000' })).toBeVisible();
  await expect(doctor.getByRole('table', { name: 'Test codes of XN-1000 and the catalogue\'s parameters they report' }).getByRole('row', { name: /HGB/ })).toContainText('g/L × 0.1');
  await doctor.getByLabel('Accession number (scan the label)').fill(accession.replace('-', ''));
  await doctor.getByRole('button', { name: 'Show its messages' }).click();
  const messages = doctor.getByRole('list', { name: `Messages of container ${accession.replace('-', '')}` });
  await expect(messages.getByText('AA', { exact: true })).toBeVisible();
  await messages.getByText(`container ${accession}`).click();
  await expect(messages.getByText(/OBX\|3\|NM\|HGB/)).toBeVisible();
  expect((await settledAxe(doctor)).violations).toEqual([]);
});
