// A staff account for browser tests that need the front desk: made with `npm run staff:create` against
// the e2e server's own database (as an operator would), its second factor set up through the API with
// codes from otplib (as the authenticator app makes them). Its tokens call the staff API; its recovery
// codes sign it in to the console in the browser (a TOTP code works once per 30 seconds).
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { StaffRole } from '@lab/contract';
import type { APIRequestContext, Page } from '@playwright/test';
import { generate } from 'otplib';
import { logIn, registerUser, unique } from '../../test-support/users.ts';
import { expect, poster } from './fixtures.ts';

const run = promisify(execFile);
const PORT = process.env.E2E_PORT ?? '3100';
const repoRoot = path.resolve(import.meta.dirname, '../..');

export interface DeskAccount {
  username: string;
  password: string;
  access: string;
  recoveryCodes: string[];
}

/** an admin (the command line's role, which may do everything reception does) past its second factor */
export async function createDeskAccount(request: APIRequestContext, names = { first: 'Asha', last: 'Rao' }): Promise<DeskAccount> {
  const username = unique('desk_');
  const password = `Tulsi-${randomBytes(6).toString('hex')}-Quay`;
  // e2e-server.mjs leaves the address of its database here, so the command line can reach it.
  const { databaseUrl } = JSON.parse(readFileSync(path.join(tmpdir(), `lab-e2e-${PORT}.json`), 'utf8')) as { databaseUrl: string };
  await run('npm', ['run', '--silent', 'staff:create', '--', '--username', username, '--email', `${username}@example.com`, '--first-name', names.first, '--last-name', names.last], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: databaseUrl, STAFF_PASSWORD: password, JWT_SECRET: 'e2e-cli-secret-e2e-cli-secret-e2e-cli-0', LOG_LEVEL: 'silent' },
    timeout: 60_000,
  });
  const body = await pastSecondFactor(request, { username, password });
  return { username, password, access: body.tokens.access, recoveryCodes: body.recovery_codes };
}

/** signs a staff member in through the API and sets up their authenticator, as the console does */
async function pastSecondFactor(request: APIRequestContext, user: { username: string; password: string }): Promise<{ tokens: { access: string }; recovery_codes: string[] }> {
  const login = await request.post('/api/users/login/', { data: { username: user.username, password: user.password } });
  expect(login.status()).toBe(200);
  const headers = { Authorization: `Bearer ${(await login.json()).tokens.access}` };
  const enrol = await request.post('/api/users/second-factor/enrol/', { headers });
  expect(enrol.status()).toBe(200);
  const { secret } = (await enrol.json()) as { secret: string };
  const confirmed = await request.post('/api/users/second-factor/confirm/', { headers, data: { code: await generate({ secret }) } });
  expect(confirmed.status()).toBe(200);
  return (await confirmed.json()) as { tokens: { access: string }; recovery_codes: string[] };
}

/**
 * A registered account given a staff role by the admin (as the console's accounts screen does), past its
 * second factor: its access token for the staff API.
 */
export async function staffWithRole(request: APIRequestContext, desk: DeskAccount, role: StaffRole, extra: object = {}): Promise<string> {
  return (await consoleAccountWithRole(request, desk, role, extra)).access;
}

/** as staffWithRole, with what signing in to the console in the browser needs (signInToConsole) */
export async function consoleAccountWithRole(request: APIRequestContext, desk: DeskAccount, role: StaffRole, extra: object = {}, names: { first_name?: string; last_name?: string } = {}): Promise<DeskAccount> {
  const user = await registerUser(poster(request), names);
  const made = await request.post('/api/staff/accounts', { headers: { Authorization: `Bearer ${desk.access}` }, data: { username: user.username, staff_role: role, ...extra } });
  expect(made.status()).toBe(201);
  const body = await pastSecondFactor(request, user);
  return { username: user.username, password: user.password, access: body.tokens.access, recoveryCodes: body.recovery_codes };
}

/** signs in to the console in the browser: password, then a recovery code as the second step */
export async function signInToConsole(page: Page, desk: DeskAccount, to = '/staff'): Promise<void> {
  await page.goto(to);
  await page.getByLabel('Username').fill(desk.username);
  await page.getByLabel('Password').fill(desk.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery code').fill(desk.recoveryCodes.pop()!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Staff console' })).toBeVisible();
}

/** pays a bill as the patient does (a UTR) and confirms it as the front desk does, through the API */
export async function payByUpi(request: APIRequestContext, billKey: string, desk: DeskAccount): Promise<void> {
  const utr = String(100_000_000_000 + (randomBytes(5).readUIntBE(0, 5) % 899_999_999_999));
  expect((await request.post(`/api/billing/${billKey}/utr/`, { data: { utr } })).status()).toBe(200);
  const headers = { Authorization: `Bearer ${desk.access}` };
  const pending = (await (await request.get('/api/staff/payments/pending', { headers })).json()) as Array<{ id: number; reference: string }>;
  const payment = pending.find((p) => p.reference === utr)!;
  expect((await request.post(`/api/staff/payments/${payment.id}/confirm`, { headers })).status()).toBe(200);
}

/**
 * A patient's home collection of the named tests, booked through the API as the patient, then given by the
 * desk to the phlebotomist (whose run lists only their own visits): answers the appointment's id.
 */
export async function homeVisitFor(
  request: APIRequestContext,
  desk: DeskAccount,
  phlebotomist: { username: string },
  patient: { username: string; password: string; email: string },
  visit: { name: string; date: string; time: string; tests: string[] },
): Promise<string> {
  const deskHeaders = { Authorization: `Bearer ${desk.access}` };
  const accounts = (await (await request.get('/api/staff/accounts', { headers: deskHeaders })).json()) as { id: number; username: string }[];
  const tests = (await (await request.get('/api/tests/')).json()) as { id: number; name: string }[];
  const token = (await logIn(poster(request), patient)).tokens.access;
  const booked = await request.post('/api/appointments/', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      date: visit.date,
      time: visit.time,
      user_name: visit.name,
      user_email: patient.email,
      user_phone: '9829012345',
      tests: visit.tests.map((n) => tests.find((t) => t.name === n)!.id),
      home_sample: true,
      home_address: { house: '12', street: 'Main Road', locality: 'Near the park', city: 'Jaipur', pin: '302017' },
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const id = (await booked.json()).id as string;
  const phlebotomistId = accounts.find((a) => a.username === phlebotomist.username)!.id;
  expect((await request.put(`/api/staff/home-visits/${id}/phlebotomist`, { headers: deskHeaders, data: { phlebotomist_id: phlebotomistId } })).status()).toBe(200);
  return id;
}
