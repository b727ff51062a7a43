// Inputs that once crashed PostgreSQL (NUL bytes, ids past 2^31−1, odd bytes in paths, malformed
// escapes) and the wording of every 400: each gets a 4xx naming the field, in words written for a
// person, on SQLite and, with DATABASE_URL, on PostgreSQL.
import { randomBytes } from 'node:crypto';
import { CONTROL_CHARACTERS, ID_MAX, LINE_BREAKS } from '@lab/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, bearer, createUser, makeApp, openDate, type TestApp } from './helpers.ts';
import { createStaff } from './staff-helpers.ts';

let t: TestApp;
let staff: Account;
let patient: Account;
let testId: number;

beforeAll(async () => {
  t = await makeApp();
  [staff, patient] = await Promise.all([createStaff(t.app), createUser(t.app)]);
  testId = (await t.app.inject({ method: 'GET', url: '/api/tests/' })).json()[0].id;
});
afterAll(() => t.close());

/** each call from an address of its own, so per-address limits never answer before validation */
const address = () => `10.77.${randomBytes(1)[0]!}.${(randomBytes(1)[0]! % 250) + 1}`;

function send(method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown, who?: Account) {
  return t.app.inject({
    method,
    url,
    remoteAddress: address(),
    headers: who ? bearer(who) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const booking = (overrides: Record<string, unknown>) => ({
  date: openDate(3),
  time: '11:00',
  user_name: 'Asha Rao',
  user_email: 'asha@example.com',
  user_phone: '9876543210',
  tests: [testId],
  ...overrides,
});

/** the request, its 400, and the one field the answer must name with the expected words */
function expectFieldError(res: Awaited<ReturnType<typeof send>>, field: string, message: string | RegExp) {
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json() as Record<string, string[]>;
  expect(Object.keys(body)).toEqual([field]);
  expect(body[field]![0]).toMatch(message);
}

describe('control characters in text', () => {
  const NUL = 'Asha\u0000Rao';
  const cases: [string, () => ReturnType<typeof send>, string][] = [
    ['login username', () => send('POST', '/api/users/login/', { username: NUL, password: 'whatever-1' }), 'username'],
    ['register username', () => send('POST', '/api/users/register/', { username: 'a\u0000b', password: 'Pass-word-91!', email: 'x@example.com', first_name: 'A', last_name: 'B' }), 'username'],
    ['register first name', () => send('POST', '/api/users/register/', { username: 'nul_first', password: 'Pass-word-91!', email: 'y@example.com', first_name: NUL, last_name: 'B' }), 'first_name'],
    ['reset e-mail', () => send('POST', '/api/send-reset-email/', { email: 'a\u0000@example.com' }), 'email'],
    ['contact name', () => send('POST', '/api/contact/', { name: NUL, phone: '9876543210', message: 'Hello' }), 'name'],
    ['contact message', () => send('POST', '/api/contact/', { name: 'Asha', phone: '9876543210', message: 'Hello\u0000' }), 'message'],
    ['booking name', () => send('POST', '/api/appointments/', booking({ user_name: NUL })), 'user_name'],
    ['booking e-mail', () => send('POST', '/api/appointments/', booking({ user_email: 'asha\u0000@example.com' })), 'user_email'],
    ['booking phone', () => send('POST', '/api/appointments/', booking({ user_phone: '98765\u000043210' })), 'user_phone'],
    ['booking address', () => send('POST', '/api/appointments/', booking({ home_sample: true, address: '7 Residency Road\u0000' })), 'address'],
    ['booking address (escape)', () => send('POST', '/api/appointments/', booking({ home_sample: true, address: '7 Residency\u001b Road' })), 'address'],
    ['staff test name', () => send('POST', '/api/staff/tests', { name: NUL, category_id: 1, price: 100 }, staff), 'name'],
    ['staff search', () => send('GET', '/api/staff/tests?q=%00', undefined, staff), 'q'],
    ['staff appointment search', () => send('GET', '/api/staff/appointments?q=a%00', undefined, staff), 'q'],
    ['staff blog body', () => send('POST', '/api/staff/blogs', { title: 'T', author: 'A', content: 'body\u0000' }, staff), 'content'],
  ];
  it.each(cases)('%s: 400 naming the field', async (_label, request, field) => {
    const res = await request();
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ [field]: [CONTROL_CHARACTERS] });
  });

  it('wants single-line fields on one line, and lets multi-line fields keep newlines and tabs', async () => {
    expectFieldError(await send('POST', '/api/appointments/', booking({ user_name: 'Asha\nRao' })), 'user_name', LINE_BREAKS);
    const ok = await send('POST', '/api/appointments/', booking({ home_sample: true, address: '7 Residency Road\r\nJaipur\t302001' }));
    expect(ok.statusCode, ok.body).toBe(201);
    const contact = await send('POST', '/api/contact/', { name: 'Asha', phone: '9876543210', message: 'Line one\nLine two' });
    expect(contact.statusCode, contact.body).toBe(201);
    expect(contact.json().message).toBe('Line one\nLine two');
  });
});

describe('ids past the 32-bit range', () => {
  const tooBig = [ID_MAX + 1, 3_000_000_000, 1e20];
  it.each(tooBig)('refuses test id %d in a booking, naming the field', async (id) => {
    for (const tests of [[id], [String(id)], [{ id }]]) {
      const res = await send('POST', '/api/appointments/', booking({ tests }));
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(res.json())).toEqual(['tests.0']);
    }
  });

  it('refuses package_id 3000000000 and plan_id 3000000000', async () => {
    expectFieldError(await send('POST', '/api/appointments/', booking({ package_id: 3_000_000_000 })), 'package_id', /package id/);
    expectFieldError(await send('POST', '/api/membership/subscribe/', { plan_id: 3_000_000_000 }, patient), 'plan_id', 'Select a valid plan.');
    expectFieldError(await send('POST', '/api/membership/subscribe/', { plan_id: '3000000000' }, patient), 'plan_id', 'Select a valid plan.');
  });

  it('refuses ids past the range in staff paths, bodies and queries', async () => {
    for (const url of ['/api/staff/tests/3000000000', '/api/staff/tests/99999999999999999999', '/api/staff/categories/2147483648']) {
      expectFieldError(await send('PATCH', url, { name: 'X' }, staff), 'id', /whole number from 1 to 2147483647/);
    }
    expectFieldError(await send('POST', '/api/staff/contact-messages/3000000000/handled', undefined, staff), 'id', /whole number/);
    expectFieldError(await send('POST', '/api/staff/tests', { name: 'X', category_id: 3_000_000_000, price: 10 }, staff), 'category_id', /category/);
    expectFieldError(await send('POST', '/api/staff/packages', { name: 'P', description: '', price: 10, test_ids: [3_000_000_000] }, staff), 'test_ids.0', /test id/);
    expectFieldError(await send('GET', '/api/staff/tests?category_id=3000000000', undefined, staff), 'category_id', /category/);
    // The largest id there can be is simply not found.
    expect((await send('PATCH', `/api/staff/tests/${ID_MAX}`, { name: 'X' }, staff)).statusCode).toBe(404);
  });
});

