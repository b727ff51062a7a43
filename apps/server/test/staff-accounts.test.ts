// Staff accounts: the core of `npm run staff:create` on the test database, the command itself run as
// a process against a SQLite file, and the lifecycle rules it relies on.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { APPOINTMENT_FLOW, type AppointmentStatus, nextStatus, SECOND_FACTOR_REQUIRED } from '@lab/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../src/db/index.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { transitionError } from '../src/modules/appointments/appointment-flow.ts';
import { createStaffAccount, planStaffAccount, promoteToStaff, StaffAccountError } from '../src/modules/staff-accounts/service.ts';
import { bearer, createUser, makeApp, type TestApp, unique } from './helpers.ts';
import { totpCode } from './staff-helpers.ts';

describe('staff account core', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp();
  });
  afterAll(() => t.close());

  const details = (name: string) => ({ username: name, email: `${name}@example.com`, firstName: 'Nisha', lastName: 'Menon' });

  it('creates a staff account that signs in with is_staff and reaches the staff API', async () => {
    const name = unique('staff');
    expect(await planStaffAccount(t.app.deps.db, details(name))).toEqual({ kind: 'create' });
    const { id } = await createStaffAccount(t.app.deps.db, details(name), 'Granite-Owl-417');
    const login = await t.app.inject({ method: 'POST', url: '/api/users/login/', payload: { username: name, password: 'Granite-Owl-417' }, remoteAddress: '10.210.0.1' });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ username: name, is_staff: true });
    // The account enrols its authenticator app at this first sign-in: until then no staff call works.
    const headers = bearer({ access: login.json().tokens.access });
    const before = await t.app.inject({ method: 'GET', url: '/api/staff/audit?entity=user', headers });
    expect(before.statusCode).toBe(403);
    expect(before.json()).toEqual({ error: SECOND_FACTOR_REQUIRED });
    expect((await t.app.inject({ method: 'GET', url: '/api/users/second-factor/', headers })).json()).toEqual({ enrolled: false, required: true, passed: false });
    const { secret } = (await t.app.inject({ method: 'POST', url: '/api/users/second-factor/enrol/', headers })).json();
    const confirmed = await t.app.inject({ method: 'POST', url: '/api/users/second-factor/confirm/', headers, payload: { code: await totpCode(secret) } });
    expect(confirmed.statusCode).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: '/api/staff/audit?entity=user', headers: bearer(confirmed.json().tokens) });
    expect(res.statusCode).toBe(200);
    expect(res.json().items.find((e: { entity_id: string }) => e.entity_id === String(id))).toMatchObject({ action: 'create_staff', actor_user_id: null });
  });

  it('applies the registration rules to the password and the details', async () => {
    const name = unique('staff');
    const weak = await createStaffAccount(t.app.deps.db, details(name), 'password').catch((e: unknown) => e);
    expect(weak).toBeInstanceOf(StaffAccountError);
    expect((weak as StaffAccountError).problems).toContain('This password is too common.');
    const similar = await createStaffAccount(t.app.deps.db, details('nishamenon'), 'nishamenon1').catch((e: unknown) => e);
    expect((similar as StaffAccountError).problems.join(' ')).toMatch(/too similar/);
    const badEmail = await planStaffAccount(t.app.deps.db, { ...details(name), email: 'not-an-email' }).catch((e: unknown) => e);
    expect((badEmail as StaffAccountError).problems).toEqual(['email: Enter a valid email address.']);
    const badName = await planStaffAccount(t.app.deps.db, { ...details('has space'), email: 'x@example.com' }).catch((e: unknown) => e);
    expect((badName as StaffAccountError).problems[0]).toMatch(/^username: /);
    expect(await t.app.deps.db.selectFrom('users').select('id').where('username_key', '=', name.toLowerCase()).executeTakeFirst()).toBeUndefined();
  });

  it('promotes an existing patient with the same username and e-mail, and refuses a mismatch', async () => {
    const patient = await createUser(t.app);
    const input = { username: patient.username.toUpperCase(), email: patient.email, firstName: 'x', lastName: 'y' };
    const plan = await planStaffAccount(t.app.deps.db, input);
    expect(plan).toMatchObject({ kind: 'promote', user: { id: patient.id, username: patient.username } });
    expect((await t.app.inject({ method: 'GET', url: '/api/staff/audit', headers: bearer(patient) })).statusCode).toBe(403);
    await promoteToStaff(t.app.deps.db, patient.id);
    // The role is read from the database, so the token from before the promotion is no longer
    // refused as a patient's: it is asked for the second step.
    const asked = await t.app.inject({ method: 'GET', url: '/api/staff/audit', headers: bearer(patient) });
    expect(asked.statusCode).toBe(403);
    expect(asked.json()).toEqual({ error: SECOND_FACTOR_REQUIRED });
    expect(await planStaffAccount(t.app.deps.db, input)).toMatchObject({ kind: 'already-staff' });

    const mismatch = await planStaffAccount(t.app.deps.db, { ...input, email: 'someone-else@example.com' }).catch((e: unknown) => e);
    expect((mismatch as Error).message).toMatch(/exists with another e-mail address/);
    const other = await createUser(t.app);
    const takenEmail = await planStaffAccount(t.app.deps.db, { username: unique('new'), email: other.email, firstName: 'a', lastName: 'b' }).catch((e: unknown) => e);
    expect((takenEmail as Error).message).toMatch(/belongs to another account/);
  });
});

