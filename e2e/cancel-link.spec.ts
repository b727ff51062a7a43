// The reminder's cancel link (docs/operations.md#e-mail-delivery): opened signed out on any phone, /cancel/{token} shows the
// booking, asks for confirmation in a dialog (keeping it changes nothing), cancels, and then says the
// link has been used; a tampered link is refused with words for a person.
import { CANCEL_LINK_INVALID, CANCEL_LINK_OUT_OF_DATE, CANCEL_LINK_USED } from '@lab/contract';
import { makeCancelToken } from '../apps/server/src/modules/cancel-links/token.ts';
import { settledAxe } from './support/axe.ts';
import { expect, test, weekdayIst } from './support/fixtures.ts';

/** the e2e server's secret (e2e-server.mjs): the reminder e-mail goes out only the evening before, so the test signs the link itself */
const E2E_SECRET = 'e2e-secret-e2e-secret-e2e-secret-e2e-00';


test('the cancel link shows the booking, cancels it after confirmation, and cannot be used again', async ({ page }) => {
  const testId = ((await (await page.request.get('/api/tests/')).json()) as { id: number }[])[0]!.id;
  const res = await page.request.post('/api/appointments/', {
    data: { date: weekdayIst(3), time: '10:30', user_name: 'Nila Raman', user_email: 'nila.raman@example.com', user_phone: '9829012345', tests: [testId], home_sample: false },
  });
  expect(res.status()).toBe(201);
  const booked = (await res.json()) as { id: string; reference: string };
  const token = makeCancelToken(E2E_SECRET, { id: booked.id, date: weekdayIst(3), time: '10:30' });

  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`/cancel/${token}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Cancel your appointment' })).toBeVisible();
  await expect(page.getByText(booked.reference, { exact: true })).toBeVisible();
  await expect(page.getByText('At the centre')).toBeVisible();
  expect((await settledAxe(page)).violations).toEqual([]);

  const cancel = page.getByRole('button', { name: 'Cancel this appointment' });
  await cancel.click();
  const dialog = page.getByRole('dialog', { name: `Cancel appointment ${booked.reference}?` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Keep it' }).click();
  await expect(dialog).toBeHidden();
  await expect(cancel).toBeFocused();

  await cancel.click();
  await dialog.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Your appointment ${booked.reference} is cancelled.` })).toBeVisible();
  await expect(cancel).toBeHidden();
  expect(await (await page.request.get(`/api/cancel-links/${token}/`)).json()).toMatchObject({ status: 'cancelled' });

  // Opened again: the link has been used.
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: CANCEL_LINK_USED })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel this appointment' })).toHaveCount(0);

  // A link someone changed is refused.
  await page.goto(`/cancel/${token.slice(0, -1)}${token.endsWith('0') ? '1' : '0'}`);
  await expect(page.getByRole('alert')).toHaveText(CANCEL_LINK_INVALID);
});

test('a link made before the visit was moved says it is out of date, in the page language', async ({ page, context, baseURL }) => {
  const testId = ((await (await page.request.get('/api/tests/')).json()) as { id: number }[])[0]!.id;
  const res = await page.request.post('/api/appointments/', {
    data: { date: weekdayIst(4), time: '11:00', user_name: 'Nila Raman', user_email: 'nila.moved@example.com', user_phone: '9829012345', tests: [testId], home_sample: false },
  });
  expect(res.status()).toBe(201);
  const booked = (await res.json()) as { id: string };
  // signed for the slot the reminder named before the visit moved to 11:00
  const token = makeCancelToken(E2E_SECRET, { id: booked.id, date: weekdayIst(4), time: '09:30' });

  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`/cancel/${token}`);
  await expect(page.getByRole('alert')).toHaveText(CANCEL_LINK_OUT_OF_DATE);
  await expect(page.getByRole('button', { name: 'Cancel this appointment' })).toHaveCount(0);

  await context.addCookies([{ name: 'lang', value: 'hi', url: baseURL! }]);
  await page.reload();
  await expect(page.getByRole('alert')).toContainText('यह लिंक पुराना हो चुका है');
  expect(await (await page.request.get(`/api/cancel-links/${makeCancelToken(E2E_SECRET, { id: booked.id, date: weekdayIst(4), time: '11:00' })}/`)).json()).toMatchObject({ status: 'booked', refusal: null });
});
