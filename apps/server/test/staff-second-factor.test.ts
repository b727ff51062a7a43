// The staff second factor (docs/security.md, Staff second factor): TOTP enrolment at the first sign-in, a code at every
// sign-in before any /api/staff call, codes that work once, ten one-time recovery codes, a limit on
// wrong codes per device (so a stranger with the password cannot lock the owner out), and a reset of another staff member's factor, audited. The app runs on a clock the
// test moves, and codes come from otplib as an authenticator app would make them.
import { SECOND_FACTOR_REQUIRED, SECOND_FACTOR_WRONG } from '@lab/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_ACCOUNT_FAILURES_MAX, CODE_FAILURES_MAX } from '../src/modules/second-factor/service.ts';
import { bearer, createUser, makeApp, type TestApp, TestClock } from './helpers.ts';
import { createStaff, createStaffWithoutSecondFactor, type StaffAccount, totpCode } from './staff-helpers.ts';

describe('staff second factor', () => {
  let t: TestApp;
  const clock = new TestClock();
  beforeAll(async () => {
    t = await makeApp({}, { clock });
  });
  afterAll(() => t.close());

  const post = (url: string, who: { access: string }, payload?: object) => t.app.inject({ method: 'POST', url, headers: bearer(who), ...(payload ? { payload } : {}) });
  const staffCall = (who: { access: string }) => t.app.inject({ method: 'GET', url: '/api/staff/appointments', headers: bearer(who) });
  const code = (secret: string) => totpCode(secret, clock);
  /** a new sign-in with the password: its tokens have not passed the second step */
  const signIn = async (who: StaffAccount) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/users/login/', payload: { username: who.username, password: who.password }, remoteAddress: '10.60.0.1' });
    expect(res.statusCode).toBe(200);
    return res.json().tokens as { access: string; refresh: string };
  };

  it('keeps /api/staff closed to a staff password alone, and enrols at the first sign-in', async () => {
    const staff = await createStaffWithoutSecondFactor(t.app);
    const refused = await staffCall(staff);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: SECOND_FACTOR_REQUIRED });

    const enrolment = await post('/api/users/second-factor/enrol/', staff);
    expect(enrolment.statusCode).toBe(200);
    const { secret, otpauth_url: url, qr_code: qr } = enrolment.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(url).toMatch(new RegExp(`^otpauth://totp/Lab%20Centre%20Diagnostics:${staff.username}\\?.*secret=${secret}`));
    expect(qr).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qr.split(',')[1], 'base64').toString()).toContain('<svg');

    const wrong = await post('/api/users/second-factor/confirm/', staff, { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ code: [SECOND_FACTOR_WRONG] });
    expect((await post('/api/users/second-factor/confirm/', staff, { code: 'abc' })).json()).toEqual({ code: ['Enter the 6-digit code from your authenticator app.'] });

    const confirmed = await post('/api/users/second-factor/confirm/', staff, { code: await code(secret) });
    expect(confirmed.statusCode).toBe(200);
    const { recovery_codes: recovery, tokens } = confirmed.json();
    expect(recovery).toHaveLength(10);
    expect(new Set(recovery).size).toBe(10);
    expect((await staffCall(tokens)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/second-factor/', headers: bearer(tokens) })).json()).toEqual({ enrolled: true, required: true, passed: true });
    // Set up once: another enrolment is refused (a thief with the password cannot replace the app).
    expect((await post('/api/users/second-factor/enrol/', staff)).statusCode).toBe(409);
    // The recovery codes are stored hashed.
    const stored = await t.app.deps.db.selectFrom('recovery_codes').select('code_hash').execute();
    for (const r of recovery) expect(stored.some((s) => s.code_hash.includes(r))).toBe(false);
  });

  it('asks for a code at every sign-in; a code works once; refreshed tokens keep the step', async () => {
    const staff = await createStaff(t.app);
    const session = await signIn(staff);
    expect((await staffCall(session)).statusCode).toBe(403);
    // The code used at enrolment a moment ago does not work again.
    const replay = await post('/api/users/second-factor/verify/', session, { code: await code(staff.secret) });
    expect(replay.statusCode).toBe(400);
    clock.advance(30_000);
    const passed = await post('/api/users/second-factor/verify/', session, { code: await code(staff.secret) });
    expect(passed.statusCode).toBe(200);
    expect((await staffCall(passed.json().tokens)).statusCode).toBe(200);
    const refreshed = await t.app.inject({ method: 'POST', url: '/api/users/token/refresh/', payload: { refresh: passed.json().tokens.refresh } });
    expect((await staffCall(refreshed.json())).statusCode).toBe(200);
    // The session from before the step stays a password-only one, however often it is refreshed.
    const plain = await t.app.inject({ method: 'POST', url: '/api/users/token/refresh/', payload: { refresh: session.refresh } });
    expect((await staffCall(plain.json())).statusCode).toBe(403);
  });

  it('takes each recovery code once', async () => {
    const staff = await createStaff(t.app);
    const session = await signIn(staff);
    const once = await post('/api/users/second-factor/verify/', session, { recovery_code: staff.recoveryCodes[3]!.toUpperCase() });
    expect(once.statusCode).toBe(200);
    expect((await staffCall(once.json().tokens)).statusCode).toBe(200);
    const twice = await post('/api/users/second-factor/verify/', session, { recovery_code: staff.recoveryCodes[3]! });
    expect(twice.statusCode).toBe(400);
    expect(Object.keys(twice.json())).toEqual(['recovery_code']);
  });

  it(`allows ${CODE_FAILURES_MAX} wrong codes in 15 minutes, even sent at once`, async () => {
    const staff = await createStaff(t.app);
    const session = await signIn(staff);
    const results = await Promise.all(Array.from({ length: 20 }, () => post('/api/users/second-factor/verify/', session, { code: '000000' })));
    expect(results.filter((r) => r.statusCode === 400)).toHaveLength(CODE_FAILURES_MAX);
    expect(results.filter((r) => r.statusCode === 429)).toHaveLength(20 - CODE_FAILURES_MAX);
    clock.advance(30_000);
    expect((await post('/api/users/second-factor/verify/', session, { code: await code(staff.secret) })).statusCode).toBe(429);
    clock.advance(15 * 60_000);
    expect((await post('/api/users/second-factor/verify/', session, { code: await code(staff.secret) })).statusCode).toBe(200);
  });

  it("counts a stranger's wrong codes against their own devices: the owner's known browser and recovery codes still get in", async () => {
    const staff = await createStaff(t.app);
    const verify = (session: { access: string }, payload: object, remoteAddress: string, cookies: Record<string, string> = {}) =>
      t.app.inject({ method: 'POST', url: '/api/users/second-factor/verify/', headers: bearer(session), payload, remoteAddress, cookies });
    // The owner's browser passes the step once and is known from then on.
    clock.advance(30_000);
    const owner = await verify(await signIn(staff), { code: await code(staff.secret) }, '10.61.0.1');
    expect(owner.statusCode).toBe(200);
    const device = owner.cookies.find((c) => c.name === 'lab_staff_device')!;
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/users/second-factor' });

    // Someone who knows the password: 5 wrong codes from an address, then 429 there …
    const thief = await signIn(staff);
    for (let i = 0; i < CODE_FAILURES_MAX; i++) expect((await verify(thief, { code: '000000' }, '10.61.1.1')).statusCode).toBe(400);
    expect((await verify(thief, { code: '000000' }, '10.61.1.1')).statusCode).toBe(429);
    // … and from enough addresses, the ceiling of all unknown devices together.
    for (let a = 2; a <= CODE_ACCOUNT_FAILURES_MAX / CODE_FAILURES_MAX; a++) {
      for (let i = 0; i < CODE_FAILURES_MAX; i++) await verify(thief, { code: '000000' }, `10.61.${a}.1`);
    }
    expect((await verify(thief, { code: '000000' }, '10.61.99.1')).statusCode).toBe(429);

    // The owner's known browser is not locked: its budget is its own.
    clock.advance(30_000);
    expect((await verify(await signIn(staff), { code: await code(staff.secret) }, '10.61.0.1', { lab_staff_device: device.value })).statusCode).toBe(200);
    // A new device of the owner's gets in with a recovery code, whatever the codes spent.
    clock.advance(30_000);
    const fresh = await signIn(staff);
    expect((await verify(fresh, { code: await code(staff.secret) }, '10.61.98.1')).statusCode).toBe(429);
    expect((await verify(fresh, { recovery_code: staff.recoveryCodes[0]! }, '10.61.98.1')).statusCode).toBe(200);
    // A known device's cookie is no pass for another account, and its own wrong codes are limited.
    const other = await createStaff(t.app);
    const elsewhere = await signIn(other);
    for (let i = 0; i < CODE_FAILURES_MAX; i++) expect((await verify(elsewhere, { code: '000000' }, '10.61.97.1', { lab_staff_device: device.value })).statusCode).toBe(400);
    expect((await verify(elsewhere, { code: '000000' }, '10.61.97.1', { lab_staff_device: device.value })).statusCode).toBe(429);
    for (let i = 0; i < CODE_FAILURES_MAX; i++) expect((await verify(await signIn(staff), { code: '000000' }, '10.61.0.1', { lab_staff_device: device.value })).statusCode).toBe(400);
    expect((await verify(await signIn(staff), { code: '000000' }, '10.61.0.1', { lab_staff_device: device.value })).statusCode).toBe(429);
    clock.advance(15 * 60_000);
  });

  it("lets a staff member reset another's factor, audited; the other signs in again and enrols", async () => {
    const [admin, lost] = await Promise.all([createStaff(t.app), createStaff(t.app)]);
    const self = await t.app.inject({ method: 'DELETE', url: `/api/staff/accounts/${admin.id}/second-factor`, headers: bearer(admin) });
    expect(self.statusCode).toBe(400);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/staff/accounts/${lost.id}/second-factor`, headers: bearer(admin) });
    expect(res.statusCode).toBe(200);
    // Every session of the account ends at once.
    expect((await staffCall(lost)).statusCode).toBe(401);
    const refresh = await t.app.inject({ method: 'POST', url: '/api/users/token/refresh/', payload: { refresh: lost.refresh } });
    expect(refresh.statusCode).toBe(401);
    const session = await signIn(lost);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/second-factor/', headers: bearer(session) })).json()).toEqual({ enrolled: false, required: true, passed: false });
    const audit = (await t.app.inject({ method: 'GET', url: '/api/staff/audit?entity=user', headers: bearer(admin) })).json();
    expect(audit.items[0]).toMatchObject({ action: 'second-factor-reset', entity_id: String(lost.id), actor: admin.username, before: { enrolled: true }, after: { enrolled: false } });
  });

  it('asks nothing of patients', async () => {
    const patient = await createUser(t.app);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/second-factor/', headers: bearer(patient) })).json()).toEqual({ enrolled: false, required: false, passed: false });
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me/', headers: bearer(patient) })).statusCode).toBe(200);
  });
});
