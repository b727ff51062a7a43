// The patient's profile through the API: age and sex read with GET /api/users/me/, changed with PATCH
// (fields left out stay, null clears, a date of birth and an age replace each other), an age given in
// years growing older with the clock, and bad input refused with the field named.
import { PROFILE_AGE_OR_BIRTH } from '@lab/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, makeApp, type TestApp } from './helpers.ts';

let t: TestApp;
/** the clock of the rules: the test moves it on a year */
let now = new Date('2026-06-15T06:00:00Z');

beforeAll(async () => {
  t = await makeApp({}, { now: () => now });
});
afterAll(() => t.close());

const patch = (who: { access: string } | null, payload: unknown) =>
  t.app.inject({ method: 'PATCH', url: '/api/users/me/', payload: payload as object, headers: who ? bearer(who) : {} });
const me = async (who: { access: string }) => (await t.app.inject({ method: 'GET', url: '/api/users/me/', headers: bearer(who) })).json();

describe('the patient profile', () => {
  it('starts empty and keeps a date of birth and sex, with the age computed from it', async () => {
    const u = await createUser(t.app);
    expect(await me(u)).toMatchObject({ username: u.username, date_of_birth: null, age_years: null, sex: null });
    const res = await patch(u, { date_of_birth: '1990-06-16', sex: 'female' });
    expect(res.statusCode).toBe(200);
    // the day before the 36th birthday
    expect(res.json()).toMatchObject({ date_of_birth: '1990-06-16', age_years: 35, sex: 'female', email: u.email });
    expect(await me(u)).toMatchObject({ date_of_birth: '1990-06-16', age_years: 35, sex: 'female' });
  });

  it('leaves out fields unchanged, clears with null, and an age replaces a date of birth', async () => {
    const u = await createUser(t.app);
    await patch(u, { date_of_birth: '1980-01-01', sex: 'male' });
    expect((await patch(u, { age_years: 40 })).json()).toMatchObject({ date_of_birth: null, age_years: 40, sex: 'male' });
    expect((await patch(u, { sex: null })).json()).toMatchObject({ age_years: 40, sex: null });
    expect((await patch(u, { date_of_birth: '1981-03-02' })).json()).toMatchObject({ date_of_birth: '1981-03-02', age_years: 45 });
  });

  it('ages an age given in years from the day it was given', async () => {
    const u = await createUser(t.app);
    await patch(u, { age_years: 30, sex: 'other' });
    const before = now;
    try {
      now = new Date('2027-06-16T06:00:00Z');
      expect(await me(u)).toMatchObject({ age_years: 31, sex: 'other' });
    } finally {
      now = before;
    }
  });

  it('refuses bad input naming the field, and changes nothing', async () => {
    const u = await createUser(t.app);
    await patch(u, { age_years: 50 });
    const cases: Array<[unknown, string]> = [
      [{ date_of_birth: '2026-13-40' }, 'date_of_birth'],
      [{ date_of_birth: '2030-01-01' }, 'date_of_birth'],
      [{ age_years: 131 }, 'age_years'],
      [{ age_years: 2 ** 40 }, 'age_years'],
      [{ age_years: 'ten' }, 'age_years'],
      [{ sex: 'x\u0000' }, 'sex'],
      [{ date_of_birth: '1990-01-01', age_years: 36 }, 'age_years'],
    ];
    for (const [body, field] of cases) {
      const res = await patch(u, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json()), JSON.stringify(body)).toContain(field);
    }
    expect((await patch(u, { date_of_birth: '1990-01-01', age_years: 36 })).json()).toEqual({ age_years: [PROFILE_AGE_OR_BIRTH] });
    expect(await me(u)).toMatchObject({ date_of_birth: null, age_years: 50 });
  });

  it('needs a login', async () => {
    expect((await patch(null, { sex: 'male' })).statusCode).toBe(401);
  });
});