describe('odd bytes in paths', () => {
  it.each(['%00', 'a%00b', '%0A', '%E0%A4%A', '%FF', '%C3%A9%C3%A9'])('GET /api/billing/%s/ answers 404', async (raw) => {
    const res = await send('GET', `/api/billing/${raw}/`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: expect.any(String) });
  });

  it('answers 404 on the other paths that carry an id', async () => {
    for (const url of ['/api/blogs/%00/', '/api/blogs/%E0%A4%A/', '/api/blogs/3000000000/']) {
      expect((await send('GET', url)).statusCode, url).toBe(404);
    }
    for (const url of ['/api/appointments/%00/cancel/', '/api/appointments/%E0%A4%A/cancel/']) {
      expect((await send('PATCH', url, undefined, patient)).statusCode, url).toBe(404);
    }
    expect((await send('POST', '/api/appointments/%00/reschedule/', { new_date: openDate(3), new_time: '10:00' }, patient)).statusCode).toBe(404);
    expect((await send('POST', '/api/staff/appointments/%00/status', { status: 'approved' }, staff)).statusCode).toBe(404);
    expect((await send('POST', '/api/reset-password/%00/%00/', { password: 'Another-pass-77!' })).statusCode).toBe(400);
  });
});

describe('prices', () => {
  it('refuses a price that rounds to no paise, for tests, packages and plans', async () => {
    for (const price of [1e-9, 0.004, 0, -1]) {
      expectFieldError(await send('POST', '/api/staff/tests', { name: `Tiny ${price}`, category_id: 1, price }, staff), 'price', 'Enter a price above 0.');
      expectFieldError(await send('POST', '/api/staff/packages', { name: `Tiny ${price}`, description: '', price, test_ids: [testId] }, staff), 'price', 'Enter a price above 0.');
      expectFieldError(await send('POST', '/api/staff/membership-plans', { name: `Tiny ${price}`, price, discount_percentage: 5, duration_days: 30 }, staff), 'price', 'Enter a price above 0.');
    }
    const cheapest = await send('POST', '/api/staff/tests', { name: 'One paisa test', category_id: 1, price: 0.01 }, staff);
    expect(cheapest.statusCode, cheapest.body).toBe(201);
    expect(cheapest.json().price).toBe(0.01);
  });
});

