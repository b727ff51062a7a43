// Find my booking without JavaScript (decision 051): the form posts to the page, and the server answers
// with the booking's bill and, once its report is released, the report beside it; a mistake is said at
// its field, with what was typed kept.
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDb } from '../apps/server/src/db/index.ts';
import { expect, test, weekdayIst } from './support/fixtures.ts';

test.use({ javaScriptEnabled: false });

const PORT = process.env.E2E_PORT ?? '3100';

test('a guest finds the booking with a plain form, sees the error at its field, then the bill and the released report', async ({ page }) => {
  const testId = ((await (await page.request.get('/api/tests/')).json()) as { id: number }[])[0]!.id;
  const res = await page.request.post('/api/appointments/', {
    data: { date: weekdayIst(3), time: '12:00', user_name: 'Meera Joshi', user_email: 'meera.nojs@example.com', user_phone: '9829012399', tests: [testId], home_sample: false },
  });
  expect(res.status()).toBe(201);
  const booked = (await res.json()) as { id: string; reference: string };

  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/find-booking');
  await expect(page.getByRole('heading', { level: 1, name: 'Find my booking' })).toBeVisible();
  await expect(page.getByText('This page needs JavaScript')).toHaveCount(0);
  const form = page.getByRole('form', { name: 'Find my booking' });

  await form.getByLabel('Booking reference').fill('LC-0000-00');
  await form.getByLabel('Phone number or e-mail').fill('9829012399');
  await form.getByRole('button', { name: 'Find my booking' }).click();
  await expect(form.getByText('Enter the booking reference as it appears in your e-mail, e.g. LC-7K4M-Q2.')).toBeVisible();
  await expect(form.getByLabel('Booking reference')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByLabel('Phone number or e-mail')).toHaveValue('9829012399');

  const find = async () => {
    await form.getByLabel('Booking reference').fill(booked.reference.toLowerCase());
    await form.getByLabel('Phone number or e-mail').fill('meera.nojs@example.com');
    await form.getByRole('button', { name: 'Find my booking' }).click();
    await expect(page.getByRole('heading', { level: 2, name: `Booking ${booked.reference}` })).toBeVisible();
  };
  await find();
  await expect(page.getByRole('link', { name: 'Open the bill' })).toHaveAttribute('href', `/bill/${booked.id}`);
  await expect(page.getByRole('link', { name: 'Open the report' })).toHaveCount(0);

  // The pathologist releases the report (written here straight into the server's database).
  const { databaseUrl } = JSON.parse(readFileSync(path.join(tmpdir(), `lab-e2e-${PORT}.json`), 'utf8')) as { databaseUrl: string };
  const database = await createDb(databaseUrl);
  try {
    await database.db
      .insertInto('reports')
      .values({ appointment_id: booked.id, version: 1, status: 'released', released_by: null, released_at: new Date().toISOString(), amendment_reason: null, snapshot_json: '{}', verification_code: `NJ${Date.now()}`, superseded_at: null })
      .execute();
  } finally {
    await database.close();
  }
  await find();
  await expect(page.getByText('Your report is ready.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open the bill' })).toHaveAttribute('href', `/bill/${booked.id}`);
  await expect(page.getByRole('link', { name: 'Open the report' })).toHaveAttribute('href', `/report/${booked.id}`);
});
