// The dashboard on a phone (360 × 780): the first screen shows the next visit (its date and slot, Cancel
// and Reschedule) and the latest report (download, trends) with no scrolling; the filters and the rest
// (details and sign-in, family, membership, privacy) are one-line sections below the appointments, so the
// page with them closed is under three phone screens; a section opens on a tap.
import { privacyNotice } from '@lab/contract';
import { settledAxe } from './support/axe.ts';
import { createDb } from '../apps/server/src/db/index.ts';
import type { ReportSnapshot } from '../apps/server/src/modules/reports/snapshot.ts';
import { logIn } from '../test-support/users.ts';
import { e2eServer } from './support/channels.ts';
import { createUser, expect, loginAs, openDate, poster, test } from './support/fixtures.ts';

test.use({ viewport: { width: 360, height: 780 }, hasTouch: true });

/** a visit made done with a released report, straight in the server's database (the staff's release is tested elsewhere) */
async function releasedReport(appointmentId: string, reference: string): Promise<void> {
  const releasedAt = new Date().toISOString();
  const snapshot: ReportSnapshot = {
    lab: { name: 'Lab Centre Diagnostics', address: ['MI Road', 'Jaipur 302001'], phone: '+91 141 236 7890', email: 'info@lab.example' },
    patient: { name: 'Nandini Phone', age: '38 years', sex: 'female', booking_id: appointmentId, booking_reference: reference },
    collected_at: releasedAt,
    received_at: releasedAt,
    released_at: releasedAt,
    version: 1,
    verification_code: `DP${Date.now()}`,
    amendment_reason: null,
    pathologist: { name: 'Kavita Menon', qualification: 'MD (Pathology)', registration_no: 'RMC-20931' },
    tests: [{ name: 'Complete Blood Count (CBC)', sample_type: 'Whole blood (EDTA)', rows: [{ name: 'Haemoglobin', value: '12.8', unit: 'g/dL', interval: '12-15', flag: null, method: 'Photometry' }] }],
  };
  const database = await createDb(e2eServer().databaseUrl);
  try {
    await database.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('reports')
        .values({ appointment_id: appointmentId, version: 1, status: 'released', released_by: null, released_at: releasedAt, amendment_reason: null, snapshot_json: JSON.stringify(snapshot), verification_code: snapshot.verification_code, superseded_at: null })
        .execute();
      await trx.updateTable('appointments').set({ status: 'completed' }).where('id', '=', appointmentId).execute();
    });
  } finally {
    await database.close();
  }
}

test('the first screen shows the next visit and the latest report; the rest folds into a short menu', async ({ page, request }) => {
  const user = await createUser(request, { first_name: 'Nandini', last_name: 'Phone' });
  const token = (await logIn(poster(request), user)).tokens.access;
  const tests = (await (await request.get('/api/tests/')).json()) as Array<{ id: number; name: string }>;
  const cbc = tests.find((x) => x.name === 'Complete Blood Count (CBC)')!.id;
  const book = async (date: string, time: string) => {
    const res = await request.post('/api/appointments/', {
      headers: { Authorization: `Bearer ${token}` },
      data: { date, time, user_name: 'Nandini Phone', user_email: user.email, user_phone: '9829055555', tests: [cbc], home_sample: false, address: '', consent: { notice_version: privacyNotice.version, purposes: ['service'] } },
    });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()) as { id: string; reference: string };
  };
  const done = await book(openDate(2), '12:00');
  const next = await book(openDate(5), '12:30');
  await book(openDate(8), '13:00');
  await releasedReport(done.id, done.reference);

  await loginAs(page, user);
  const card = page.getByRole('article').filter({ hasText: next.reference });
  await expect(card).toBeVisible();
  // No scrolling: the next visit with its slot and actions, and the latest report.
  await expect(card.getByRole('heading', { name: /at 12:30$/ })).toBeInViewport({ ratio: 1 });
  await expect(card.getByRole('button', { name: /^Cancel/ })).toBeInViewport({ ratio: 1 });
  await expect(card.getByRole('button', { name: /^Reschedule/ })).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('button', { name: 'Download the latest report' })).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('link', { name: 'Your results over time' })).toBeInViewport({ ratio: 1 });
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download the latest report' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.pdf$/);

  // The rest are closed sections; the dashboard (the site's footer aside) is under three phone screens.
  const height = await page.locator('main').evaluate((main) => main.getBoundingClientRect().bottom + window.scrollY);
  expect(height).toBeLessThan(3 * 780);
  const details = page.getByRole('region', { name: 'Your details' });
  await expect(details).toBeHidden();
  await page.locator('summary', { hasText: 'Your details and sign-in' }).click();
  await expect(details).toBeVisible();
  await expect(page.getByRole('region', { name: 'Ways to sign in' })).toBeVisible();
  expect((await settledAxe(page, 'main')).violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});
