// Accounts and mail that cannot be turned against someone (docs/security.md, Logins and Mail): usernames that
// cannot pass for an e-mail, names of one line, addresses without links, confirmation mails with no
// text of the booker's and a daily cap per recipient.
import { CONFIRMATIONS_PER_RECIPIENT_PER_DAY } from '../src/modules/booking/service.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/lib/passwords.ts';
import { createUser, makeApp, openDate, type TestApp, unique } from './helpers.ts';

describe('usernames, names, addresses and confirmation mail', () => {
  let t: TestApp;
  let testId: number;
  beforeAll(async () => {
    t = await makeApp();
    testId = ((await t.app.inject({ method: 'GET', url: '/api/tests/' })).json() as Array<{ id: number }>)[0]!.id;
  });
  afterAll(() => t.close());

  let n = 0;
  const register = (over: Record<string, unknown>) => {
    const id = unique();
    return t.app.inject({
      method: 'POST',
      url: '/api/users/register/',
      remoteAddress: `10.90.${Math.floor(++n / 250)}.${(n % 250) + 1}`,
      payload: { username: `u_${id}`, email: `${id}@example.in`, password: 'Turmeric-Latte-42', first_name: 'Asha', last_name: 'Rao', ...over },
    });
  };
  const login = (username: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/users/login/', payload: { username, password }, remoteAddress: `10.91.0.${(++n % 250) + 1}` });

  /** an account as it may exist from before the username rule, e.g. imported from the old system */
  const legacyAccount = async (username: string, email: string, password: string) => {
    await t.app.deps.db
      .insertInto('users')
      .values({
        username,
        username_key: username.toLowerCase(),
        email,
        email_key: email.toLowerCase(),
        password_hash: await hashPassword(password),
        first_name: 'Old',
        last_name: 'Account',
        role: 'patient',
        last_login: null,
        created_at: new Date().toISOString(),
      })
      .execute();
  };

  it('takes usernames of letters, digits and . _ - only', async () => {
    for (const username of ['alice@example.com', 'asha+lab', 'asha rao', 'asha/rao']) {
      const res = await register({ username });
      expect(res.statusCode, username).toBe(400);
      expect(res.json()).toEqual({ username: ['Enter a valid username. This value may contain only letters, numbers, and ./-/_ characters.'] });
    }
    for (const username of [`asha.rao_${unique()}`, `asha-${unique()}`, `आशा${unique()}`]) expect((await register({ username })).statusCode, username).toBe(201);
  });

  it("looks an identifier with @ up by e-mail only, so an old username that is someone's e-mail cannot take their login", async () => {
    const alice = await createUser(t.app, { email: `alice_${unique()}@example.com` });
    // An old account whose username is Alice's address, with a password of its own.
    await legacyAccount(alice.email, `mallory_${unique()}@example.com`, 'Mallory-Pass-123');
    expect((await login(alice.email, 'Mallory-Pass-123')).statusCode).toBe(401);
    const res = await login(alice.email, alice.password);
    expect(res.statusCode).toBe(200);
    expect(res.json().username).toBe(alice.username);
  });

  it('keeps old accounts working: a username with + logs in as before, one with @ by its e-mail', async () => {
    const plus = `old+${unique()}`;
    await legacyAccount(plus, `${unique()}@example.in`, 'Old-Account-Pass-1');
    expect((await login(plus, 'Old-Account-Pass-1')).statusCode).toBe(200);
    const email = `${unique()}@example.in`;
    await legacyAccount(`old@${unique()}.in`, email, 'Old-Account-Pass-2');
    expect((await login(email, 'Old-Account-Pass-2')).statusCode).toBe(200);
  });

  it("refuses an e-mail that is already someone's username", async () => {
    const taken = `${unique()}@example.in`;
    await legacyAccount(taken, `${unique()}@example.in`, 'Old-Account-Pass-3');
    const res = await register({ email: taken.toUpperCase() });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ email: ['A user with that email address already exists.'] });
  });

  it("takes names as one line of letters, marks, spaces and . ' - only", async () => {
    for (const name of ["Anne-Marie D'Souza", 'K. Iyer', 'अमित शर्मा', 'Zoë']) expect((await register({ first_name: name })).statusCode, name).toBe(201);
    for (const name of ['Call 9999999999', 'R2D2', '<b>Asha</b>', '-', 'Visit https://evil.example']) {
      const res = await register({ first_name: name, last_name: name });
      expect(res.statusCode, name).toBe(400);
      expect(res.json()).toEqual({ first_name: ["Enter a name using letters, spaces and . ' - only."], last_name: ["Enter a name using letters, spaces and . ' - only."] });
    }
    const twoLines = await register({ first_name: 'Asha\nClick https://evil.example' });
    expect(twoLines.json()).toEqual({ first_name: ['This field must be on one line.'] });
  });

  const booking = (over: Record<string, unknown> = {}) => ({
    date: openDate(2),
    time: '10:00',
    user_name: 'Asha Rao',
    user_email: `${unique()}@example.in`,
    user_phone: '9876543210',
    tests: [testId],
    ...over,
  });
  const book = (payload: object) => t.app.inject({ method: 'POST', url: '/api/appointments/', payload, remoteAddress: `10.92.0.${(++n % 250) + 1}` });

  it('refuses a booking name over several lines and an address with links', async () => {
    const res = await book(booking({ user_name: 'Asha\r\nYour account is locked, call 99999', home_sample: true, address: 'Flat 2\nsee https://evil.example' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ user_name: ['This field must be on one line.'], address: ['Enter the address without web links.'] });
    expect((await book(booking({ home_sample: true, address: 'Flat 2, Sai Residency\nMI Road, Jaipur 302001' }))).statusCode).toBe(201);
  });

  it("sends a confirmation that carries no text of the booker's", async () => {
    const payload = booking({ user_name: "Anne-Marie D'Souza", home_sample: true, address: 'Flat 2, Sai Residency\nMG Road, Jaipur 302016' });
    expect((await book(payload)).statusCode).toBe(201);
    await new Promise((r) => setImmediate(r));
    const mail = t.mail.find((m) => m.to === payload.user_email)!;
    for (const text of [mail.text, mail.html ?? '']) {
      expect(text).not.toContain('Anne');
      expect(text).not.toContain('Sai Residency');
    }
    expect(mail.text).toContain('We will collect your sample at the address given with the booking.');
  });

  it(`sends at most ${CONFIRMATIONS_PER_RECIPIENT_PER_DAY} confirmations to one address a day; the bookings still stand`, async () => {
    const to = `${unique()}@example.in`;
    for (let i = 0; i < CONFIRMATIONS_PER_RECIPIENT_PER_DAY + 2; i++) expect((await book(booking({ user_email: i % 2 ? to : to.toUpperCase() }))).statusCode).toBe(201);
    await new Promise((r) => setImmediate(r));
    expect(t.mail.filter((m) => m.to.toLowerCase() === to)).toHaveLength(CONFIRMATIONS_PER_RECIPIENT_PER_DAY);
  });
});
