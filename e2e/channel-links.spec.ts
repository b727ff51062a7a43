// Every link a WhatsApp or SMS message carries (docs/messaging.md), opened signed out on a phone-sized
// screen, shows what the message says it leads to: the confirmation's "View booking" the bill, the
// reminder's "Cancel booking" the visit with its cancel button, "View report" the report to download,
// and, once the patient has moved the visit, the reminder's new link the new time while the old one says
// it is out of date. The confirmation and the report's message are the ones the server wrote to its
// channel outbox; the reminder goes the evening before, so it is composed here by the server's own code
// with the e2e server's secret, as its job will be then.
import { randomInt } from 'node:crypto';
import { CANCEL_LINK_OUT_OF_DATE, privacyNotice, whatsappNotice } from '@lab/contract';
import type { APIRequestContext } from '@playwright/test';
import { createDb } from '../apps/server/src/db/index.ts';
import type { Deps } from '../apps/server/src/lib/context.ts';
import { composePhoneReminder, queuePhoneMessages } from '../apps/server/src/modules/messaging/channels/phone-queue.ts';
import { messageText } from '../apps/server/src/modules/messaging/channels/templates.ts';
import { reminderDue } from '../apps/server/src/modules/messaging/queue.ts';
import type { ReportSnapshot } from '../apps/server/src/modules/reports/snapshot.ts';
import { logIn } from '../test-support/users.ts';
import { e2eServer, outboxMessage } from './support/channels.ts';
import { createUser, expect, openDate, poster, test } from './support/fixtures.ts';

const PORT = process.env.E2E_PORT ?? '3100';
/** the e2e server's address as its messages write it (e2e-server.mjs sets no PUBLIC_URL) and its secret */
const PUBLIC_URL = `http://localhost:${PORT}`;
const E2E_SECRET = 'e2e-secret-e2e-secret-e2e-secret-e2e-00';

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

/** the one link in a message's text (the WhatsApp button's URL; the SMS ends with it) */
function linkIn(text: string): string {
  const links = text.match(/https?:\/\/\S+/g) ?? [];
  expect(links, text).toHaveLength(1);
  expect(links[0]!.startsWith(`${PUBLIC_URL}/`)).toBe(true);
  return links[0]!;
}

