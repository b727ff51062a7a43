// The TAT report on a phone (docs/samples.md, decision 072): a visit's container received at the bench and
// its report released; a technician opens Samples → TAT report at 360 px, picks the test and sees this
// week's row (released, median, 90th percentile, on time), with the way to the overdue queue; axe passes.
import { type APIResponse, devices } from '@playwright/test';
import { settledAxe } from './support/axe.ts';
import { expect, openDate, test } from './support/fixtures.ts';
import { consoleAccountWithRole, createDeskAccount, signInToConsole, staffWithRole } from './support/staff.ts';

const { defaultBrowserType: _browser, ...phone } = devices['Pixel 7'];
test.use({ ...phone, viewport: { width: 360, height: 740 } });

test('a released report counts in the TAT report, read on a phone', async ({ page, request }) => {
  test.setTimeout(120_000);
  const desk = await createDeskAccount(request, {
    first: 'Leela',
    last: 'Nair',
  });
  const technician = await consoleAccountWithRole(request, desk, 'technician');
  const pathologist = await staffWithRole(request, desk, 'pathologist', { qualification: 'MD (Pathology)', registration_no: 'RMC-20931' });
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });
  const ok = async (res: APIResponse, status = 200) => {
    expect(res.status(), `${res.url()}: ${await res.text()}`).toBe(status);
    return res.json();
  };
  const tests = (await ok(await request.get('/api/tests/'))) as Array<{ id: number; name: string }>;
  const uric = tests.find((t) => t.name === 'Uric Acid')!;
  const data = { date: openDate(2), time: '10:00', user_name: 'Gopal Iyer', user_email: 'gopal.tat@example.com', user_phone: '9829012345', tests: [uric.id], patient_age_years: 52, patient_sex: 'male' };
  const id = ((await ok(await request.post('/api/appointments/', { data }), 201)) as { id: string }).id;
  await ok(await request.post(`/api/staff/appointments/${id}/status`, { headers: as(desk.access), data: { status: 'approved' } }));
  const collected = (await ok(await request.post(`/api/staff/samples/appointments/${id}/collect`, { headers: as(desk.access), data: {} }))) as { samples: Array<{ accession: string }> };
  await ok(await request.post('/api/staff/samples/receive', { headers: as(technician.access), data: { accession: collected.samples[0]!.accession } }));
  const rows = ((await ok(await request.get(`/api/staff/results/${id}`, { headers: as(technician.access) }))) as { rows: Array<{ parameter_id: number }> }).rows;
  await ok(await request.put(`/api/staff/results/${id}`, { headers: as(technician.access), data: { results: rows.map((r) => ({ parameter_id: r.parameter_id, value: '5.0' })), final: true } }));
  await ok(await request.post(`/api/staff/results/${id}/release`, { headers: as(pathologist) }));

  await signInToConsole(page, technician, '/staff/samples/tat');
  await expect(page.getByRole('heading', { name: 'Turnaround time per test and week' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Turnaround queue' })).toHaveAttribute('href', '/staff/samples/turnaround');
  await page.getByLabel('Test', { exact: true }).selectOption({ label: 'Uric Acid' });
  const table = page.getByRole('table', {
    name: 'Turnaround of Uric Acid per week',
  });
  await expect(table).toBeVisible();
  // released minutes after receipt, well within its promise
  const row = table.getByRole('row').nth(1);
  await expect(row.getByRole('cell').nth(1)).toHaveText('15 min');
  await expect(row.getByRole('cell').nth(3)).toContainText('(100 %)');
  await expect(page.getByText('Loading the TAT report...')).toHaveCount(0);
  const { violations } = await settledAxe(page);
  expect(violations.map((v) => `${v.id}: ${v.help} -> ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  // nothing spills sideways on the phone: the page is no wider than the screen
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
