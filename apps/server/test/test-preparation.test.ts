// A test's preparation kept in the staff test editor (docs/features.md#time-slots-home-collection-areas-and-preparation): fasting hours, other instructions and
// the latest sensible time, set on a new test, changed or cleared part by part, audited, read by the
// booking page's list; bad values named by field.
import { FASTING_HOURS_RULE, LATEST_TIME_RULE } from '@lab/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, makeApp, openDate, type TestApp } from './helpers.ts';
import { createStaff, type StaffAccount } from './staff-helpers.ts';

let t: TestApp;
let admin: StaffAccount;
let categoryId: number;

beforeAll(async () => {
  t = await makeApp({ RATE_LIMITS: 'off' });
  admin = await createStaff(t.app, 'admin');
  categoryId = (await t.app.inject({ method: 'GET', url: '/api/categories/' })).json()[0].id;
});
afterAll(() => t.close());

const staff = (method: 'POST' | 'PATCH' | 'GET', url: string, payload?: object) => t.app.inject({ method, url: `/api/staff${url}`, headers: bearer(admin), ...(payload ? { payload } : {}) });
const publicPreparation = async (name: string) =>
  ((await t.app.inject({ method: 'GET', url: '/api/tests/' })).json() as { name: string; preparation?: unknown }[]).find((x) => x.name === name)?.preparation;

describe("a test's preparation in the staff editor", () => {
  it('is set on a new test, changed and cleared part by part, and shown on the booking list', async () => {
    const created = await staff('POST', '/tests', { name: 'Fasting Insulin', category_id: categoryId, price: 650, fasting_hours: 8, instructions: 'Water only.', latest_time: '10:30' });
    expect(created.statusCode, created.body).toBe(201);
    const test = created.json();
    expect(test.preparation).toEqual({ fasting_hours: 8, instructions: 'Water only.', latest_time: '10:30', instructions_hi: null });
    expect(await publicPreparation('Fasting Insulin')).toEqual({ fasting_hours: 8, instructions: 'Water only.', latest_time: '10:30' });

    // A part left out stays; null clears it.
    expect((await staff('PATCH', `/tests/${test.id}`, { price: 700 })).json().preparation).toEqual({ fasting_hours: 8, instructions: 'Water only.', latest_time: '10:30', instructions_hi: null });
    expect((await staff('PATCH', `/tests/${test.id}`, { fasting_hours: null, latest_time: null })).json().preparation).toEqual({ fasting_hours: null, instructions: 'Water only.', latest_time: null, instructions_hi: null });
    expect((await staff('PATCH', `/tests/${test.id}`, { instructions: '' })).json().preparation).toEqual({ fasting_hours: null, instructions: '', latest_time: null, instructions_hi: null });
    expect(await publicPreparation('Fasting Insulin')).toBeUndefined();

    const listed = (await staff('GET', '/tests?q=Fasting%20Insulin')).json().items[0];
    expect(listed.preparation).toEqual({ fasting_hours: null, instructions: '', latest_time: null, instructions_hi: null });
    // Each edit is audited with the fields it changed.
    const audit = await t.app.deps.db.selectFrom('audit_log').select(['before_json', 'after_json']).where('entity', '=', 'test').where('entity_id', '=', String(test.id)).orderBy('id').execute();
    expect(audit.map((a) => [a.before_json && JSON.parse(a.before_json), JSON.parse(a.after_json!)])).toEqual([
      [null, expect.objectContaining({ fasting_hours: 8, preparation: 'Water only.', latest_time: '10:30' })],
      [{ price: 650 }, { price: 700 }],
      [{ fasting_hours: 8, latest_time: '10:30' }, { fasting_hours: null, latest_time: null }],
      [{ preparation: 'Water only.' }, { preparation: '' }],
    ]);
  });

  it('names bad fasting hours, instructions and times', async () => {
    const base = { name: 'Bad Prep', category_id: categoryId, price: 100 };
    for (const fasting_hours of [0, 25, 2.5, 'ten', 2_147_483_648]) {
      expect((await staff('POST', '/tests', { ...base, fasting_hours })).json(), String(fasting_hours)).toEqual({ fasting_hours: [FASTING_HOURS_RULE] });
    }
    for (const latest_time of ['08:30', '09:00', '21:30', '25:00', 'noon']) {
      expect((await staff('POST', '/tests', { ...base, latest_time })).json(), latest_time).toHaveProperty('latest_time');
    }
    expect((await staff('POST', '/tests', { ...base, latest_time: '08:30' })).json()).toEqual({ latest_time: [LATEST_TIME_RULE] });
    expect((await staff('POST', '/tests', { ...base, instructions: 'a\u0000b' })).json()).toHaveProperty('instructions');
    expect((await staff('POST', '/tests', { ...base, instructions: 'x'.repeat(301) })).json()).toHaveProperty('instructions');
  });
});

describe("the dashboard's list carries each appointment's latest time", () => {
  it('is the earliest latest time of its tests, or null when any time suits', async () => {
    const patient = await createUser(t.app);
    const tests = (await t.app.inject({ method: 'GET', url: '/api/tests/' })).json() as { id: number; name: string }[];
    const lipid = tests.find((x) => x.name === 'Lipid Profile')!.id;
    const cbc = tests.find((x) => x.name === 'Complete Blood Count (CBC)')!.id;
    const book = async (time: string, ids: number[]) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/appointments/',
        headers: bearer(patient),
        payload: { date: openDate(3), time, user_name: 'Asha Rao', user_email: patient.email, user_phone: '9876543210', tests: ids },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as string;
    };
    const fasting = await book('09:30', [cbc, lipid]);
    const any = await book('15:00', [cbc]);
    const list = (await t.app.inject({ method: 'GET', url: '/api/users/userappointments/', headers: bearer(patient) })).json() as { id: string; latest_time: string | null }[];
    expect(list.find((a) => a.id === fasting)!.latest_time).toBe('11:00');
    expect(list.find((a) => a.id === any)!.latest_time).toBeNull();
  });
});