/** books with WhatsApp and SMS beside e-mail: as a guest, or as the member whose token is given */
async function book(request: APIRequestContext, input: { date: string; time: string; tests: number[]; access?: string; email: string }) {
  const national = `9${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;
  const res = await request.post('/api/appointments/', {
    headers: input.access ? { Authorization: `Bearer ${input.access}` } : {},
    data: {
      date: input.date,
      time: input.time,
      user_name: 'Kiran Joshi',
      user_email: input.email,
      user_phone: national,
      tests: input.tests,
      home_sample: false,
      ...(input.access ? { booking_for: 'self', consent: { notice_version: privacyNotice.version, purposes: ['service'] } } : {}),
      channels: ['email', 'whatsapp', 'sms'],
      whatsapp_opt_in: { notice_version: whatsappNotice.version },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { id, reference } = (await res.json()) as { id: string; reference: string };
  return { id, reference, phone: `+91${national}` };
}

/** the reminder's WhatsApp and SMS texts as their jobs compose them on the evening before the visit */
async function reminderTexts(appointmentId: string): Promise<string[]> {
  const database = await createDb(e2eServer().databaseUrl);
  try {
    const { db } = database;
    const visit = await db.selectFrom('appointments').select('date').where('id', '=', appointmentId).executeTakeFirstOrThrow();
    const jobs = await db.selectFrom('mail_jobs').selectAll().where('appointment_id', '=', appointmentId).where('kind', '=', 'reminder').where('channel', '<>', 'email').orderBy('channel').execute();
    expect(jobs.map((j) => j.channel)).toEqual(['sms', 'whatsapp']);
    const texts: string[] = [];
    for (const job of jobs) {
      const composed = await composePhoneReminder({ db, config: { jwtSecret: E2E_SECRET } as Deps['config'], now: () => reminderDue(visit.date) }, job);
      if (!('message' in composed)) throw new Error(`no reminder: ${JSON.stringify(composed)}`);
      texts.push(messageText(composed.message, PUBLIC_URL));
    }
    return texts;
  } finally {
    await database.close();
  }
}

/** releases a report for the visit straight into the server's database, and queues its "report ready" messages as the release does */
async function releaseReport(appointmentId: string, reference: string): Promise<void> {
  const snapshot: ReportSnapshot = {
    lab: { name: 'Lab Centre Diagnostics', address: ['MI Road', 'Jaipur 302001'], phone: '+91 141 236 7890', email: 'info@lab.example' },
    patient: { name: 'Kiran Joshi', age: '41 years', sex: 'female', booking_id: appointmentId, booking_reference: reference },
    collected_at: new Date().toISOString(),
    received_at: new Date().toISOString(),
    released_at: new Date().toISOString(),
    version: 1,
    verification_code: `CL${Date.now()}`,
    amendment_reason: null,
    pathologist: { name: 'Kavita Menon', qualification: 'MD (Pathology)', registration_no: 'RMC-20931' },
    tests: [{ name: 'Complete Blood Count (CBC)', sample_type: 'Whole blood (EDTA)', rows: [{ name: 'Haemoglobin', value: '13.1', unit: 'g/dL', interval: '12-15', flag: null, method: 'Photometry' }] }],
  };
  const database = await createDb(e2eServer().databaseUrl);
  try {
    await database.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('reports')
        .values({ appointment_id: appointmentId, version: 1, status: 'released', released_by: null, released_at: snapshot.released_at, amendment_reason: null, snapshot_json: JSON.stringify(snapshot), verification_code: snapshot.verification_code, superseded_at: null })
        .execute();
      await queuePhoneMessages(trx, new Date(), appointmentId, 'report-ready');
    });
  } finally {
    await database.close();
  }
}

test("a guest's links from WhatsApp and SMS open the bill, the cancel page and the report, signed out on a phone", async ({ page, request }) => {
  const tests = (await (await request.get('/api/tests/')).json()) as Array<{ id: number; name: string }>;
  const cbc = tests.find((t) => t.name === 'Complete Blood Count (CBC)')!.id;
  const date = openDate(6);
  const guest = await book(request, { date, time: '10:30', tests: [cbc], email: `kiran.links.${Date.now()}@example.com` });

  // The confirmation: "View booking" on WhatsApp and the link in the SMS lead to the same bill.
  const whatsapp = await outboxMessage('whatsapp', 'booking-confirmation', guest.phone);
  const sms = await outboxMessage('sms', 'booking-confirmation', guest.phone);
  const bill = linkIn(whatsapp.text);
  expect(linkIn(sms.text)).toBe(bill);
  expect(new URL(bill).pathname).toBe(`/bill/${guest.id}`);
  await page.goto(bill);
  const invoice = page.getByRole('article', { name: 'Invoice' });
  await expect(invoice).toBeVisible();
  await expect(invoice.getByText(guest.reference, { exact: true })).toBeVisible();
  await expect(invoice.getByRole('row', { name: /^Complete Blood Count \(CBC\)/ })).toBeVisible();
  // a phone's width: nothing runs off the side
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // The reminder: "Cancel booking" opens the visit with its cancel button.
  const [smsReminder, whatsappReminder] = await reminderTexts(guest.id);
  const cancel = linkIn(whatsappReminder!);
  expect(linkIn(smsReminder!)).toBe(cancel);
  expect(new URL(cancel).pathname).toMatch(/^\/cancel\/.+/);
  await page.goto(cancel);
  await expect(page.getByRole('heading', { level: 1, name: 'Cancel your appointment' })).toBeVisible();
  await expect(page.getByText(guest.reference, { exact: true })).toBeVisible();
  await expect(page.getByText(/^\w{3}, \d{1,2} \w{3} \d{4} at 10:30$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel this appointment' })).toBeVisible();

  // "Report ready": "View report" downloads the released report.
  await releaseReport(guest.id, guest.reference);
  const ready = await outboxMessage('whatsapp', 'report-ready', guest.phone);
  expect(ready.text).not.toContain('13.1');
  const report = linkIn(ready.text);
  expect(linkIn((await outboxMessage('sms', 'report-ready', guest.phone)).text)).toBe(report);
  expect(new URL(report).pathname).toBe(`/report/${guest.id}`);
  await page.goto(report);
  await expect(page.getByRole('heading', { level: 1, name: 'Your test report' })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download report (PDF)' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
  await expect(page.getByText('Your report is downloaded.')).toBeVisible();
});

test("after a member moves the visit, the reminder's new link shows the new time and the old one says it is out of date", async ({ page, request }) => {
  const tests = (await (await request.get('/api/tests/')).json()) as Array<{ id: number; name: string }>;
  const cbc = tests.find((t) => t.name === 'Complete Blood Count (CBC)')!.id;
  const user = await createUser(request, { first_name: 'Kiran', last_name: 'Joshi' });
  const { tokens } = await logIn(poster(request), user);
  const booked = await book(request, { date: openDate(8), time: '09:30', tests: [cbc], access: tokens.access, email: user.email });
  const before = linkIn((await reminderTexts(booked.id))[1]!);

  const moved = await request.post(`/api/appointments/${booked.id}/reschedule/`, { headers: { Authorization: `Bearer ${tokens.access}` }, data: { new_date: openDate(9), new_time: '11:30' } });
  expect(moved.status(), await moved.text()).toBe(200);
  const [smsAfter, whatsappAfter] = await reminderTexts(booked.id);
  const after = linkIn(whatsappAfter!);
  expect(linkIn(smsAfter!)).toBe(after);
  expect(after).not.toBe(before);

  await page.goto(after);
  await expect(page.getByRole('heading', { level: 1, name: 'Cancel your appointment' })).toBeVisible();
  await expect(page.getByText(booked.reference, { exact: true })).toBeVisible();
  await expect(page.getByText(/^\w{3}, \d{1,2} \w{3} \d{4} at 11:30$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel this appointment' })).toBeVisible();

  await page.goto(before);
  await expect(page.getByRole('alert')).toHaveText(CANCEL_LINK_OUT_OF_DATE);
  await expect(page.getByRole('button', { name: 'Cancel this appointment' })).toHaveCount(0);
});
