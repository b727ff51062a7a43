// Home collection areas: a home collection needs a PIN code the lab serves, sent in a structured
// address or, by older clients, inside the one-string address; staff keep the list of PIN codes.
import { PIN_MISSING, PIN_NOT_SERVED } from '@lab/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, makeApp, spreadVisit, type TestApp } from './helpers.ts';
import { createStaff, type StaffAccount } from './staff-helpers.ts';

let t: TestApp;
let staff: StaffAccount;
let testId: number;
let booked = 0;

beforeAll(async () => {
  t = await makeApp({ RATE_LIMITS: 'off' });
  staff = await createStaff(t.app, 'reception');
  testId = (await t.app.inject({ method: 'GET', url: '/api/tests/' })).json()[0].id;
});
afterAll(() => t.close());

const home = (where: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/appointments/',
    payload: { ...spreadVisit(booked++, 3), user_name: 'Asha Rao', user_email: 'asha@example.com', user_phone: '9876543210', tests: [testId], home_sample: true, ...where },
  });
const stored = (id: string) => t.app.deps.db.selectFrom('appointments').select(['address', 'pin']).where('id', '=', id).executeTakeFirstOrThrow();
const parts = { house: 'Flat 4, Shanti Apartments', street: 'Bhagwan Das Road', locality: 'C-Scheme', city: 'Jaipur', pin: '302001' };

describe('a home collection needs a served PIN code', () => {
  it('takes a structured address and stores it as one line with its PIN', async () => {
    const res = await home({ home_address: parts });
    expect(res.statusCode, res.body).toBe(201);
    expect(await stored(res.json().id)).toEqual({ address: 'Flat 4, Shanti Apartments, Bhagwan Das Road, C-Scheme, Jaipur 302001', pin: '302001' });
  });

  it('refuses a PIN code not served, or not a PIN code, naming the field', async () => {
    const unserved = await home({ home_address: { ...parts, pin: '110001' } });
    expect(unserved.statusCode).toBe(400);
    expect(unserved.json()).toEqual({ 'home_address.pin': [PIN_NOT_SERVED] });
    expect((await home({ home_address: { ...parts, pin: '30200' } })).json()).toHaveProperty(['home_address.pin']);
    expect((await home({ home_address: { ...parts, locality: '' } })).json()).toHaveProperty(['home_address.locality']);
  });

  it('still takes an address as one string from older clients when it holds a served PIN', async () => {
    const ok = await home({ address: 'House 12, Raja Park\nJaipur 302 004' });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(await stored(ok.json().id)).toEqual({ address: 'House 12, Raja Park\nJaipur 302 004', pin: '302004' });
    expect((await home({ address: '12 Connaught Place, New Delhi 110001' })).json()).toEqual({ address: [PIN_NOT_SERVED] });
    expect((await home({ address: '12 MI Road, Jaipur' })).json()).toEqual({ address: [PIN_MISSING] });
  });

  it('tells the booking page whether a PIN code is served', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/home-collection/pins/302017/' })).json()).toEqual({ pin: '302017', locality: 'Malviya Nagar' });
    const no = await t.app.inject({ method: 'GET', url: '/api/home-collection/pins/110001/' });
    expect(no.statusCode).toBe(404);
    expect(no.json()).toEqual({ error: PIN_NOT_SERVED });
    expect((await t.app.inject({ method: 'GET', url: '/api/home-collection/pins/abc/' })).json()).toHaveProperty('pin');
  });
});

describe('staff keep the PIN codes served', () => {
  const asStaff = (method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object) => t.app.inject({ method, url, headers: bearer(staff), ...(payload ? { payload } : {}) });

  it('adds a PIN code, which opens home collection there, renames and removes it, audited', async () => {
    const address = { home_address: { ...parts, locality: 'Sanganer', pin: '302029' } };
    expect((await home(address)).json()).toEqual({ 'home_address.pin': [PIN_NOT_SERVED] });
    // staff read the Hindi locality beside the English (migration 045): none written here
    expect((await asStaff('PUT', '/api/staff/pins/302029', { locality: 'Sanganer' })).json()).toEqual({ pin: '302029', locality: 'Sanganer', locality_hi: null });
    expect((await home(address)).statusCode).toBe(201);
    expect((await asStaff('PUT', '/api/staff/pins/302029', { locality: 'Sanganer Town' })).statusCode).toBe(200);
    expect((await asStaff('GET', '/api/staff/pins')).json()).toContainEqual({ pin: '302029', locality: 'Sanganer Town', locality_hi: null });
    expect((await asStaff('DELETE', '/api/staff/pins/302029')).statusCode).toBe(204);
    expect((await home(address)).json()).toEqual({ 'home_address.pin': [PIN_NOT_SERVED] });
    const audit = await t.app.deps.db.selectFrom('audit_log').select('action').where('entity', '=', 'service_pin').where('entity_id', '=', '302029').orderBy('id').execute();
    expect(audit.map((a) => a.action)).toEqual(['create', 'update', 'delete']);
  });

  it('names a bad PIN code or locality', async () => {
    expect((await asStaff('PUT', '/api/staff/pins/12345', { locality: 'X' })).json()).toHaveProperty('pin');
    expect((await asStaff('PUT', '/api/staff/pins/302030', { locality: '' })).json()).toHaveProperty('locality');
    expect((await asStaff('PUT', '/api/staff/pins/302030', { locality: 'A\u0000B' })).json()).toHaveProperty('locality');
  });
});