describe('npm run staff:create', () => {
  const serverDir = path.resolve(import.meta.dirname, '..');
  let dir: string;
  let url: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'staff-cli-'));
    url = `file:${path.join(dir, 'lab.db')}`;
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  function cli(args: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
    return new Promise((resolve) => {
      const child = execFile(
        process.execPath,
        ['--import', 'tsx', 'src/cli/staff-create.ts', ...args],
        {
          cwd: serverDir,
          env: { PATH: process.env.PATH ?? '', DATABASE_URL: url, JWT_SECRET: 'cli-secret-cli-secret-cli-secret-000000', LOG_LEVEL: 'silent', ...env },
          timeout: 60_000,
        },
        (err, stdout, stderr) => resolve({ code: err ? Number(err.code ?? 1) : 0, stdout, stderr }),
      );
      child.stdin?.end();
    });
  }

  it('creates the account from STAFF_PASSWORD, and says so when run again', async () => {
    const made = await cli(['--username', 'head.nurse', '--email', 'head.nurse@example.com'], { STAFF_PASSWORD: 'Copper-Kettle-81' });
    expect(made.stderr).toBe('');
    expect(made.code).toBe(0);
    expect(made.stdout).toMatch(/Created staff account "head\.nurse"/);
    const again = await cli(['--username', 'head.nurse', '--email', 'head.nurse@example.com'], { STAFF_PASSWORD: 'Copper-Kettle-81' });
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/already a staff account/);

    const database = await createDb(url);
    const row = await database.db.selectFrom('users').select(['role', 'password_hash']).where('username_key', '=', 'head.nurse').executeTakeFirstOrThrow();
    await database.close();
    expect(row.role).toBe('staff');
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('gives the role named by --role (a phlebotomist), admin without it, and refuses an unknown role', async () => {
    const made = await cli(['--username', 'field.collector', '--email', 'field.collector@example.com', '--role', 'phlebotomist'], { STAFF_PASSWORD: 'Copper-Kettle-81' });
    expect(made.stderr).toBe('');
    expect(made.code).toBe(0);
    const bad = await cli(['--username', 'odd.role', '--email', 'odd.role@example.com', '--role', 'driver'], { STAFF_PASSWORD: 'Copper-Kettle-81' });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--role: Choose one of: reception, phlebotomist, technician, pathologist, admin/);
    const database = await createDb(url);
    const rows = await database.db.selectFrom('users').select(['username_key', 'staff_role']).where('username_key', 'in', ['field.collector', 'head.nurse', 'odd.role']).orderBy('username_key').execute();
    await database.close();
    expect(rows).toEqual([
      { username_key: 'field.collector', staff_role: 'phlebotomist' },
      { username_key: 'head.nurse', staff_role: 'admin' },
    ]);
  });

  it('refuses bad arguments and weak passwords with exit code 2, and a missing terminal with 3', async () => {
    const missing = await cli(['--username', 'x']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/Missing --email/);
    const unknown = await cli(['--username', 'x', '--email', 'x@example.com', '--admin']);
    expect(unknown.code).toBe(2);
    const weak = await cli(['--username', 'weak', '--email', 'weak@example.com'], { STAFF_PASSWORD: '12345678' });
    expect(weak.code).toBe(2);
    expect(weak.stderr).toMatch(/entirely numeric/);
    const noTerminal = await cli(['--username', 'quiet', '--email', 'quiet@example.com']);
    expect(noTerminal.code).toBe(3);
    expect(noTerminal.stderr).toMatch(/set STAFF_PASSWORD/);
  });

  it('promotes an existing account only with --yes when there is no terminal to confirm on', async () => {
    const database = await createDb(url);
    await database.db
      .insertInto('users')
      .values({
        username: 'Priya',
        username_key: 'priya',
        email: 'priya@example.com',
        email_key: 'priya@example.com',
        password_hash: await hashPassword('Silver-Maple-22'),
        first_name: 'Priya',
        last_name: 'Shah',
        role: 'patient',
        last_login: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    const role = async () => (await database.db.selectFrom('users').select('role').where('username_key', '=', 'priya').executeTakeFirstOrThrow()).role;

    const unconfirmed = await cli(['--username', 'priya', '--email', 'PRIYA@example.com']);
    expect(unconfirmed.code).toBe(3);
    expect(unconfirmed.stderr).toMatch(/--yes/);
    expect(await role()).toBe('patient');

    const confirmed = await cli(['--username', 'priya', '--email', 'priya@example.com', '--yes']);
    expect(confirmed.code).toBe(0);
    expect(confirmed.stdout).toMatch(/is now a staff account/);
    expect(await role()).toBe('staff');
    await database.close();
  });
});

describe('appointment lifecycle rules', () => {
  const all: AppointmentStatus[] = ['booked', 'approved', 'sample_collected', 'completed', 'cancelled'];
  const allowed = new Set(['booked>approved', 'approved>sample_collected', 'sample_collected>completed', 'booked>cancelled', 'approved>cancelled', 'sample_collected>cancelled']);

  it.each(all.flatMap((from) => all.map((to) => [from, to] as const)))('%s → %s', (from, to) => {
    const error = transitionError(from, to);
    if (allowed.has(`${from}>${to}`)) expect(error).toBeNull();
    else expect(error).toEqual(expect.any(String));
  });

  it('names the next step', () => {
    expect(APPOINTMENT_FLOW.map((s) => nextStatus(s))).toEqual(['approved', 'sample_collected', 'completed', null]);
    expect(nextStatus('cancelled')).toBeNull();
  });
});
