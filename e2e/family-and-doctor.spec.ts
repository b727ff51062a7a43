// A household and its doctor on a phone (docs/families-and-doctors.md): the holder adds a parent in the
// dashboard's "Family members" (confirming the parent agreed to the notice), books a visit for the parent
// naming the referring doctor picked by typing a few letters, with the tick that the doctor gets the
// report, and one for themselves with another test; staff release both reports; the holder switches to
// the parent and downloads the parent's report (it prints "Referred by Dr …"); the doctor opens the
// e-mailed one-time link and sees that report only.
import { readFileSync } from 'node:fs';
import { PDFParse } from 'pdf-parse';
import { agreeToNotice, chooseSlot, createUser, expect, loginAs, openDate, spreadVisit, test } from './support/fixtures.ts';
import { lastMailTo } from './support/outbox.ts';
import { createDeskAccount, staffWithRole } from './support/staff.ts';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

async function pdfText(file: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(file) });
  try {
    return (await parser.getText()).text.normalize('NFKC');
  } finally {
    await parser.destroy();
  }
}

test('the holder books for a parent, the parent’s report is theirs to switch to, and the doctor sees only it', async ({ page, request }) => {
  test.setTimeout(180_000);
  const desk = await createDeskAccount(request);
  const [technician, pathologist] = [await staffWithRole(request, desk, 'technician'), await staffWithRole(request, desk, 'pathologist', { qualification: 'MD (Pathology)', registration_no: 'RMC-20931' })];
  const doctorEmail = `dr.ira.${Date.now()}@clinic.example`;
  const made = await request.post('/api/staff/doctors', {
    headers: { Authorization: `Bearer ${desk.access}` },
    data: { name: 'Dr Iravati Kulkarni', qualification: 'MD (Medicine)', registration_no: `MMC-${Date.now()}`, council: 'Maharashtra Medical Council', clinic: 'Kulkarni Clinic', email: doctorEmail },
  });
  expect(made.status()).toBe(201);

  const holder = await createUser(request, { first_name: 'Rohan', last_name: 'Joshi' });
  await loginAs(page, holder);
  const family = page.getByRole('region', { name: 'Family members' });
  await family.getByRole('button', { name: 'Add a family member' }).click();
  await family.getByLabel('Name').fill('Vimala Joshi');
  await family.getByLabel('Relation to you').selectOption('parent');
  await family.getByLabel('Born on').fill('1956-02-14');
  await family.getByLabel('Sex').selectOption('female');
  await family.getByRole('checkbox', { name: /They have read the privacy notice/ }).check();
  await family.getByRole('button', { name: 'Save member' }).click();
  await expect(family.getByText('Family member saved.')).toBeVisible();
  await expect(family.getByText(/Vimala Joshi/)).toBeVisible();

  // The parent's visit, naming the doctor by a few letters, with the tick.
  await page.goto('/Appointment');
  await expect(page.locator('main')).toHaveAttribute('data-hydrated', 'true');
  const form = page.getByRole('form', { name: 'Your details' });
  const search = page.getByRole('combobox', { name: 'Search tests' });
  await search.click();
  await search.fill('hba1c');
  await page.getByRole('option', { name: /^HbA1c/ }).click();
  await form.getByLabel('Booking for').selectOption({ label: 'Vimala Joshi' });
  await expect(form.getByLabel('Name', { exact: true })).toHaveValue('Vimala Joshi');
  await form.getByLabel('Date').fill(openDate(7));
  await chooseSlot(form, '11:30');
  await form.getByLabel('Phone').fill('98220 11111');
  await form.getByLabel('Referring doctor (optional)').fill('irav');
  await form.getByRole('button', { name: /Dr Iravati Kulkarni/ }).click();
  await form.getByRole('checkbox', { name: /Send my report to this doctor/ }).check();
  await agreeToNotice(page);
  await form.getByRole('button', { name: 'Book Now' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your appointment is booked' })).toBeVisible();

  // The holder's own visit, another test (through the API, as an older client books).
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const tests = (await (await request.get('/api/tests/')).json()) as Array<{ id: number; name: string }>;
  const own = await request.post('/api/appointments/', {
    headers: { Authorization: `Bearer ${token}` },
    data: { ...spreadVisit(3, 6, { morningOnly: true }), user_name: 'Rohan Joshi', user_email: holder.email, user_phone: '9822011111', tests: [tests.find((x) => x.name.startsWith('Fasting Blood Sugar'))!.id], patient_age_years: 38, patient_sex: 'male' },
  });
  expect(own.status()).toBe(201);

  // Staff collect and release both.
  const list = (await (await request.get('/api/users/userappointments/', { headers: { Authorization: `Bearer ${token}` } })).json()) as Array<{ id: string; member_id?: number | null }>;
  expect(list).toHaveLength(2);
  for (const a of list) {
    for (const status of ['approved', 'sample_collected']) expect((await request.post(`/api/staff/appointments/${a.id}/status`, { headers: { Authorization: `Bearer ${desk.access}` }, data: { status } })).status()).toBe(200);
    const rows = ((await (await request.get(`/api/staff/results/${a.id}`, { headers: { Authorization: `Bearer ${technician}` } })).json()) as { rows: Array<{ parameter_id: number }> }).rows;
    const value = a.member_id == null ? '92' : '6.1';
    const entered = await request.put(`/api/staff/results/${a.id}`, { headers: { Authorization: `Bearer ${technician}` }, data: { results: rows.map((r) => ({ parameter_id: r.parameter_id, value })), final: true } });
    expect(entered.status(), await entered.text()).toBe(200);
    const released = await request.post(`/api/staff/results/${a.id}/release`, { headers: { Authorization: `Bearer ${pathologist}` } });
    expect(released.status(), await released.text()).toBe(200);
  }
  const parents = list.find((a) => a.member_id != null)!;

  // The holder switches to the parent and downloads the parent's report.
  await page.goto('/UserDashboard');
  await page.getByLabel('Whose appointments and reports').selectOption({ label: 'Vimala Joshi' });
  const cards = page.getByRole('list', { name: 'Appointments' }).locator(':scope > li');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('For Vimala Joshi');
  const [download] = await Promise.all([page.waitForEvent('download'), cards.first().getByRole('button', { name: /Download report/ }).click()]);
  const text = await pdfText(readFileSync((await download.path())!));
  expect(text).toContain('Vimala Joshi');
  expect(text).toContain('Referred by Dr Iravati Kulkarni');

  // The doctor opens the e-mailed link and sees that report only.
  const mail = await lastMailTo(doctorEmail, /report of your patient/);
  const link = /(https?:\/\/\S+\/doctor#token=[\w%-]+)/.exec(mail.text)![1]!;
  const doctorPage = await page.context().newPage();
  await doctorPage.goto(new URL(link).pathname + new URL(link).hash);
  await expect(doctorPage.getByText('Signed in as Dr Iravati Kulkarni.')).toBeVisible();
  const shared = doctorPage.getByRole('region', { name: 'Reports shared with you' }).locator('ul > li');
  await expect(shared).toHaveCount(1);
  await expect(shared.first()).toContainText('Vimala Joshi');
  await expect(doctorPage.getByText('Rohan Joshi')).toHaveCount(0);
  expect(parents.id).toBeTruthy();
});
