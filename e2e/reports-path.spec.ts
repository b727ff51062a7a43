// The whole path of a test report in the browser: a patient books a CBC, staff collect the sample, a
// technician enters the results (one high, one critical) seeing units, intervals and flags as typed,
// a different pathologist releases, the patient gets the "report is ready" e-mail, sees "Report ready"
// on the dashboard and downloads the PDF (its text holds the values, units, intervals and flags),
// /verify/{code} confirms it. The console offers no "Complete" for the collected visit (its report
// completes it, docs/decisions/046). An amendment waits, shown to a second pathologist who releases
// it; only then does the old code say superseded.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { generate } from 'otplib';
import { PDFParse } from 'pdf-parse';
import { settledAxe } from './support/axe.ts';
import { istDate, logIn, unique } from '../test-support/users.ts';
import { createUser, loginAs, openDate, poster, type TestUser } from './support/fixtures.ts';

const run = promisify(execFile);
const PORT = process.env.E2E_PORT ?? '3100';
const repoRoot = path.resolve(import.meta.dirname, '..');
const server = () => JSON.parse(readFileSync(path.join(tmpdir(), `lab-e2e-${PORT}.json`), 'utf8')) as { databaseUrl: string; outboxDir: string };

const admin = { username: unique('admin_'), password: `Neem-${randomBytes(6).toString('hex')}-Quay` };

type Session = Awaited<ReturnType<typeof logIn>>;

/** a staff member's session past the second step: signed in, authenticator enrolled and confirmed (as the console does) */
async function staffSession(request: APIRequestContext, user: { username: string; password: string }): Promise<Session> {
  const answer = await logIn(poster(request), user);
  const headers = { Authorization: `Bearer ${answer.tokens.access}` };
  const { secret } = (await (await request.post('/api/users/second-factor/enrol/', { headers })).json()) as { secret: string };
  const confirmed = await request.post('/api/users/second-factor/confirm/', { headers, data: { code: await generate({ secret }) } });
  expect(confirmed.status()).toBe(200);
  return { ...answer, tokens: ((await confirmed.json()) as Session).tokens };
}

let adminSession: Session | null = null;
async function adminToken(request: APIRequestContext) {
  adminSession ??= await staffSession(request, admin);
  return adminSession.tokens.access;
}

/** opens `to` signed in with a session made through the API */
async function openAs(page: Page, session: Session, to: string) {
  await page.goto('/favicon.svg');
  await page.evaluate((a) => {
    localStorage.setItem('user', JSON.stringify(a));
    localStorage.setItem('accessToken', a.tokens.access);
    localStorage.setItem('refreshToken', a.tokens.refresh);
  }, session);
  await page.goto(to);
}

/** a registered account given a staff role by the admin, as the console does */
async function staffMember(request: APIRequestContext, role: string, names: { first_name: string; last_name: string }, extra: object = {}): Promise<TestUser> {
  const user = await createUser(request, names);
  const res = await request.post('/api/staff/accounts', { headers: { Authorization: `Bearer ${await adminToken(request)}` }, data: { username: user.username, staff_role: role, ...extra } });
  expect(res.status()).toBe(201);
  return user;
}

async function pdfText(file: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(file) });
  try {
    return (await parser.getText()).text.normalize('NFKC');
  } finally {
    await parser.destroy();
  }
}

test.beforeAll(async () => {
  const { stdout } = await run('npm', ['run', '--silent', 'staff:create', '--', '--username', admin.username, '--email', `${admin.username}@example.com`, '--first-name', 'Asha', '--last-name', 'Kapoor'], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: server().databaseUrl, STAFF_PASSWORD: admin.password, JWT_SECRET: 'e2e-cli-secret-e2e-cli-secret-e2e-cli-0', LOG_LEVEL: 'silent' },
    timeout: 60_000,
  });
  expect(stdout).toContain(`Created staff account "${admin.username}"`);
});

