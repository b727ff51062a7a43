// Closing an account leaves none of its data at rest: after the account closes and the kept copies'
// legal periods run out (the retention job, clock moved on), no string the patient gave (name, phone,
// e-mail, address, contact message, grievance, nominee) and no result value is left in any table (both
// databases), nor, on SQLite, anywhere in the database file or its WAL after a checkpoint: secure_delete
// zeroes what was deleted or overwritten, the search index and the mail jobs are erased with the rest,
// and the audit log keeps references, never values (decision 050).
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteFile } from '../src/db/index.ts';
import { type Account, bearer, createUser, isPostgres, makeApp, spreadVisit, type TestApp } from './helpers.ts';
import { createStaff, type StaffAccount } from './staff-helpers.ts';

const YEAR = 365 * 86_400_000;
let shift = 0;
const now = () => new Date(Date.now() + shift);

let t: TestApp;
let admin: StaffAccount;
let technician: StaffAccount;
let pathologist: StaffAccount;

beforeAll(async () => {
  t = await makeApp({ RATE_LIMITS: 'off' }, { now, sqliteFile: true });
  [admin, technician, pathologist] = [await createStaff(t.app), await createStaff(t.app, 'technician'), await createStaff(t.app, 'pathologist')];
});
afterAll(() => t.close());

const letters = (n: number) => Array.from(randomBytes(n), (b) => String.fromCharCode(97 + (b % 26))).join('');
const digits = (n: number) => Array.from(randomBytes(n), (b) => String(b % 10)).join('');
const as = (who: Account, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(who), ...(payload ? { payload } : {}) });

/** every row of every table, as text: what an export of the database would hold */
async function everyRow(): Promise<string> {
  const tables = isPostgres
    ? (await t.app.deps.db.selectFrom('information_schema.tables' as never).select('table_name as name' as never).where('table_schema' as never, '=', t.database.schema as never).execute()) as { name: string }[]
    : (await t.app.deps.db.selectFrom('sqlite_master' as never).select('name' as never).where('type' as never, '=', 'table' as never).execute()) as { name: string }[];
  const parts: string[] = [];
  for (const { name } of tables) parts.push(`${name}: ${JSON.stringify(await t.app.deps.db.selectFrom(name as never).selectAll().execute())}`);
  return parts.join('\n');
}

/**
 * Whether `text` holds `s`. A number is looked for as a whole number only: "9.87" is not the tail of a
 * time's seconds ("…:09.871Z") that any row written in the test may carry.
 */
function holds(text: string, s: string): boolean {
  if (!/^\d+\.\d+$/.test(s)) return text.includes(s);
  return new RegExp(`(?<![\\d.])${s.replace('.', '\\.')}(?!\\d)`).test(text);
}

