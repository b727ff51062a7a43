// The patient's details are remembered (decision 053): the age or date of birth, sex and phone a
// signed-in patient types when booking for themselves are kept on the account (GET /api/users/me/
// returns them for the next booking's prefill), the patient can change the phone on the profile, a
// booking for someone else leaves the profile alone, and each change is audited without the values.
// SQLite and, with DATABASE_URL, PostgreSQL.
import { privacyNotice } from '@lab/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, json, makeApp, spreadVisit, type TestApp } from './helpers.ts';

let t: TestApp;
let testIds: number[];
let visit = 0;

beforeAll(async () => {
  t = await makeApp({ RATE_LIMITS: 'off' });
  testIds = json<{ id: number; category: string }[]>(await t.app.inject({ method: 'GET', url: '/api/tests/' }))
    .filter((x) => x.category === 'Hematology')
    .map((x) => x.id);
});
afterAll(() => t.close());

const booking = (over: Record<string, unknown> = {}) => ({
  ...spreadVisit(visit++, 2),
  user_name: 'Ravi Kumar',
  user_email: 'ravi@example.com',
  user_phone: '98290 12345',
  tests: [testIds[0]],
  consent: { notice_version: privacyNotice.version, purposes: ['service'] },
  ...over,
});
const book = (payload: object, headers: Record<string, string>) => t.app.inject({ method: 'POST', url: '/api/appointments/', payload, headers });
const me = async (who: { access: string }) => (await t.app.inject({ method: 'GET', url: '/api/users/me/', headers: bearer(who) })).json();
const audits = (userId: number) =>
  t.app.deps.db
    .selectFrom('audit_log')
    .selectAll()
    .where('entity', '=', 'user')
    .where('entity_id', '=', String(userId))
    .where('action', 'in', ['profile', 'profile-from-booking'])
    .orderBy('id')
    .execute();

describe('details typed at booking are kept on the profile', () => {
  it('keeps the date of birth, sex and phone of a booking for oneself, and the next booking reads them', async () => {
    const u = await createUser(t.app);
    expect(await me(u)).toMatchObject({ date_of_birth: null, age_years: null, sex: null, phone: null });
    const res = await book(booking({ booking_for: 'self', patient_date_of_birth: '1990-05-04', patient_sex: 'female' }), bearer(u));
    expect(res.statusCode).toBe(201);
    expect(await me(u)).toMatchObject({ date_of_birth: '1990-05-04', sex: 'female', phone: '98290 12345' });

    // An age in years replaces the date of birth; a booking without a sex keeps the one known.
    expect((await book(booking({ booking_for: 'self', patient_age_years: 41, user_phone: '+91 98290 55555' }), bearer(u))).statusCode).toBe(201);
    expect(await me(u)).toMatchObject({ date_of_birth: null, age_years: 41, sex: 'female', phone: '+91 98290 55555' });

    const entries = await audits(u.id);
    expect(entries.map((e) => e.action)).toEqual(['profile-from-booking', 'profile-from-booking']);
    // the fields that changed, never their values
    expect(JSON.parse(entries[0]!.after_json!)).toEqual({ changed: ['phone', 'date_of_birth', 'sex'] });
    expect(entries.map((e) => `${e.before_json} ${e.after_json}`).join()).not.toMatch(/98290|1990|female/);
  });

  it('leaves the profile alone when booking for someone else, and writes no audit entry for the same details', async () => {
    const u = await createUser(t.app);
    expect((await book(booking({ booking_for: 'other', patient_age_years: 70, patient_sex: 'male' }), bearer(u))).statusCode).toBe(201);
    expect(await me(u)).toMatchObject({ date_of_birth: null, age_years: null, sex: null, phone: null });

    expect((await book(booking({ booking_for: 'self', patient_age_years: 30, patient_sex: 'male' }), bearer(u))).statusCode).toBe(201);
    expect((await book(booking({ booking_for: 'self', patient_age_years: 30, patient_sex: 'male' }), bearer(u))).statusCode).toBe(201);
    expect((await audits(u.id)).length).toBe(1);
  });

  it('lets the patient change or clear the phone on the profile, and refuses a bad one naming the field', async () => {
    const u = await createUser(t.app);
    const patch = (payload: object) => t.app.inject({ method: 'PATCH', url: '/api/users/me/', payload, headers: bearer(u) });
    expect((await patch({ phone: '9876543210' })).json()).toMatchObject({ phone: '9876543210' });
    for (const phone of ['12345', 'call me', 'x\u0000', 2 ** 40]) {
      const res = await patch({ phone });
      expect(res.statusCode, String(phone)).toBe(400);
      expect(Object.keys(res.json())).toEqual(['phone']);
    }
    expect((await patch({ phone: null })).json()).toMatchObject({ phone: null });
    expect((await audits(u.id)).map((e) => e.action)).toEqual(['profile', 'profile']);
  });

  it('a guest booking keeps nothing on any account', async () => {
    const before = await t.app.deps.db.selectFrom('users').select('id').where('phone', 'is not', null).execute();
    expect((await book(booking({ user_phone: '91111 22222' }), {})).statusCode).toBe(201);
    const after = await t.app.deps.db.selectFrom('users').select('id').where('phone', 'is not', null).execute();
    expect(after.length).toBe(before.length);
  });
});