test('book → collect → enter a CBC → another pathologist releases → e-mail, dashboard, PDF → verify → amend', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const technician = await staffMember(request, 'technician', { first_name: 'Tara', last_name: 'Singh' });
  const releaser = await staffMember(request, 'pathologist', { first_name: 'Kavita', last_name: 'Menon' }, { qualification: 'MD (Pathology)', registration_no: 'RMC-20931' });
  const amender = await staffMember(request, 'pathologist', { first_name: 'Anil', last_name: 'Sharma' }, { qualification: 'DCP, DNB (Pathology)', registration_no: 'RMC-11870' });
  const patient = await createUser(request, { first_name: 'Ravi', last_name: 'Verma' });

  // The patient books a CBC, giving age and sex; staff collect the sample.
  const patientToken = (await logIn(poster(request), patient)).tokens.access;
  const tests = (await (await request.get('/api/tests/')).json()) as Array<{ id: number; name: string }>;
  const cbc = tests.find((t) => t.name === 'Complete Blood Count (CBC)')!;
  const booked = await request.post('/api/appointments/', {
    headers: { Authorization: `Bearer ${patientToken}` },
    data: { date: openDate(1), time: '10:30', user_name: 'Ravi Verma', user_email: patient.email, user_phone: '9829012345', tests: [cbc.id], patient_age_years: 45, patient_sex: 'male' },
  });
  expect(booked.status()).toBe(201);
  const id = (await booked.json()).id as string;
  for (const status of ['approved', 'sample_collected']) {
    expect((await request.post(`/api/staff/appointments/${id}/status`, { headers: { Authorization: `Bearer ${await adminToken(request)}` }, data: { status } })).status()).toBe(200);
  }

  // The desk sees the collected visit with no "Complete" button: the report's release completes it.
  const deskPage = await (await browser.newContext()).newPage();
  await openAs(deskPage, adminSession!, '/staff');
  await deskPage.getByRole('searchbox', { name: 'Search' }).fill(id);
  const visit = deskPage.getByRole('row', { name: new RegExp(id) });
  await expect(visit.getByRole('cell', { name: 'Sample collected', exact: true })).toBeVisible();
  await expect(visit.getByRole('link', { name: /Completed by its report/ })).toBeVisible();
  await expect(visit.getByRole('button', { name: /Complete/ })).toHaveCount(0);
  await deskPage.context().close();

  // The technician enters the results, seeing the interval and the flag of each as typed.
  const techPage = await (await browser.newContext()).newPage();
  await openAs(techPage, await staffSession(request, technician), '/staff/results');
  await techPage.getByRole('link', { name: 'Ravi Verma' }).first().click();
  await expect(techPage.getByRole('heading', { name: 'Results for Ravi Verma' })).toBeVisible();
  const values: Record<string, string> = {
    Haemoglobin: '14.5', 'Total Leucocyte Count': '13.40', 'RBC Count': '5.00', 'Haematocrit (PCV)': '44.0', MCV: '88.0', MCH: '29.0', MCHC: '33.0',
    'RDW-CV': '13.0', 'Platelet Count': '15', Neutrophils: '60', Lymphocytes: '30', Monocytes: '6', Eosinophils: '3', Basophils: '1',
  };
  for (const [name, value] of Object.entries(values)) await techPage.getByLabel(`${name} (Complete Blood Count (CBC))`).fill(value);
  const row = (name: string) => techPage.getByRole('row').filter({ has: techPage.getByLabel(`${name} (Complete Blood Count (CBC))`) });
  await expect(row('Total Leucocyte Count')).toContainText('4.00 - 10.00');
  await expect(row('Total Leucocyte Count')).toContainText('High');
  await expect(row('Platelet Count')).toContainText('Critical low');
  await expect(row('Haemoglobin')).toContainText('g/dL');
  expect((await settledAxe(techPage)).violations.map((v) => `worksheet: ${v.id}: ${v.help}`)).toEqual([]);
  // A value of the wrong type is refused with a message at its field.
  await techPage.getByLabel('MCV (Complete Blood Count (CBC))').fill('eighty');
  await techPage.getByRole('button', { name: 'Mark final' }).click();
  await expect(techPage.getByText('MCV: enter a number, e.g. 12.5.')).toBeVisible();
  await techPage.getByLabel('MCV (Complete Blood Count (CBC))').fill('88.0');
  await techPage.getByRole('button', { name: 'Mark final' }).click();
  await expect(techPage.getByText('Results marked final: a pathologist can release them.')).toBeVisible();
  await expect(techPage.getByRole('alert').filter({ hasText: 'A critical value needs a call' })).toBeVisible();

  // A different pathologist releases the report.
  const pathPage = await (await browser.newContext()).newPage();
  await openAs(pathPage, await staffSession(request, releaser), `/staff/results/${id}`);
  await pathPage.getByRole('button', { name: 'Release report' }).click();
  await expect(pathPage.getByText('Report released. The patient is told by e-mail.')).toBeVisible();
  await expect(pathPage.getByText('Version 1', { exact: true })).toBeVisible();

  // The e-mail carries the link, not the report.
  const outbox = server().outboxDir;
  // .eml bodies are quoted-printable: soft line breaks undone before looking for the link.
  const reportMail = () =>
    readdirSync(outbox)
      .map((f) => readFileSync(path.join(outbox, f), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '='))
      .find((m) => m.includes('Your report is ready') && m.includes(id));
  await expect.poll(reportMail).toBeTruthy();
  const mail = reportMail()!;
  expect(mail).toContain(`/report/${id}`);
  expect(mail).not.toContain('application/pdf');

  // The patient sees "Report ready" and downloads the PDF.
  const patientPage = await (await browser.newContext()).newPage();
  await loginAs(patientPage, patient);
  const card = patientPage.getByRole('article').filter({ hasText: 'Complete Blood Count (CBC)' });
  await expect(card.getByText('Report ready')).toBeVisible();
  const [download] = await Promise.all([patientPage.waitForEvent('download'), card.getByRole('button', { name: /Download report/ }).click()]);
  const text = await pdfText(readFileSync((await download.path())!));
  // the readable booking reference, not the appointment id
  const reference = (await booked.json()).reference as string;
  for (const expected of ['Ravi Verma', '45 years / Male', reference, 'Haemoglobin', '14.5', 'g/dL', '13.0 - 17.0', '13.40 H', '4.00 - 10.00', '15 L (critical)', '150 - 410', 'Kavita Menon', 'Reg. No. RMC-20931', 'Page 1 of 1', '*** End of report ***']) {
    expect(text).toContain(expected.normalize('NFKC'));
  }
  const code = /Verify: ([A-Z2-9]{8})/.exec(text)![1]!;

  // The QR code's page confirms the report without showing any result.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/verify/${code}`);
  await expect(visitor.getByText('Genuine report: this is the current version.')).toBeVisible();
  await expect(visitor.getByText('R. V.')).toBeVisible();
  await expect(visitor.getByText('13.40')).toHaveCount(0);
  expect((await settledAxe(visitor)).violations.map((v) => `verify: ${v.id}: ${v.help}`)).toEqual([]);

  // Another pathologist amends it: the amendment waits, and the released version stays current.
  const amPage = await (await browser.newContext()).newPage();
  await openAs(amPage, await staffSession(request, amender), `/staff/results/${id}`);
  await amPage.getByLabel('Total Leucocyte Count (Complete Blood Count (CBC))').fill('12.40');
  await amPage.getByLabel('Reason for the amendment').fill('Transcription error in the leucocyte count');
  await amPage.getByRole('button', { name: 'Amend report' }).click();
  await expect(amPage.getByText('Amendment saved: another pathologist must release it.')).toBeVisible();
  const waiting = (p: Page) => p.getByRole('region', { name: 'Amendment waiting for release (version 2)' });
  await expect(waiting(amPage).getByText('You entered this amendment: another pathologist must release it.')).toBeVisible();
  await expect(waiting(amPage).getByRole('button', { name: 'Release amendment' })).toHaveCount(0);
  await visitor.reload();
  await expect(visitor.getByText('Genuine report: this is the current version.')).toBeVisible();

  // The pathologist who released the report sees the amendment, old and new values, and releases it.
  await pathPage.reload();
  const pending = waiting(pathPage);
  await expect(pending).toContainText('Entered by Anil Sharma');
  await expect(pending.getByRole('row').filter({ hasText: 'Total Leucocyte Count' })).toContainText('13.40');
  await expect(pending.getByRole('row').filter({ hasText: 'Total Leucocyte Count' })).toContainText('12.40');
  expect((await settledAxe(pathPage)).violations.map((v) => `pending amendment: ${v.id}: ${v.help}`)).toEqual([]);
  await pending.getByRole('button', { name: 'Release amendment' }).click();
  await expect(pathPage.getByText('Amendment released as version 2. The patient is told by e-mail.')).toBeVisible();
  await expect(pathPage.getByText('Version 2', { exact: true })).toBeVisible();
  await visitor.reload();
  await expect(visitor.getByText('Genuine, but superseded: a newer version of this report replaced it.')).toBeVisible();
});

