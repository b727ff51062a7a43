// Booking API: every rule the server checks again, prices from the database, the one-transaction
// write of appointment, tests and bill, the confirmation e-mail, rate limiting and 200 bookings at once.
// Runs on SQLite and, with DATABASE_URL, on PostgreSQL.
import { REFERENCE_PATTERN, formatDayDate, formatRupees } from '@lab/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { istDate, makeApp, openDate, spreadVisit, type TestApp } from './helpers.ts';

interface CatalogTest {
  id: number;
  name: string;
  price: number;
  discounted_price: number;
  category: string;
}

describe('booking', () => {
  let t: TestApp;
  let tests: CatalogTest[];
  /** tests of a category no seeded offer touches: their price is the list price */
  let plain: CatalogTest[];
  /** the server's clock: the real one, unless a test pins it */
  let pinned: Date | null = null;

  beforeAll(async () => {
    t = await makeApp({ RATE_LIMITS: 'off' }, { now: () => pinned ?? new Date() });
    tests = (await t.app.inject({ method: 'GET', url: '/api/tests/' })).json();
    plain = tests.filter((x) => x.category === 'Hematology');
  });
  afterAll(() => t.close());

  const valid = (over: Record<string, unknown> = {}) => ({
    date: openDate(2),
    time: '10:30',
    user_name: 'Ravi Kumar',
    user_email: 'ravi@example.com',
    user_phone: '9876543210',
    tests: [plain[0]!.id, plain[1]!.id],
    home_sample: false,
    ...over,
  });
  const book = (payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/appointments/', payload: payload as object, headers });
  const count = async (table: 'appointments' | 'bills' | 'appointment_tests') =>
    Number((await t.app.deps.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  it('books for a guest and answers 201 with an unguessable id', async () => {
    const res = await book(valid());
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({ id: expect.any(String), reference: expect.stringMatching(REFERENCE_PATTERN), date: openDate(2), time: '10:30', total_price: plain[0]!.price + plain[1]!.price, status: 'booked', report_expected_at: expect.any(String) });
    // the report is promised after the visit (docs/samples.md): 10:30 India time is 05:00 UTC
    expect(Date.parse(body.report_expected_at)).toBeGreaterThan(Date.parse(`${openDate(2)}T05:00:00Z`));
    expect(body.id).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    const other = (await book(valid())).json().id;
    expect(other).not.toBe(body.id);
    const row = await t.app.deps.db.selectFrom('appointments').selectAll().where('id', '=', body.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: null, user_name: 'Ravi Kumar', status: 'booked', home_sample: 0, address: '', package_id: null });
  });

  it('leads each id with the moment it was made, so later bookings sort after earlier ones (decision 045)', async () => {
    const before = Date.now();
    const first = (await book(valid({ time: '17:10' }))).json().id as string;
    const second = (await book(valid({ time: '17:10' }))).json().id as string;
    const after = Date.now();
    for (const id of [first, second]) {
      expect(id).toMatch(/^[0-9a-z]{9}[A-Za-z0-9_-]{16}$/);
      const made = Number.parseInt(id.slice(0, 9), 36);
      expect(made).toBeGreaterThanOrEqual(before);
      expect(made).toBeLessThanOrEqual(after);
    }
    expect(first < second || first.slice(0, 9) === second.slice(0, 9)).toBe(true);
    // the random part: 96 bits, different for every id
    expect(first.slice(9)).not.toBe(second.slice(9));
  });

  it('writes the tests as charged and a bill with the total from the database', async () => {
    const res = await book(valid({ tests: [plain[2]!.id, { id: plain[3]!.id }] }));
    const id = res.json().id;
    const { db } = t.app.deps;
    const rows = await db.selectFrom('appointment_tests').selectAll().where('appointment_id', '=', id).orderBy('position').execute();
    expect(rows.map((r) => [r.test_id, r.name, r.price_paise])).toEqual([
      [plain[2]!.id, plain[2]!.name, plain[2]!.price * 100],
      [plain[3]!.id, plain[3]!.name, plain[3]!.price * 100],
    ]);
    const bill = await db.selectFrom('bills').selectAll().where('appointment_id', '=', id).executeTakeFirstOrThrow();
    expect(bill).toMatchObject({ total_paise: (plain[2]!.price + plain[3]!.price) * 100, offer_paise: null, is_paid: 0 });
  });

  it('ignores prices, totals and offer prices sent by the client', async () => {
    const res = await book(
      valid({
        tests: [{ id: plain[0]!.id, price: 1, discounted_price: 1 }],
        total: 1,
        total_price: 1,
        offerPrice: 1,
        offer_price: 1,
        price: 1,
      }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().total_price).toBe(plain[0]!.price);
    const bill = await t.app.deps.db.selectFrom('bills').selectAll().where('appointment_id', '=', res.json().id).executeTakeFirstOrThrow();
    expect(bill.total_paise).toBe(plain[0]!.price * 100);
    expect(bill.offer_paise).toBeNull();
  });

  it('charges a repeated test each time it is named', async () => {
    const x = plain[0]!;
    const res = await book(valid({ tests: [x.id, x.id, { id: x.id }] }));
    expect(res.statusCode).toBe(201);
    expect(res.json().total_price).toBe(x.price * 3);
    const n = await t.app.deps.db.selectFrom('appointment_tests').select('id').where('appointment_id', '=', res.json().id).execute();
    expect(n).toHaveLength(3);
  });

  it('charges the running offer price (the lowest), not the list price', async () => {
    const serology = tests.find((x) => x.name === 'Widal Test')!;
    // The seed runs a 20 % offer on three fever tests, Widal's among them.
    expect(serology.discounted_price).toBe(Math.round(serology.price * 80) / 100);
    const res = await book(valid({ tests: [serology.id] }));
    expect(res.json().total_price).toBe(serology.discounted_price);
  });

  it('stores the address with home collection and drops it without', async () => {
    const home = await book(valid({ home_sample: true, address: '  12 MI Road, Jaipur 302001  ' }));
    expect(home.statusCode).toBe(201);
    const away = await book(valid({ home_sample: false, address: '12 MI Road, Jaipur 302001' }));
    expect(away.statusCode).toBe(201);
    const { db } = t.app.deps;
    const a = await db.selectFrom('appointments').select(['home_sample', 'address']).where('id', '=', home.json().id).executeTakeFirstOrThrow();
    const b = await db.selectFrom('appointments').select(['home_sample', 'address']).where('id', '=', away.json().id).executeTakeFirstOrThrow();
    expect(a).toEqual({ home_sample: 1, address: '12 MI Road, Jaipur 302001' });
    expect(b).toEqual({ home_sample: 0, address: '' });
  });

  it('requires an address for home collection', async () => {
    for (const address of [undefined, '', '   ']) {
      const res = await book(valid({ home_sample: true, address }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ address: ['An address is required for home sample collection.'] });
    }
  });

  it('accepts 09:00 and 21:00 and refuses 08:59 and 21:01', async () => {
    expect((await book(valid({ time: '09:00' }))).statusCode).toBe(201);
    expect((await book(valid({ time: '21:00' }))).statusCode).toBe(201);
    for (const time of ['08:59', '21:01', '00:00', '23:30']) {
      const res = await book(valid({ time }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ time: ['Choose a time between 09:00 and 21:00.'] });
    }
  });

  it('refuses a date in the past (India time) and accepts today at a later time', async () => {
    const res = await book(valid({ date: istDate(-1) }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ date: ['The date cannot be in the past.'] });
    const past = await book(valid({ date: '2020-01-01', time: '07:00' }));
    expect(past.json()).toEqual({ date: ['The date cannot be in the past.'], time: ['Choose a time between 09:00 and 21:00.'] });
    try {
      // 20:59 in India on 15 June 2030 (UTC+05:30): today's 21:00 is still ahead, the current minute too.
      pinned = new Date('2030-06-15T15:29:30Z');
      expect((await book(valid({ date: '2030-06-15', time: '21:00' }))).statusCode).toBe(201);
      expect((await book(valid({ date: '2030-06-15', time: '20:59' }))).statusCode).toBe(201);
      expect((await book(valid({ date: '2030-06-15', time: '20:58' }))).json()).toEqual({ time: ['This time has already passed today. Choose a later time or another day.'] });
      // 21:01: today's last slot is over; the next open day's first is bookable, although it is still the 16th in UTC.
      pinned = new Date('2030-06-15T15:31:00Z');
      expect((await book(valid({ date: '2030-06-15', time: '21:00' }))).json()).toEqual({ time: ['This time has already passed today. Choose a later time or another day.'] });
      pinned = new Date('2030-06-16T18:45:00Z'); // 00:15 on Monday the 17th in India (the demo lab closes on Sundays)
      expect((await book(valid({ date: '2030-06-16', time: '10:00' }))).json()).toEqual({ date: ['The date cannot be in the past.'] });
      expect((await book(valid({ date: '2030-06-17', time: '09:00' }))).statusCode).toBe(201);
    } finally {
      pinned = null;
    }
  });

  it('refuses malformed fields, naming each', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ date: '23-11-2030' }, 'date'],
      [{ date: '2030-02-30' }, 'date'],
      [{ date: undefined }, 'date'],
      [{ time: '9am' }, 'time'],
      [{ time: '25:00' }, 'time'],
      [{ time: undefined }, 'time'],
      [{ user_name: '' }, 'user_name'],
      [{ user_name: 'x'.repeat(101) }, 'user_name'],
      [{ user_email: 'not-an-email' }, 'user_email'],
      [{ user_email: '' }, 'user_email'],
      [{ user_phone: '98765' }, 'user_phone'],
      [{ user_phone: '987654321' }, 'user_phone'],
      [{ user_phone: 'call me maybe' }, 'user_phone'],
      [{ user_phone: undefined }, 'user_phone'],
      [{ tests: [] }, 'tests'],
      [{ tests: undefined }, 'tests'],
      [{ tests: 'all' }, 'tests'],
      [{ home_sample: 'yes' }, 'home_sample'],
    ];
    for (const [over, field] of cases) {
      const res = await book(valid(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      const body = res.json();
      expect(Object.keys(body).some((k) => k === field || k.startsWith(`${field}.`)), `${JSON.stringify(over)} → ${res.body}`).toBe(true);
    }
    const phone = await book(valid({ user_phone: '98765' }));
    expect(phone.json()).toEqual({ user_phone: ['Phone number must have at least 10 digits.'] });
    const none = await book(valid({ tests: [] }));
    expect(none.json()).toEqual({ tests: ['Select at least one test.'] });
    // A phone with spaces or a country code counts its digits.
    expect((await book(valid({ user_phone: '+91 98765 43210' }))).statusCode).toBe(201);
  });

  it('refuses an unknown or inactive test, naming the ids', async () => {
    const { db } = t.app.deps;
    const row = await db
      .insertInto('tests')
      .values({ category_id: 1, name: 'Withdrawn Test', price_paise: 10000, active: 0, created_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const unknown = await book(valid({ tests: [plain[0]!.id, 999_999] }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ tests: ['This test does not exist or is not available: 999999.'] });
    const inactive = await book(valid({ tests: [row.id, 888_888, plain[0]!.id] }));
    expect(inactive.json()).toEqual({ tests: [`These tests do not exist or are not available: ${row.id}, 888888.`] });
    expect((await book(valid({ tests: [0] }))).statusCode).toBe(400);
    expect((await book(valid({ tests: [{ name: 'CBC' }] }))).statusCode).toBe(400);
  });

  it('writes nothing for a refused booking', async () => {
    const before = [await count('appointments'), await count('bills'), await count('appointment_tests')];
    await book(valid({ tests: [plain[0]!.id, 999_999] }));
    await book(valid({ home_sample: true }));
    await book(valid({ date: istDate(-3) }));
    expect([await count('appointments'), await count('bills'), await count('appointment_tests')]).toEqual(before);
  });

  it('sends a confirmation e-mail with date, time, tests, total and the bill link', async () => {
    t.mail.length = 0;
    const res = await book(valid({ user_email: 'mail.me@example.com', tests: [plain[0]!.id], home_sample: true, address: 'Flat 4, Raja Park, Jaipur 302004' }));
    const id = res.json().id;
    expect(t.mail).toHaveLength(1);
    const m = t.mail[0]!;
    expect(m.to).toBe('mail.me@example.com');
    expect(m.subject).toContain(formatDayDate(openDate(2)));
    expect(m.subject).toContain(res.json().reference);
    expect(m.text).toContain(`${formatDayDate(openDate(2))} at 10:30`);
    expect(m.text).toContain(`Booking reference: ${res.json().reference}`);
    expect(m.text).toContain(plain[0]!.name);
    expect(m.text).toContain(`Total: ${formatRupees(plain[0]!.price)}`);
    // The link opens the bill by its capability for anyone holding it, not the in-app /billing guard.
    expect(m.text).toContain(`http://lab.test/bill/${id}`);
    // The address is the booker's text: it stays out of a mail to an address nobody confirmed.
    expect(m.text).not.toContain('Flat 4, Baner');
    expect(m.html).toContain(`http://lab.test/bill/${id}`);
  });

  it('refuses markup as a name, so it never reaches a mail or a screen', async () => {
    const res = await book(valid({ user_name: '<script>alert(1)</script>' }));
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual(['user_name']);
  });

  it('keeps the booking when the e-mail cannot be sent', async () => {
    const failing = await makeApp({ RATE_LIMITS: 'off' });
    failing.app.deps.mailer = {
      send: async () => {
        throw new Error('SMTP down');
      },
    };
    try {
      const res = await failing.app.inject({ method: 'POST', url: '/api/appointments/', payload: valid() });
      expect(res.statusCode).toBe(201);
      const bill = await failing.app.inject({ method: 'GET', url: `/api/billing/${res.json().id}/` });
      expect(bill.statusCode).toBe(200);
    } finally {
      await failing.close();
    }
  });

  it('books a package at the package price, whatever tests or price the request names', async () => {
    const packages = (await t.app.inject({ method: 'GET', url: '/api/packages/' })).json();
    const pkg = packages[0];
    const res = await book(valid({ package_id: pkg.id, tests: [plain[0]!.id], offerPrice: 1 }));
    expect(res.statusCode).toBe(201);
    expect(res.json().total_price).toBe(pkg.offer_price);
    const bill = (await t.app.inject({ method: 'GET', url: `/api/billing/${res.json().id}/` })).json();
    expect(bill.offer_price).toBe(pkg.offer_price);
    expect(bill.total_price).toBe(pkg.offer_price);
    expect(bill.tests.map((x: { name: string }) => x.name).sort()).toEqual(pkg.tests.map((x: { name: string }) => x.name).sort());
  });

  it('refuses an unknown or inactive package', async () => {
    const unknown = await book(valid({ package_id: 99_999 }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ package_id: ['This package does not exist or is not available.'] });
    const { db } = t.app.deps;
    const row = await db.insertInto('packages').values({ name: 'Old', description: 'Old', price_paise: 100, active: 0 }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('package_tests').values({ package_id: row.id, test_id: plain[0]!.id }).execute();
    expect((await book(valid({ package_id: row.id }))).json()).toEqual({ package_id: ['This package does not exist or is not available.'] });
  });

  it('takes 200 simultaneous bookings without an error or a lost write', async () => {
    const before = [await count('appointments'), await count('bills')];
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) => book(valid({ ...spreadVisit(i, 20), user_name: `Patient ${String.fromCharCode(65 + (i % 26))}`, tests: [plain[i % plain.length]!.id] }))),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(200).fill(201));
    const ids = new Set(results.map((r) => r.json().id));
    expect(ids.size).toBe(200);
    expect([await count('appointments'), await count('bills')]).toEqual([before[0]! + 200, before[1]! + 200]);
  });

  it('keeps good bookings when a refused one is written in the same batch', async () => {
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => book(valid({ ...spreadVisit(i, 22), tests: i % 4 === 0 ? [999_999] : [plain[0]!.id] }))),
    );
    results.forEach((r, i) => expect(r.statusCode).toBe(i % 4 === 0 ? 400 : 201));
    for (const r of results.filter((x) => x.statusCode === 201)) {
      expect((await t.app.inject({ method: 'GET', url: `/api/billing/${r.json().id}/` })).statusCode).toBe(200);
    }
  });
});

describe('booking rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp();
  });
  afterAll(() => t.close());

  it('limits bookings per client address', async () => {
    const tests = (await t.app.inject({ method: 'GET', url: '/api/tests/' })).json();
    const payload = { user_name: 'A', user_email: 'a@example.com', user_phone: '9876543210', tests: [tests[0].id] };
    const codes: number[] = [];
    for (let i = 0; i < 31; i++) codes.push((await t.app.inject({ method: 'POST', url: '/api/appointments/', payload: { ...payload, ...spreadVisit(i) } })).statusCode);
    expect(codes.slice(0, 30)).toEqual(Array(30).fill(201));
    const last = await t.app.inject({ method: 'POST', url: '/api/appointments/', payload: { ...payload, ...spreadVisit(31) } });
    expect(last.statusCode).toBe(429);
    expect(last.json().error).toMatch(/Too many attempts/);
  });
});