describe('careers links', () => {
  it('refuses a malformed escape in a mailto link with 400, not 500', async () => {
    for (const link of ['mailto:%E0%A4%A', 'mailto:jobs%@example.com', 'mailto:%']) {
      const res = await send('POST', '/api/staff/careers', { job_title: 'Phlebotomist', description: 'Draws blood.', application_link: link }, staff);
      expectFieldError(res, 'application_link', 'Enter an https:// link or a mailto: address.');
    }
  });
});

describe('one validation voice', () => {
  /** zod's own wording, which no person should ever read */
  const ZOD_WORDING = /Invalid input|expected [a-z]+, received|Too (small|big)|Invalid (string|option|union|enum|element)/i;
  const bad: [string, 'GET' | 'POST' | 'PATCH', string, unknown, ('staff' | 'patient')?][] = [
    ['booking with wrong types', 'POST', '/api/appointments/', { date: 5, time: true, user_name: [], user_email: {}, user_phone: 1, tests: 'x', home_sample: 'yes', address: 7, package_id: 'p' }],
    ['booking with no body', 'POST', '/api/appointments/', undefined],
    ['booking tests of objects', 'POST', '/api/appointments/', booking({ tests: [{ id: 'x' }, null, true] })],
    ['register with wrong types', 'POST', '/api/users/register/', { username: 1, password: 2, email: 3, first_name: null, last_name: {} }],
    ['login with wrong types', 'POST', '/api/users/login/', { username: [], password: {} }],
    ['contact with wrong types', 'POST', '/api/contact/', { name: 1, phone: 2, message: false, email: 4 }],
    ['subscribe with wrong types', 'POST', '/api/membership/subscribe/', { plan_id: [] }, 'patient'],
    ['reschedule with wrong types', 'POST', '/api/appointments/abc/reschedule/', { new_date: 1, new_time: null }, 'patient'],
    ['staff test with wrong types', 'POST', '/api/staff/tests', { name: 1, category_id: 'x', price: '10', active: 'yes' }, 'staff'],
    ['staff offer with wrong types', 'POST', '/api/staff/offers', { description: 1, discount_percentage: 'ten', category_id: 'c', start_date: 1, end_date: null, active: 1 }, 'staff'],
    ['staff status with a bad choice', 'POST', '/api/staff/appointments/abc/status', { status: 'done' }, 'staff'],
    ['staff list with bad paging', 'GET', '/api/staff/tests?limit=abc&offset=-1&active=maybe', undefined, 'staff'],
  ];
  it('words the refusals of a body it cannot read for a person too', async () => {
    const cases = [
      { headers: { 'content-type': 'application/json' }, payload: '', error: 'Request body is empty. Send the fields as JSON.' },
      { headers: { 'content-type': 'application/json' }, payload: '{"name":', error: 'Request body is not valid JSON.' },
      { headers: { 'content-type': 'application/xml' }, payload: '<a/>', error: 'Send the request body as JSON (Content-Type: application/json).' },
    ];
    for (const c of cases) {
      const res = await t.app.inject({ method: 'POST', url: '/api/contact/', headers: c.headers, payload: c.payload, remoteAddress: address() });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json()).toEqual({ error: c.error });
    }
  });

  it.each(bad)('%s: every message written for a person', async (_label, method, url, payload, who) => {
    const res = await send(method, url, payload, who === 'staff' ? staff : who === 'patient' ? patient : undefined);
    expect(res.statusCode, res.body).toBe(400);
    const messages = Object.values(res.json() as Record<string, string[] | string>).flat();
    expect(messages.length).toBeGreaterThan(0);
    for (const m of messages) {
      expect(m).not.toMatch(ZOD_WORDING);
      expect(m, m).toMatch(/^[A-Z].*\.$/);
    }
  });
});