test('an admin edits a parameter interval in the catalogue, and the technician sees it on the worksheet', async ({ page, request }) => {
  await adminToken(request);
  await openAs(page, adminSession!, '/staff/catalogue/parameters');
  await page.getByLabel('Find a test').fill('HbA1c');
  await page.getByLabel('Test', { exact: true }).selectOption({ label: 'HbA1c (Glycated Haemoglobin)' });
  const panel = page.getByRole('region', { name: 'HbA1c', exact: true });
  await expect(panel.getByLabel('Upper')).toHaveValue('5.7');
  await panel.getByLabel('Upper').fill('5.6');
  await panel.getByRole('button', { name: 'Save HbA1c' }).click();
  await expect(panel.getByText('Saved.')).toBeVisible();

  const technician = await staffMember(request, 'technician', { first_name: 'Tara', last_name: 'Singh' });
  const tests = (await (await request.get('/api/tests/')).json()) as Array<{ id: number; name: string }>;
  const booked = await request.post('/api/appointments/', {
    data: { date: openDate(1), time: '11:30', user_name: 'Meena Rao', user_email: 'meena@example.com', user_phone: '9829012345', tests: [tests.find((t) => t.name === 'HbA1c (Glycated Haemoglobin)')!.id], patient_age_years: 60, patient_sex: 'female' },
  });
  const id = (await booked.json()).id as string;
  for (const status of ['approved', 'sample_collected']) await request.post(`/api/staff/appointments/${id}/status`, { headers: { Authorization: `Bearer ${await adminToken(request)}` }, data: { status } });
  await openAs(page, await staffSession(request, technician), `/staff/results/${id}`);
  await expect(page.getByRole('row').filter({ hasText: 'HbA1c' })).toContainText('< 5.6');
  await page.getByLabel('HbA1c (HbA1c (Glycated Haemoglobin))').fill('5.7');
  await expect(page.getByRole('row').filter({ hasText: 'HbA1c' })).toContainText('High');
});

