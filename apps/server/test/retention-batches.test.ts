// The retention job works through years of rows in short batches (decision 037): more rows are due
// than a batch holds, and every one of them is erased in one run, each task once, and a request sent
// while the job runs is answered before the job ends (the event loop has turns between batches).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchSize } from '../src/modules/privacy/retention.ts';
import { makeApp, type TestApp } from './helpers.ts';
import { createStaff, type StaffAccount } from './staff-helpers.ts';

let t: TestApp;
let staff: StaffAccount;
let clock = new Date();

beforeAll(async () => {
  t = await makeApp({}, { now: () => clock });
  staff = await createStaff(t.app);
});
afterAll(() => t.close());

describe('the retention job in batches', () => {
  it('erases every due guest booking, consent and staff read, batch after batch, with requests answered meanwhile', async () => {
    const { db } = t.app.deps;
    const size = batchSize(t.app.deps.dialect);
    const due = 2 * size + 3;
    const at = '2020-03-01T10:00:00.000Z';
    await db
      .insertInto('appointments')
      .values(
        Array.from({ length: due }, (_, i) => ({
          id: `retb${String(i).padStart(6, '0')}`,
          reference: `LB-RB${String(i).padStart(5, '0')}`,
          user_id: null,
          user_name: `Guest ${i}`,
          user_email: `guest${i}@example.com`,
          user_phone: `98${String(i).padStart(8, '0')}`,
          date: '2020-03-02',
          time: '09:00',
          home_sample: 1 as const,
          address: `${i} MI Road, Jaipur`,
          status: 'completed' as const,
          created_at: at,
          updated_at: at,
        })),
      )
      .execute();
    await db
      .insertInto('consents')
      .values(
        Array.from({ length: due }, (_, i) => ({
          user_id: null,
          appointment_id: `retb${String(i).padStart(6, '0')}`,
          purpose: 'booking',
          notice_version: '1',
          captured: 1,
          source: 'web',
          given_at: at,
          // some withdrawn, most a guest's that ended with the booking: both kinds are due
          withdrawn_at: i % 4 === 0 ? at : null,
          address_hash: 'hash',
          guardian_name: null,
          guardian_relation: null,
          pseudonymised_at: null,
        })),
      )
      .execute();
    const reads = 20 * size + 7;
    await db
      .insertInto('personal_data_reads')
      .values(Array.from({ length: reads }, (_, i) => ({ staff_user_id: staff.id, staff_role: 'admin' as const, patient_user_id: null, appointment_id: null, kind: 'appointment', subject_id: `s${i}`, read_at: at })))
      .execute();

    // Eight years and more after the visit: contact, consents and reads are all past their periods.
    clock = new Date('2028-06-01T03:00:00Z');
    let running = true;
    const job = t.app.retention.runDue().finally(() => (running = false));
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    const answeredWhileRunning = running;
    expect(health.statusCode).toBe(200);
    expect(await job).toEqual(['guest-contact-details', 'guest-names', 'closed-account-kept-records', 'old-consents', 'unlinked-mail-recipients', 'closed-account-mail', 'old-analyser-messages', 'old-staff-reads']);
    expect(answeredWhileRunning).toBe(true);

    const left = await db
      .selectFrom('appointments')
      .select(['id', 'user_email', 'user_name'])
      .where('id', 'like', 'retb%')
      .where((eb) => eb.or([eb('user_email', '<>', ''), eb('user_name', '<>', 'Guest')]))
      .execute();
    expect(left).toEqual([]);
    expect(await db.selectFrom('consents').select('id').where('given_at', '=', at).where('pseudonymised_at', 'is', null).execute()).toEqual([]);
    expect(await db.selectFrom('personal_data_reads').select('id').where('read_at', '=', at).execute()).toEqual([]);
    const runs = await db.selectFrom('retention_runs').select(['task', 'affected', 'attempts']).where('day', '=', '2028-06-01').orderBy('task').execute();
    expect(runs).toEqual(
      expect.arrayContaining([
        { task: 'guest-contact-details', affected: due, attempts: 1 },
        { task: 'guest-names', affected: due, attempts: 1 },
        { task: 'old-consents', affected: due, attempts: 1 },
        { task: 'old-staff-reads', affected: reads, attempts: 1 },
      ]),
    );
  });
});
