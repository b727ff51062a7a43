// The breach register's notice to a person with no address left (decision 051): an admin records a
// breach that concerns a patient whose account has since been closed; the console marks that notice
// "No address: notify by other means", sends the others, and keeps the breach open in the register.
import { inIndia } from '@lab/contract';
import { logIn } from '../test-support/users.ts';
import { settledAxe } from './support/axe.ts';
import { createUser, expect, poster, spreadVisit, test } from './support/fixtures.ts';
import { createDeskAccount, signInToConsole } from './support/staff.ts';

test('a closed account is marked "no address" and stays open while the others are sent', async ({ page, request }) => {
  const desk = await createDeskAccount(request);
  const tests = (await (await request.get('/api/tests/')).json()) as { id: number }[];
  /** a patient who booked, whose booking the admin then read through the staff API */
  const patientRead = async (first_name: string, i: number) => {
    const patient = await createUser(request, { first_name, last_name: 'Iyer' });
    const session = await logIn(poster(request), patient);
    const auth = { Authorization: `Bearer ${session.tokens.access}` };
    const booked = await request.post('/api/appointments/', {
      headers: auth,
      data: { ...spreadVisit(i, 14, { morningOnly: true }), user_name: `${first_name} Iyer`, user_email: patient.email, user_phone: '9829012345', tests: [tests[0]!.id], home_sample: false },
    });
    expect(booked.status()).toBe(201);
    const { id } = (await booked.json()) as { id: string };
    expect((await request.get(`/api/staff/appointments/${id}/mail`, { headers: { Authorization: `Bearer ${desk.access}` } })).status()).toBe(200);
    return { patient, auth, id };
  };
  const gone = await patientRead('Gauri', 3);
  await patientRead('Hari', 4);
  // Gauri cancels her visit and closes her account: her address is erased.
  expect((await request.patch(`/api/appointments/${gone.id}/cancel/`, { headers: gone.auth })).status()).toBe(200);
  expect((await request.post('/api/users/me/close/', { headers: gone.auth, data: { password: gone.patient.password } })).status()).toBe(200);

  const at = (h: number) => {
    const { date, time } = inIndia(Date.now() - h * 3_600_000);
    return `${date}T${time}`;
  };
  const deskId = ((await (await request.get('/api/users/me/', { headers: { Authorization: `Bearer ${desk.access}` } })).json()) as { id: number }).id;
  const recorded = await request.post('/api/staff/breaches', {
    headers: { Authorization: `Bearer ${desk.access}` },
    data: {
      summary: 'A console session was left open on the ward tablet.',
      data_concerned: 'Names and tests booked.',
      measures_taken: 'We signed the account out everywhere.',
      occurred_at: at(2),
      found_at: at(1),
      account_ids: [deskId],
      range_from: at(3),
      range_to: at(-1),
    },
  });
  expect(recorded.status()).toBe(201);
  const { id: breachId } = (await recorded.json()) as { id: number };

  await page.setViewportSize({ width: 1280, height: 900 });
  await signInToConsole(page, desk, '/staff/audit/breaches');
  await page.getByRole('button', { name: `Open breach ${breachId}` }).click();
  const breach = page.getByRole('region', { name: /^Breach \d+: A console session/ });
  const rows = breach.getByRole('table', { name: 'People whose data the accounts read or changed' }).getByRole('row');
  await expect(rows).toHaveCount(3);
  const closed = rows.filter({ hasText: 'Closed account' });
  await expect(closed).toContainText('No address: notify by other means');
  await expect(breach.getByText('1 person has no e-mail address any more (a closed account): notify them by other means')).toBeVisible();

  await breach.getByRole('button', { name: 'Send the notice to 1 person' }).click();
  await expect(breach.getByText('The notice is on its way to 1 person.')).toBeVisible();
  await expect(rows.filter({ hasText: 'Hari Iyer' })).toContainText(/Sent|Queued/);
  await expect(closed).toContainText('No address: notify by other means');
  await expect(breach.getByRole('button', { name: /^Send the notice/ })).toHaveCount(0);

  // the register keeps it open: one of the two notices went
  const register = page.getByRole('table', { name: 'Recorded breaches, latest found first' });
  await expect(register.getByRole('row').filter({ hasText: 'A console session' })).toContainText('1 of 2');
  expect((await settledAxe(page, 'main')).violations.map((v) => v.id)).toEqual([]);
});
