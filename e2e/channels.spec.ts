// WhatsApp and SMS beside e-mail in the browser (docs/messaging.md): a guest books and ticks the WhatsApp
// opt-in; the booking confirmation goes to WhatsApp (the e2e server has no WhatsApp account, so the
// channel outbox writes it as a JSON file); the provider's "delivered" receipt is played as WhatsApp would
// post it, signed with the app secret; and the front desk's delivery log shows the message delivered
// beside the e-mail. On the run sheet, "On the way" sends the collector's name to the patient's SMS once.
// In the profile, WhatsApp is turned on only through its opt-in; a STOP reply stops it, the patient sees
// when and how, and turns it back on with a new opt-in.
import { randomInt } from 'node:crypto';
import { settledAxe } from './support/axe.ts';
import { outboxMessage, postWhatsAppWebhook, whatsappStatusEvent, whatsappTextEvent } from './support/channels.ts';
import { agreeToNotice, chooseSlot, createUser, expect, loginAs, openDate, test } from './support/fixtures.ts';
import { consoleAccountWithRole, createDeskAccount, signInToConsole } from './support/staff.ts';

test('a guest who opts in to WhatsApp gets the confirmation there, and staff see it delivered', async ({ page, request }) => {
  const national = `9${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;
  const phone = `+91${national}`;
  const name = `Meera Channel ${national.slice(-4).replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}`;

  await page.goto('/Appointment');
  const search = page.getByRole('combobox', { name: 'Search tests' });
  await search.click();
  await search.fill('complete blood');
  await page.getByRole('option', { name: /^Complete Blood Count/ }).first().click();

  const form = page.getByRole('form', { name: 'Your details' });
  await form.getByLabel('Date').fill(openDate(4));
  await chooseSlot(form, '11:00');
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Email').fill(`meera.${national}@example.com`);
  // ten digits typed are read as the Indian mobile they are, shown in E.164 under the field
  await form.getByLabel('Phone').fill(national);
  await expect(form.getByText(`Mobile number +91 ${national.slice(0, 5)} ${national.slice(5)}: SMS and WhatsApp go here.`)).toBeVisible();

  const channels = form.getByRole('group', { name: 'Where should we send messages about this booking?' });
  await expect(channels.getByRole('checkbox', { name: /^E-mail/ })).toBeChecked();
  await expect(channels.getByRole('checkbox', { name: /^E-mail/ })).toBeDisabled();
  const whatsapp = channels.getByRole('checkbox', { name: /on WhatsApp at the mobile number above/ });
  await expect(whatsapp).not.toBeChecked();
  await whatsapp.check();
  await agreeToNotice(page);

  const posted = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/appointments/');
  await page.getByRole('button', { name: 'Book Now' }).click();
  const answer = await posted;
  const body = answer.request().postDataJSON() as Record<string, unknown>;
  const { id } = (await answer.json()) as { id: string };
  expect(body.channels).toEqual(['email', 'whatsapp']);
  expect(body.whatsapp_opt_in).toEqual({ notice_version: expect.any(String) });
  await expect(page.getByRole('heading', { level: 1, name: 'Your appointment is booked' })).toBeVisible();

  // The confirmation reached the outbox as a WhatsApp message to the number in E.164, and its job is
  // settled as sent with the outbox's message id (the id a receipt names) before the receipt is played.
  const message = await outboxMessage('whatsapp', 'booking-confirmation', phone);
  expect(message.language).toBe('en');
  const desk = await createDeskAccount(request);
  await expect
    .poll(async () => {
      const log = (await (await request.get(`/api/staff/appointments/${id}/mail`, { headers: { Authorization: `Bearer ${desk.access}` } })).json()) as { items: Array<{ channel: string; kind: string; state: string }> };
      return log.items.find((m) => m.channel === 'whatsapp' && m.kind === 'booking-confirmation')?.state;
    })
    .toBe('sent');

  // WhatsApp's "delivered" status webhook, signed over the raw body with the app secret.
  const delivered = whatsappStatusEvent(message.providerMessageId, 'delivered', { recipient: phone.slice(1) });
  // a wrong signature is refused and changes nothing (checked below: the log shows the good one only once)
  expect(await postWhatsAppWebhook(request, delivered, 'not-the-secret')).toBe(401);
  expect(await postWhatsAppWebhook(request, delivered)).toBe(200);

  // The front desk opens the appointment's messages: the WhatsApp confirmation delivered, beside the e-mail.
  await signInToConsole(page, desk);
  await page.getByRole('searchbox', { name: 'Search' }).fill(name);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await row.getByText('Messages', { exact: true }).click();
  const items = row.getByRole('list', { name: 'Messages of this appointment' }).getByRole('listitem');
  const confirmation = items.filter({ hasText: 'Booking confirmation' });
  await expect(confirmation.filter({ hasText: '(WhatsApp)' })).toContainText('Delivered');
  await expect(confirmation.filter({ hasText: '(E-mail)' })).toContainText('Sent');
});

test('"On the way" on the run sheet sends the collector\'s name by SMS once, then says when', async ({ page, request }) => {
  const national = `8${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;
  const phone = `+91${national}`;
  const day = openDate(47);
  const patient = `Tara Visit ${national.slice(-4).replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}`;
  const desk = await createDeskAccount(request, { first: 'Nisha', last: 'Verma' });
  await consoleAccountWithRole(request, desk, 'phlebotomist', {}, { first_name: 'Ravi', last_name: 'Collector' });
  const staff = { Authorization: `Bearer ${desk.access}` };
  const tests = (await (await request.get('/api/tests/')).json()) as Array<{ id: number; name: string }>;
  const booked = await request.post('/api/appointments/', {
    data: {
      date: day,
      time: '10:00',
      user_name: patient,
      user_email: `tara.${national}@example.com`,
      user_phone: national,
      tests: [tests.find((t) => t.name === 'Lipid Profile')!.id],
      home_sample: true,
      home_address: { house: '4', street: 'Station Road', locality: 'Near the clock tower', city: 'Jaipur', pin: '302001' },
      channels: ['email', 'sms'],
    },
  });
  expect(booked.status()).toBe(201);
  const { id } = (await booked.json()) as { id: string };
  const visits = (await (await request.get(`/api/staff/home-visits?date=${day}`, { headers: staff })).json()) as { staff: Array<{ id: number; name: string }> };
  const ravi = visits.staff.find((s) => s.name === 'Ravi Collector')!;
  expect((await request.put(`/api/staff/home-visits/${id}/phlebotomist`, { headers: staff, data: { phlebotomist_id: ravi.id } })).status()).toBe(200);

  await signInToConsole(page, desk, `/staff/slots/home-visits?date=${day}&view=run-sheet`);
  const sheet = page.getByRole('region', { name: 'Run sheet: Ravi Collector' });
  const onTheWay = sheet.getByRole('button', { name: `On the way: ${patient}` });
  await expect(onTheWay).toBeEnabled();
  await onTheWay.click();
  await expect(onTheWay).toBeDisabled();
  await expect(sheet.getByRole('row', { name: new RegExp(patient) })).toContainText(/Sent \d{1,2} \w{3} \d{4}, \d{2}:\d{2}/);

  const message = await outboxMessage('sms', 'collector-on-the-way', phone);
  expect(JSON.stringify(message)).toContain('Ravi Collector');
  // a second press is refused by the server too, and nothing more is queued
  expect((await request.post(`/api/staff/home-visits/${id}/on-the-way`, { headers: staff })).status()).toBe(409);
  // the button is not on paper
  await page.emulateMedia({ media: 'print' });
  await expect(onTheWay).toBeHidden();
});

test('a patient turns WhatsApp on in the profile with its opt-in, replies STOP, sees when and how, and turns it back on', async ({ page, request }) => {
  const national = `7${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;
  const shown = `+91 ${national.slice(0, 5)} ${national.slice(5)}`;
  const user = await createUser(request, { first_name: 'Usha', last_name: 'Pillai' });
  await loginAs(page, user);
  const details = page.getByRole('region', { name: 'Your details' });
  // the form takes the saved details when they arrive: type after that, as a person sees the form ready
  await expect(details.getByRole('button', { name: 'Save details' })).toBeEnabled();
  await details.getByLabel('Phone').fill(national);
  await details.getByRole('button', { name: 'Save details' }).click();
  await expect(details.getByText('Your details are saved.')).toBeVisible();

  const channels = page.getByRole('region', { name: 'How we message you' });
  await channels.getByRole('button', { name: 'Turn on WhatsApp' }).click();
  const optIn = channels.getByRole('checkbox', { name: `Yes, send me messages about my bookings and reports on WhatsApp at ${shown}. I can reply STOP at any time to stop them.` });
  await expect(optIn).not.toBeChecked();
  await optIn.check();
  await channels.getByRole('button', { name: 'Agree and turn on WhatsApp' }).click();
  await expect(channels.getByText('Your choice is saved.')).toBeVisible();
  await expect(channels.getByRole('button', { name: 'Turn off WhatsApp' })).toBeVisible();
  expect((await settledAxe(page, 'main')).violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  // The patient replies STOP on WhatsApp: the platform posts the message to our webhook, signed.
  const stop = whatsappTextEvent(`91${national}`, 'STOP', `wamid.stop${national}`, new Date(Date.UTC(2026, 10, 20, 6, 0)));
  expect(await postWhatsAppWebhook(request, stop)).toBe(200);

  await page.reload();
  const again = page.getByRole('region', { name: 'How we message you' });
  await expect(again.getByText(`You replied STOP on 20 Nov 2026, so WhatsApp messages to ${shown} stopped.`)).toBeVisible();
  // Back on: a new opt-in, and the stop is lifted.
  await again.getByRole('button', { name: 'Turn on WhatsApp' }).click();
  await again.getByRole('checkbox', { name: /on WhatsApp at/ }).check();
  await again.getByRole('button', { name: 'Agree and turn on WhatsApp' }).click();
  await expect(again.getByRole('button', { name: 'Turn off WhatsApp' })).toBeVisible();
  await expect(again.getByText(/You replied STOP/)).toHaveCount(0);

  // The next booking starts from the profile: WhatsApp ticked (its consent is in force), SMS not.
  await page.goto('/Appointment');
  const booking = page.getByRole('group', { name: 'Where should we send messages about this booking?' });
  await expect(booking.getByRole('checkbox', { name: /on WhatsApp at the mobile number above/ })).toBeChecked();
  await expect(booking.getByRole('checkbox', { name: 'SMS (text messages)' })).not.toBeChecked();
});