test("a patient's HbA1c over three visits: the staff record each sample's times, and the trends screen charts them with a table", async ({ browser, request }) => {
  test.setTimeout(120_000);
  const technician = await staffMember(request, 'technician', { first_name: 'Tara', last_name: 'Singh' });
  const releaser = await staffMember(request, 'pathologist', { first_name: 'Kavita', last_name: 'Menon' }, { qualification: 'MD (Pathology)', registration_no: 'RMC-20931' });
  const patient = await createUser(request, { first_name: 'Sunita', last_name: 'Desai' });
  const patientToken = (await logIn(poster(request), patient)).tokens.access;
  const [techSession, pathSession] = [await staffSession(request, technician), await staffSession(request, releaser)];
  const staffCall = (session: Session, url: string, data: object, method: 'post' | 'put' = 'post') =>
    request[method](url, { headers: { Authorization: `Bearer ${session.tokens.access}` }, data });
  const tests = (await (await request.get('/api/tests/')).json()) as Array<{ id: number; name: string }>;
  const hba1c = tests.find((t) => t.name === 'HbA1c (Glycated Haemoglobin)')!;
  /** a moment some days ago as a datetime-local field in India shows it */
  const daysAgo = (d: number) => {
    const at = new Date(Date.now() - d * 86_400_000);
    return `${istDate(-d)}T${at.toLocaleTimeString('en-GB', { timeZone: 'Asia/Kolkata', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })}`;
  };
  const visits = [
    { days: 200, value: '7.9' },
    { days: 110, value: '6.8' },
    { days: 20, value: '5.9' },
  ];

  const techPage = await (await browser.newContext()).newPage();
  for (const [n, visit] of visits.entries()) {
    const booked = await request.post('/api/appointments/', {
      headers: { Authorization: `Bearer ${patientToken}` },
      data: { date: openDate(3), time: '09:30', user_name: 'Sunita Desai', user_email: patient.email, user_phone: '9829012345', tests: [hba1c.id], patient_age_years: 52, patient_sex: 'female' },
    });
    const id = (await booked.json()).id as string;
    for (const status of ['approved', 'sample_collected']) expect((await staffCall(techSession, `/api/staff/appointments/${id}/status`, { status })).status()).toBe(200);
    if (n === 0) {
      // The first visit's times through the worksheet, as the technician would correct them.
      await openAs(techPage, techSession, `/staff/results/${id}`);
      await techPage.getByLabel('Collected at (India time)').fill(daysAgo(visit.days));
      await techPage.getByLabel('Received at the lab (India time)').fill(daysAgo(visit.days - 1));
      await techPage.getByRole('button', { name: 'Save sample times' }).click();
      await expect(techPage.getByText('Sample times saved.')).toBeVisible();
    } else {
      const times = { collected_at: daysAgo(visit.days), received_at: daysAgo(visit.days) };
      expect((await staffCall(techSession, `/api/staff/results/${id}/sample`, times, 'put')).status()).toBe(200);
    }
    const sheet = (await (await request.get(`/api/staff/results/${id}`, { headers: { Authorization: `Bearer ${techSession.tokens.access}` } })).json()) as { rows: Array<{ parameter_id: number }> };
    const results = sheet.rows.map((r) => ({ parameter_id: r.parameter_id, value: visit.value }));
    expect((await staffCall(techSession, `/api/staff/results/${id}`, { results, final: true }, 'put')).status()).toBe(200);
    expect((await staffCall(pathSession, `/api/staff/results/${id}/release`, {})).status()).toBe(200);
  }

  // The patient follows the dashboard's link to the trends screen, on a 360 px wide phone.
  const phone = await (await browser.newContext({ viewport: { width: 360, height: 740 } })).newPage();
  await loginAs(phone, patient);
  await phone.getByRole('link', { name: 'Your results over time' }).click();
  const section = phone.getByRole('region', { name: 'HbA1c (%)' });
  await expect(section).toBeVisible();
  await expect(section.getByTestId('trend-chart').locator('canvas')).toBeVisible();
  // The table says what the chart shows, oldest first, with the interval (5.6 or 5.7: another test edits it).
  const rows = section.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(4);
  for (const [n, visit] of visits.entries()) {
    await expect(rows.nth(n + 1)).toContainText(`${visit.value} %`);
    await expect(rows.nth(n + 1)).toContainText(/< 5\.[67]/);
    await expect(rows.nth(n + 1)).toContainText('High');
  }
  // Nothing spills sideways on the phone.
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  expect((await settledAxe(phone)).violations.map((v) => `trends: ${v.id}: ${v.help}`)).toEqual([]);
});
