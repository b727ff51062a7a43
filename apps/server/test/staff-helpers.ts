// Factories of the staff tests: a staff account (registered through the API, then given the role the
// way the command line does), and bookings made through the public API from addresses of their own.
import { randomBytes } from 'node:crypto';
import type { StaffRole } from '@lab/contract';
import { generate } from 'otplib';
import type { App } from '../src/lib/context.ts';
import { promoteToStaff } from '../src/modules/staff-accounts/service.ts';
import { logIn } from '../../../test-support/users.ts';
import { type Account, createUser, poster, spreadVisit } from './helpers.ts';

const address = () => `10.200.${randomBytes(1)[0]!}.${(randomBytes(1)[0]! % 250) + 1}`;

/** the current code of a TOTP secret, as the staff member's authenticator app shows it */
export const totpCode = (secret: string, clock?: { now(): number }) =>
  generate({ secret, ...(clock ? { epoch: Math.floor(clock.now() / 1000) } : {}) });

/** a staff member past the password only: their tokens do not yet open /api/staff */
/** (the command line makes an admin; `role` then replaces it) */
export async function createStaffWithoutSecondFactor(app: App, role: StaffRole = 'admin', names: { first_name: string; last_name: string } = { first_name: 'Meera', last_name: 'Iyer' }): Promise<Account> {
  const account = await createUser(app, names);
  await promoteToStaff(app.deps.db, account.id);
  if (role !== 'admin') {
    const qualified = role === 'pathologist' ? { qualification: 'MD (Pathology)', registration_no: `RMC-${account.id}` } : {};
    await app.deps.db.updateTable('users').set({ staff_role: role, ...qualified }).where('id', '=', account.id).execute();
  }
  const body = await logIn(poster(app), account);
  if (body.is_staff !== true) throw new Error('the login answer does not say is_staff');
  return { ...account, access: body.tokens.access, refresh: body.tokens.refresh };
}

export interface StaffAccount extends Account {
  /** the TOTP secret the staff member's app holds */
  secret: string;
  recoveryCodes: string[];
}

/** a staff member: registered as a patient, promoted, logged in again, enrolled in TOTP and past the second step */
export async function createStaff(app: App, role: StaffRole = 'admin', names?: { first_name: string; last_name: string }): Promise<StaffAccount> {
  const account = await createStaffWithoutSecondFactor(app, role, names);
  const headers = { authorization: `Bearer ${account.access}` };
  const enrolment = await app.inject({ method: 'POST', url: '/api/users/second-factor/enrol/', headers });
  if (enrolment.statusCode !== 200) throw new Error(`enrolment failed: ${enrolment.statusCode} ${enrolment.body}`);
  const { secret } = enrolment.json();
  const confirmed = await app.inject({ method: 'POST', url: '/api/users/second-factor/confirm/', headers, payload: { code: await totpCode(secret, app.deps.clock) } });
  if (confirmed.statusCode !== 200) throw new Error(`second factor failed: ${confirmed.statusCode} ${confirmed.body}`);
  const body = confirmed.json();
  return { ...account, access: body.tokens.access, refresh: body.tokens.refresh, secret, recoveryCodes: body.recovery_codes };
}

export interface BookingOverrides {
  tests?: number[];
  user_name?: string;
  user_email?: string;
  user_phone?: string;
  date?: string;
  time?: string;
  patient_date_of_birth?: string;
  patient_age_years?: number;
  patient_sex?: 'male' | 'female' | 'other';
  language?: 'en' | 'hi';
  abha_number?: string;
  abha_address?: string;
  channels?: Array<'email' | 'whatsapp' | 'sms'>;
  home_sample?: boolean;
  address?: string;
}

let booked = 0;

/** books through the public API (as `who` when given) and answers the new appointment's id; each booking takes a slot of its own unless told */
export async function book(app: App, overrides: BookingOverrides = {}, who?: Account): Promise<string> {
  let tests = overrides.tests;
  if (!tests) {
    const list = (await app.inject({ method: 'GET', url: '/api/tests/' })).json() as { id: number }[];
    tests = [list[0]!.id];
  }
  const res = await app.inject({
    method: 'POST',
    url: '/api/appointments/',
    remoteAddress: address(),
    headers: who ? { authorization: `Bearer ${who.access}` } : {},
    payload: {
      ...spreadVisit(booked++, 2, { morningOnly: true }),
      user_name: 'Ravi Kumar',
      user_email: 'ravi@example.com',
      user_phone: '9876543210',
      home_sample: false,
      ...overrides,
      tests,
    },
  });
  if (res.statusCode !== 201) throw new Error(`booking failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { id: string }).id;
}

/** a fresh 12-digit UPI transaction reference (UTR) */
export const newUtr = () => String(100_000_000_000 + (randomBytes(5).readUIntBE(0, 5) % 899_999_999_999));

/** pays a bill as a patient does (the UTR of a UPI payment) and confirms it as the front desk does */
export async function payByUpi(app: App, billKey: string, desk: Account): Promise<void> {
  const utr = newUtr();
  const submitted = await app.inject({ method: 'POST', url: `/api/billing/${billKey}/utr/`, payload: { utr } });
  if (submitted.statusCode !== 200) throw new Error(`UTR refused: ${submitted.statusCode} ${submitted.body}`);
  const headers = { authorization: `Bearer ${desk.access}` };
  const pending = (await app.inject({ method: 'GET', url: '/api/staff/payments/pending', headers })).json() as { id: number; reference: string }[];
  const payment = pending.find((p) => p.reference === utr);
  if (!payment) throw new Error('the UTR is not on the desk');
  const confirmed = await app.inject({ method: 'POST', url: `/api/staff/payments/${payment.id}/confirm`, headers });
  if (confirmed.statusCode !== 200) throw new Error(`confirmation failed: ${confirmed.statusCode} ${confirmed.body}`);
}

/**
 * A visit taken to a released report the way the lab does it: staff move it to "sample collected", a
 * technician enters `value` for every parameter, a different pathologist releases.
 */
export async function releaseWith(app: App, staff: { admin: Account; technician: Account; pathologist: Account }, id: string, value: string): Promise<void> {
  const as = (who: Account, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    app.inject({ method, url, headers: { authorization: `Bearer ${who.access}` }, ...(payload ? { payload } : {}) });
  for (const status of ['approved', 'sample_collected']) {
    const moved = await as(staff.admin, 'POST', `/api/staff/appointments/${id}/status`, { status });
    if (moved.statusCode !== 200) throw new Error(`status ${status} refused: ${moved.statusCode} ${moved.body}`);
  }
  const rows = ((await as(staff.technician, 'GET', `/api/staff/results/${id}`)).json() as { rows: Array<{ parameter_id: number }> }).rows;
  const entered = await as(staff.technician, 'PUT', `/api/staff/results/${id}`, { results: rows.map((r) => ({ parameter_id: r.parameter_id, value })), final: true });
  if (entered.statusCode !== 200) throw new Error(`results refused: ${entered.statusCode} ${entered.body}`);
  const released = await as(staff.pathologist, 'POST', `/api/staff/results/${id}/release`);
  if (released.statusCode !== 200) throw new Error(`release refused: ${released.statusCode} ${released.body}`);
}