describe('closing an account, data at rest', () => {
  it('forgets the e-mails sent to the address: those about no booking at once, the closing e-mail on the next daily run', async () => {
    const tag = letters(8);
    const u = await createUser(t.app, { email: `mailed.${tag}@example.com` });
    const reset = await t.app.inject({ method: 'POST', url: '/api/send-reset-email/', payload: { email: u.email } });
    expect(reset.statusCode, reset.body).toBeLessThan(300);
    const to = async () => (await t.app.deps.db.selectFrom('mail_jobs').select(['kind', 'recipient']).where('recipient', '=', u.email).orderBy('id').execute()).map((m) => m.kind);
    expect(await to()).toContain('password-reset');
    expect((await as(u, 'POST', '/api/users/me/close/', { password: u.password })).statusCode).toBe(200);
    expect(await to()).toEqual(['account-closed']);
    shift += 86_400_000;
    await t.app.retention.runDue();
    expect(await to()).toEqual([]);
  });

  it('leaves none of the account’s strings in any table, nor in the SQLite file and its WAL after a checkpoint', async () => {
    const tag = letters(8);
    const person = { first_name: `Zephyrine${tag}`, last_name: `Quillfeather${tag}`, email: `zq.${tag}@example.com` };
    const u = await createUser(t.app, person);
    const phone = `9${digits(9)}`;
    const strings: Record<string, string> = {
      'first name': person.first_name,
      'last name': person.last_name,
      'e-mail': person.email,
      phone,
      address: `${tag} Marigold Lane, Jaipur 302001`,
      'contact message': `Please ring me about ${tag} fasting`,
      grievance: `The waiting room ${tag} was cold`,
      'nominee name': `Nomin${tag}`,
      'nominee phone': `8${digits(9)}`,
      'nominee e-mail': `nom.${tag}@example.com`,
      'result value': '9.87',
    };
    expect((await as(u, 'PATCH', '/api/users/me/', { phone })).statusCode).toBe(200);
    const cbc = ((await t.app.inject({ method: 'GET', url: '/api/tests/' })).json() as { id: number; name: string }[]).find((x) => x.name === 'Complete Blood Count (CBC)')!;
    const booked = await as(u, 'POST', '/api/appointments/', {
      ...spreadVisit(3, 2, { morningOnly: true }),
      user_name: `${person.first_name} ${person.last_name}`,
      user_email: person.email,
      user_phone: phone,
      tests: [cbc.id],
      home_sample: true,
      address: strings.address,
      patient_age_years: 40,
      patient_sex: 'male',
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const id = booked.json().id as string;
    const contact = await t.app.inject({ method: 'POST', url: '/api/contact/', payload: { name: person.first_name, email: person.email, phone, message: strings['contact message'] } });
    expect(contact.statusCode, contact.body).toBe(201);
    expect((await as(u, 'POST', '/api/users/me/grievances/', { subject: 'Waiting room', details: strings.grievance })).statusCode).toBe(201);
    expect((await as(u, 'PUT', '/api/users/me/nominee/', { name: strings['nominee name'], relation: 'Brother', phone: strings['nominee phone'], email: strings['nominee e-mail'] })).statusCode).toBe(200);

    // the visit through to its released report
    for (const status of ['approved', 'sample_collected']) expect((await as(admin, 'POST', `/api/staff/appointments/${id}/status`, { status })).statusCode).toBe(200);
    const rows = (await as(technician, 'GET', `/api/staff/results/${id}`)).json().rows as { parameter_id: number; name: string }[];
    const normal: Record<string, string> = { Haemoglobin: '14.5', 'RBC Count': '5.00', 'Haematocrit (PCV)': '44.0', MCV: '88.0', MCH: '29.0', MCHC: '33.0', 'RDW-CV': '13.0', 'Platelet Count': '250', Neutrophils: '60', Lymphocytes: '30', Monocytes: '6', Eosinophils: '3', Basophils: '1' };
    const results = rows.map((r) => ({ parameter_id: r.parameter_id, value: r.name === 'Total Leucocyte Count' ? strings['result value']! : normal[r.name]! }));
    const entered = await as(technician, 'PUT', `/api/staff/results/${id}`, { results, final: true });
    expect(entered.statusCode, entered.body).toBe(200);
    const release = await as(pathologist, 'POST', `/api/staff/results/${id}/release`);
    expect(release.statusCode, release.body).toBe(200);
    // staff read the patient's details, so the read log names them
    expect((await as(admin, 'GET', `/api/staff/appointments?q=${encodeURIComponent(person.email)}`)).statusCode).toBe(200);

    // an entry the audit log held before migration 039, values and all
    await t.app.deps.db
      .insertInto('audit_log')
      .values({ actor_user_id: technician.id, entity: 'appointment', entity_id: id, action: 'results_final', before_json: JSON.stringify({ 'Total Leucocyte Count': null }), after_json: JSON.stringify({ 'Total Leucocyte Count': `${strings['result value']} (H)` }), created_at: now().toISOString() })
      .execute();

    const before = await everyRow();
    for (const [what, s] of Object.entries(strings)) expect(before, what).toContain(s);

    expect((await as(u, 'POST', '/api/users/me/close/', { password: u.password })).statusCode).toBe(200);
    // past the longest legal period of what was kept, the retention job runs
    shift += 9 * YEAR;
    await t.app.retention.runDue();
    shift += 2 * 86_400_000;
    await t.app.retention.runDue();

    const after = (await everyRow()).toLowerCase();
    const left = Object.entries(strings).filter(([, s]) => holds(after, s.toLowerCase()));
    expect(left.map(([what]) => what)).toEqual([]);

    if (isPostgres) return;
    const file = sqliteFile(t.database.url);
    // a checkpoint as the checkpointer makes them: the WAL's frames copied into the file, the WAL kept
    const other = new SQLite(file);
    other.pragma('wal_checkpoint(PASSIVE)');
    other.close();
    const bytes = Buffer.concat([readFileSync(file), ...(existsSync(`${file}-wal`) ? [readFileSync(`${file}-wal`)] : [])]);
    const text = bytes.toString('latin1');
    const inFile = Object.entries(strings).filter(([, s]) => holds(text, s) || holds(text, s.toLowerCase()));
    expect(inFile.map(([what]) => what)).toEqual([]);
  });
});
