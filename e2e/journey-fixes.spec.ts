// Smaller journey fixes: /favicon.ico exists, and the dashboard lists appointments still to
// come first (soonest on top), then past ones.
import { createUser, expect, loginAs, openDate, test } from './support/fixtures.ts';

test('/favicon.ico is an icon', async ({ request }) => {
  const res = await request.get('/favicon.ico');
  expect(res.status()).toBe(200);
  expect([...(await res.body()).subarray(0, 4)]).toEqual([0, 0, 1, 0]);
});

test('the dashboard shows upcoming appointments first, the soonest on top', async ({ page }) => {
  const user = await createUser(page.request);
  const login = await page.request.post('/api/users/login/', { data: { username: user.username, password: user.password } });
  const access = ((await login.json()) as { tokens: { access: string } }).tokens.access;
  const tests = (await (await page.request.get('/api/tests/')).json()) as { id: number }[];
  // Booked in this order: the latest date first, so "newest first" would put the soonest last.
  for (const [days, time] of [[9, '10:00'], [2, '16:00'], [2, '09:30'], [5, '12:00']] as const) {
    const res = await page.request.post('/api/appointments/', {
      headers: { authorization: `Bearer ${access}` },
      data: { date: openDate(days), time, user_name: 'Order Check', user_email: user.email, user_phone: '9829012345', tests: [tests[0]!.id] },
    });
    expect(res.status()).toBe(201);
  }
  await loginAs(page, user);
  const headings = page.getByRole('list', { name: 'Appointments' }).getByRole('heading', { level: 3 });
  await expect(headings).toHaveCount(4);
  const times = (await headings.allTextContents()).map((t) => t.replace(/^.* at /, ''));
  expect(times).toEqual(['09:30', '16:00', '12:00', '10:00']);
});
