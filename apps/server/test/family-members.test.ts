// Family members through the API (docs/families-and-doctors.md): added with the consent of whoever's data it
// is (an adult member's own agreement, with the notice version; a minor's guardian), edited, booked for,
// their reports and trends apart from the holder's, archived when they have bookings and removed when not;
// another account's member is a 404 everywhere, and bad input is a 400 naming the field.
import { privacyNotice, toIndiaLocal } from '@lab/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, bearer, createUser, makeApp, spreadVisit, type TestApp } from './helpers.ts';
import { labTeam, testIdsByName } from './report-helpers.ts';
import { releaseWith } from './staff-helpers.ts';

let t: TestApp;
let admin: Account;
let technician: Account;
let pathologist: Account;
let testIds: Map<string, number>;
/** the rules' clock: the real one (bookings must lie ahead of it) */
const today = toIndiaLocal(new Date().toISOString()).slice(0, 10);
const yearsAgo = (n: number, days = 0) => {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() - n);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

beforeAll(async () => {
  t = await makeApp();
  ({ admin, technician, pathologist } = await labTeam(t.app));
  testIds = await testIdsByName(t.app);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const as = (who: Account | null, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: who ? bearer(who) : {} });

const adultConsent = { notice_version: privacyNotice.version, member_agreed: true };
const mother = { name: 'Sunita Devi', relation: 'parent', date_of_birth: '1958-03-04', sex: 'female', phone: '9812345678', consent: adultConsent };
const son = { name: 'Aarav Kumar', relation: 'child', age_years: 9, sex: 'male', consent: { notice_version: privacyNotice.version, guardian_relation: 'father' } };

async function add(who: Account, body: object) {
  const res = await as(who, 'POST', '/api/users/me/members/', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; name: string; adult: boolean; consent: { by: string; notice_version: string } | null; archived: boolean; age_years: number };
}

/** the member's consent records, as kept */
const consentRows = (memberId: number) =>
  t.app.deps.db.selectFrom('consents').selectAll().where('member_id', '=', memberId).orderBy('id').execute();

describe('adding family members', () => {
  it('adds an adult with the member’s own agreement and a minor under the holder’s, recorded with the notice version', async () => {
    const holder = await createUser(t.app, { first_name: 'Ravi', last_name: 'Kumar' });
    const m = await add(holder, mother);
    expect(m).toMatchObject({ name: 'Sunita Devi', relation: 'parent', adult: true, sex: 'female', phone: '9812345678', archived: false, consent: { by: 'member', notice_version: privacyNotice.version } });
    const c = await add(holder, son);
    expect(c).toMatchObject({ name: 'Aarav Kumar', adult: false, age_years: 9, consent: { by: 'guardian' } });

    expect(await consentRows(m.id)).toEqual([
      expect.objectContaining({ user_id: holder.id, purpose: 'service', notice_version: privacyNotice.version, captured: 1, guardian_name: null, guardian_relation: null, withdrawn_at: null }),
    ]);
    expect(await consentRows(c.id)).toEqual([expect.objectContaining({ user_id: holder.id, guardian_name: 'Ravi Kumar', guardian_relation: 'father', captured: 1 })]);
    // the members' consents are theirs: the holder's own records are unchanged by them
    const own = (await as(holder, 'GET', '/api/users/me/consents/')).json() as { records: unknown[] };
    expect(own.records.every((r) => (r as { guardian: unknown }).guardian === null)).toBe(true);

    const list = (await as(holder, 'GET', '/api/users/me/members/')).json() as Array<{ name: string }>;
    expect(list.map((x) => x.name)).toEqual(['Sunita Devi', 'Aarav Kumar']);
    const audit = await t.app.deps.db.selectFrom('audit_log').select(['action', 'after_json']).where('entity', '=', 'family_member').where('entity_id', 'in', [String(m.id), String(c.id)]).execute();
    expect(audit.map((a) => a.action)).toEqual(['create', 'create']);
    // the trail names no personal data
    expect(JSON.stringify(audit)).not.toContain('Sunita');
  });

  it('refuses an adult without their agreement and a minor without a guardian, naming the field', async () => {
    const holder = await createUser(t.app);
    const adult = await as(holder, 'POST', '/api/users/me/members/', { ...mother, consent: { notice_version: privacyNotice.version } });
    expect(adult.statusCode).toBe(400);
    expect(Object.keys(adult.json())).toEqual(['consent.member_agreed']);
    const minor = await as(holder, 'POST', '/api/users/me/members/', { ...son, consent: { notice_version: privacyNotice.version, member_agreed: true } });
    expect(minor.statusCode).toBe(400);
    expect(Object.keys(minor.json())).toEqual(['consent.guardian_relation']);
    // in Hindi when asked
    const hindi = await t.app.inject({ method: 'POST', url: '/api/users/me/members/?lang=hi', headers: bearer(holder), payload: { ...son, consent: { notice_version: privacyNotice.version } } });
    expect(hindi.json()['consent.guardian_relation'][0]).toMatch(/अभिभावक/);
    expect((await as(holder, 'GET', '/api/users/me/members/')).json()).toEqual([]);
  });

  it('refuses bad input with the field named, on either database', async () => {
    const holder = await createUser(t.app);
    const cases: Array<[object, string]> = [
      [{ ...mother, name: 'R2D2' }, 'name'],
      [{ ...mother, name: 'Sunita\u0000' }, 'name'],
      [{ ...mother, name: '' }, 'name'],
      [{ ...mother, relation: 'neighbour' }, 'relation'],
      [{ ...mother, date_of_birth: '2026-02-30' }, 'date_of_birth'],
      [{ ...mother, date_of_birth: yearsAgo(-1) }, 'date_of_birth'],
      [{ ...son, age_years: 2 ** 40 }, 'age_years'],
      [{ ...son, age_years: 131 }, 'age_years'],
      [{ ...mother, age_years: 60 }, 'age_years'],
      [{ name: 'Sunita Devi', relation: 'parent', consent: adultConsent }, 'date_of_birth'],
      [{ ...mother, phone: '12345' }, 'phone'],
      [{ ...mother, consent: { ...adultConsent, notice_version: '1999-01' } }, 'consent.notice_version'],
      [{ ...son, consent: { notice_version: privacyNotice.version, guardian_relation: 'uncle' } }, 'consent.guardian_relation'],
    ];
    for (const [body, field] of cases) {
      const res = await as(holder, 'POST', '/api/users/me/members/', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json()), JSON.stringify(body)).toContain(field);
    }
    for (const url of ['/api/users/me/members/0/', '/api/users/me/members/99999999999/', '/api/users/me/members/x%00/']) {
      expect((await as(holder, 'DELETE', url)).statusCode, url).toBe(400);
    }
    expect((await as(holder, 'GET', '/api/users/me/members/')).json()).toEqual([]);
    expect((await as(null, 'GET', '/api/users/me/members/')).statusCode).toBe(401);
    expect((await as(null, 'POST', '/api/users/me/members/', mother)).statusCode).toBe(401);
  });
});

describe('editing and removing', () => {
  it('edits a member; a change across the adult age needs the consent of whoever’s data it now is', async () => {
    const holder = await createUser(t.app);
    const c = await add(holder, { ...son, age_years: 17, date_of_birth: undefined });
    const renamed = await as(holder, 'PATCH', `/api/users/me/members/${c.id}/`, { name: 'Aarav K', phone: '9899988877' });
    expect(renamed.json()).toMatchObject({ name: 'Aarav K', phone: '9899988877', consent: { by: 'guardian' } });
    // now 18: the holder's consent as guardian no longer covers an adult's data
    const grown = await as(holder, 'PATCH', `/api/users/me/members/${c.id}/`, { date_of_birth: yearsAgo(18, -1) });
    expect(grown.statusCode).toBe(400);
    expect(Object.keys(grown.json())).toEqual(['consent.member_agreed']);
    const agreed = await as(holder, 'PATCH', `/api/users/me/members/${c.id}/`, { date_of_birth: yearsAgo(18, -1), consent: adultConsent });
    expect(agreed.statusCode, agreed.body).toBe(200);
    expect(agreed.json()).toMatchObject({ adult: true, age_years: 18, consent: { by: 'member' } });
    const rows = await consentRows(c.id);
    expect(rows.map((r) => [r.guardian_relation, r.withdrawn_at === null])).toEqual([['father', false], [null, true]]);
  });

  it('removes a member with no bookings and archives one with bookings; archived, they are not booked for', async () => {
    const holder = await createUser(t.app);
    const spare = await add(holder, { ...mother, name: 'Kamla Devi' });
    const removed = await as(holder, 'DELETE', `/api/users/me/members/${spare.id}/`);
    expect(removed.json()).toEqual({ outcome: 'deleted', message: 'Family member removed.' });
    // the consent's record stays as evidence, ended
    expect((await consentRows(spare.id)).every((r) => r.withdrawn_at !== null)).toBe(true);

    const m = await add(holder, mother);
    const res = await t.app.inject({ method: 'POST', url: '/api/appointments/', headers: bearer(holder), payload: await bookingFor(m.id) });
    expect(res.statusCode, res.body).toBe(201);
    const archived = await as(holder, 'DELETE', `/api/users/me/members/${m.id}/`);
    expect(archived.json()).toMatchObject({ outcome: 'archived' });
    expect((await as(holder, 'GET', '/api/users/me/members/')).json()).toEqual([expect.objectContaining({ id: m.id, archived: true, consent: null })]);
    const again = await t.app.inject({ method: 'POST', url: '/api/appointments/', headers: bearer(holder), payload: await bookingFor(m.id) });
    expect(again.statusCode).toBe(400);
    expect(Object.keys(again.json())).toEqual(['member_id']);
    const actions = await t.app.deps.db.selectFrom('audit_log').select('action').where('entity', '=', 'family_member').where('entity_id', 'in', [String(m.id), String(spare.id)]).orderBy('id').execute();
    expect(actions.map((a) => a.action)).toEqual(['create', 'delete', 'create', 'archive']);
  });

  it('never shows or changes another account’s member: 404, and a booking naming one is refused', async () => {
    const holder = await createUser(t.app);
    const other = await createUser(t.app);
    const m = await add(holder, mother);
    expect((await as(other, 'PATCH', `/api/users/me/members/${m.id}/`, { name: 'Someone Else' })).statusCode).toBe(404);
    expect((await as(other, 'DELETE', `/api/users/me/members/${m.id}/`)).statusCode).toBe(404);
    expect((await as(other, 'GET', '/api/users/me/members/')).json()).toEqual([]);
    const res = await t.app.inject({ method: 'POST', url: '/api/appointments/', headers: bearer(other), payload: await bookingFor(m.id) });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual(['member_id']);
    // a guest cannot name a member at all
    const guest = await t.app.inject({ method: 'POST', url: '/api/appointments/', payload: await bookingFor(m.id) });
    expect(guest.statusCode).toBe(400);
    expect((await as(holder, 'GET', '/api/users/me/members/')).json()).toEqual([expect.objectContaining({ name: 'Sunita Devi' })]);
  });
});

let visit = 0;
/** a centre visit's booking naming `memberId` (the tests default to the first of the catalogue) */
async function bookingFor(memberId: number | null, tests?: number[]) {
  const list = tests ?? [[...testIds.values()][0]!];
  return {
    ...spreadVisit(500 + visit++, 2, { morningOnly: true }),
    user_name: 'Ravi Kumar',
    user_email: 'ravi@example.com',
    user_phone: '9876543210',
    home_sample: false,
    tests: list,
    // the holder's own visit gives the patient's age and sex; a member's comes from the member
    ...(memberId === null ? { patient_age_years: 40, patient_sex: 'male' } : { member_id: memberId }),
  };
}

/** a booking moved to "sample collected", its results entered by a technician and released by a pathologist */
const release = (id: string, value: string) => releaseWith(t.app, { admin, technician, pathologist }, id, value);

describe('booking for a member, and reports per person', () => {
  const HBA1C = 'HbA1c (Glycated Haemoglobin)';

  it('books under the member’s name, age and sex; the holder reads each person’s reports and trends apart', async () => {
    const holder = await createUser(t.app);
    const m = await add(holder, mother);
    const hba1c = testIds.get(HBA1C)!;
    const booked = async (memberId: number | null) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/appointments/', headers: bearer(holder), payload: await bookingFor(memberId, [hba1c]) });
      expect(res.statusCode, res.body).toBe(201);
      return (res.json() as { id: string }).id;
    };
    const hers = [await booked(m.id), await booked(m.id)];
    const mine = [await booked(null), await booked(null)];
    const appt = await t.app.deps.db.selectFrom('appointments').select(['user_name', 'member_id', 'patient_date_of_birth', 'patient_sex', 'user_id']).where('id', '=', hers[0]!).executeTakeFirstOrThrow();
    expect(appt).toEqual({ user_name: 'Sunita Devi', member_id: m.id, patient_date_of_birth: '1958-03-04', patient_sex: 'female', user_id: holder.id });
    // the member's booking is the holder's to manage: it is in the holder's list
    const listed = (await as(holder, 'GET', '/api/users/userappointments/')).json() as Array<{ id: string; member_id?: number }>;
    expect(listed.map((a) => [a.id, a.member_id ?? null]).sort()).toEqual([...hers.map((id) => [id, m.id]), ...mine.map((id) => [id, null])].sort());

    await release(hers[0]!, '7.1');
    await release(hers[1]!, '6.2');
    await release(mine[0]!, '5.1');
    await release(mine[1]!, '5.3');

    const all = (await as(holder, 'GET', '/api/reports/')).json() as Array<{ appointment_id: string; member_id?: number }>;
    expect(all.map((r) => [r.appointment_id, r.member_id ?? null]).sort()).toEqual([...hers.map((id) => [id, m.id]), ...mine.map((id) => [id, null])].sort());
    const herReports = (await as(holder, 'GET', `/api/reports/?member=${m.id}`)).json() as Array<{ appointment_id: string }>;
    expect(herReports.map((r) => r.appointment_id).sort()).toEqual([...hers].sort());
    const mineOnly = (await as(holder, 'GET', '/api/reports/?member=self')).json() as Array<{ appointment_id: string }>;
    expect(mineOnly.map((r) => r.appointment_id).sort()).toEqual([...mine].sort());

    type Trend = { parameter: string; points: Array<{ appointment_id: string; value: number }> };
    const myTrend = (await as(holder, 'GET', '/api/reports/trends/')).json() as Trend[];
    expect(myTrend.map((x) => x.points.map((p) => p.value))).toEqual([[5.1, 5.3]]);
    const herTrend = (await as(holder, 'GET', `/api/reports/trends/?member=${m.id}`)).json() as Trend[];
    expect(herTrend.map((x) => x.points.map((p) => p.value))).toEqual([[7.1, 6.2]]);

    // another account names the member: nothing
    const other = await createUser(t.app);
    expect((await as(other, 'GET', `/api/reports/?member=${m.id}`)).json()).toEqual([]);
    expect((await as(holder, 'GET', '/api/reports/?member=abc')).statusCode).toBe(400);
  });
});

describe('inviting a member to take over their records', () => {
  it('moves the member’s bookings and reports to their own account with their consent; the holder sees them no more', async () => {
    const holder = await createUser(t.app);
    const m = await add(holder, { ...mother, phone: '98123 45678' });
    const hba1c = testIds.get('HbA1c (Glycated Haemoglobin)')!;
    const res = await t.app.inject({ method: 'POST', url: '/api/appointments/', headers: bearer(holder), payload: await bookingFor(m.id, [hba1c]) });
    const hers = (res.json() as { id: string }).id;
    await release(hers, '6.0');

    // a minor, or an adult without a phone, cannot be invited
    const child = await add(holder, son);
    expect((await as(holder, 'POST', `/api/users/me/members/${child.id}/invite`)).statusCode).toBe(400);
    const noPhone = await add(holder, { ...mother, name: 'Kamla Devi', phone: null });
    expect((await as(holder, 'POST', `/api/users/me/members/${noPhone.id}/invite`)).statusCode).toBe(400);

    const invite = await as(holder, 'POST', `/api/users/me/members/${m.id}/invite`);
    expect(invite.statusCode, invite.body).toBe(201);
    const token = decodeURIComponent(/\/take-over#token=(.+)$/.exec((invite.json() as { link: string }).link)![1]!);

    const takeOver = (who: Account, body: object) => as(who, 'POST', '/api/users/me/take-over', { token, notice_version: privacyNotice.version, agreed: true, ...body });
    // the holder cannot take it, nor an account with another phone, nor without agreeing
    expect(Object.keys((await takeOver(holder, {})).json())).toEqual(['token']);
    const stranger = await createUser(t.app);
    await as(stranger, 'PATCH', '/api/users/me/', { phone: '9000000001' });
    expect((await takeOver(stranger, {})).json()).toEqual({ token: [expect.stringContaining('phone')] });
    const sunita = await createUser(t.app);
    await as(sunita, 'PATCH', '/api/users/me/', { phone: '+91 98123 45678' });
    expect(Object.keys((await takeOver(sunita, { agreed: false })).json())).toEqual(['agreed']);

    const done = await takeOver(sunita, {});
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ moved_appointments: 1 });
    // the link worked once
    expect((await takeOver(sunita, {})).statusCode).toBe(400);

    // hers now: the booking, the report
    const mine = (await as(sunita, 'GET', '/api/reports/')).json() as Array<{ appointment_id: string; member_id?: number }>;
    expect(mine.map((r) => [r.appointment_id, r.member_id ?? null])).toEqual([[hers, null]]);
    expect(((await as(sunita, 'GET', '/api/users/userappointments/')).json() as Array<{ id: string }>).map((a) => a.id)).toEqual([hers]);
    const consents = (await as(sunita, 'GET', '/api/users/me/consents/')).json() as { in_force: { service: boolean } };
    expect(consents.in_force.service).toBe(true);
    // the holder's no more: not in the list, not in the reports, not editable
    expect(((await as(holder, 'GET', '/api/users/me/members/')).json() as Array<{ id: number }>).map((x) => x.id)).not.toContain(m.id);
    expect((await as(holder, 'GET', '/api/reports/')).json()).toEqual([]);
    expect((await as(holder, 'GET', `/api/reports/?member=${m.id}`)).json()).toEqual([]);
    expect(((await as(holder, 'GET', '/api/users/userappointments/')).json() as Array<{ id: string }>).map((a) => a.id)).not.toContain(hers);
    expect((await as(holder, 'PATCH', `/api/users/me/members/${m.id}/`, { name: 'Sunita D' })).statusCode).toBe(404);
    // the data downloads follow the records: the member's visit is in hers, the member no longer in the holder's
    type Download = { family_members: Array<{ id: number }>; appointments: Array<{ id: string }> };
    const holderData = (await as(holder, 'GET', '/api/users/me/export/')).json() as Download;
    expect(holderData.family_members.map((x) => x.id)).not.toContain(m.id);
    expect(holderData.appointments.map((a) => a.id)).not.toContain(hers);
    expect(((await as(sunita, 'GET', '/api/users/me/export/')).json() as Download).appointments.map((a) => a.id)).toEqual([hers]);
    const audit = await t.app.deps.db.selectFrom('audit_log').select(['action', 'actor_user_id']).where('entity', '=', 'family_member').where('entity_id', '=', String(m.id)).orderBy('id').execute();
    expect(audit).toEqual([{ action: 'create', actor_user_id: holder.id }, { action: 'invite', actor_user_id: holder.id }, { action: 'hand-over', actor_user_id: sunita.id }]);
  });
});

describe('the holder’s data download', () => {
  it('holds the family members with the consents given for them, and each visit names whose it was', async () => {
    const holder = await createUser(t.app);
    const m = await add(holder, mother);
    const c = await add(holder, son);
    const booked = await t.app.inject({ method: 'POST', url: '/api/appointments/', headers: bearer(holder), payload: await bookingFor(m.id) });
    expect(booked.statusCode, booked.body).toBe(201);
    const data = (await as(holder, 'GET', '/api/users/me/export/')).json() as {
      family_members: Array<{ id: number; name: string; relation: string; consents: Array<{ notice_version: string; guardian_relation: string | null; withdrawn_at: string | null }> }>;
      appointments: Array<{ id: string; member_id: number | null }>;
    };
    expect(data.family_members).toEqual([
      expect.objectContaining({ id: m.id, name: 'Sunita Devi', relation: 'parent', date_of_birth: '1958-03-04', phone: '9812345678', consents: [expect.objectContaining({ notice_version: privacyNotice.version, guardian_relation: null, withdrawn_at: null })] }),
      expect.objectContaining({ id: c.id, name: 'Aarav Kumar', age_years: 9, consents: [expect.objectContaining({ guardian_relation: 'father' })] }),
    ]);
    expect(data.appointments).toEqual([expect.objectContaining({ id: (booked.json() as { id: string }).id, member_id: m.id })]);
    // another account's download holds none of them
    const other = await createUser(t.app);
    expect(((await as(other, 'GET', '/api/users/me/export/')).json() as { family_members: unknown[] }).family_members).toEqual([]);
  });
});

describe('closing the holder’s account', () => {
  it('erases the family members kept under it', async () => {
    const holder = await createUser(t.app);
    const m = await add(holder, mother);
    const closed = await as(holder, 'POST', '/api/users/me/close/', { password: holder.password });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(await t.app.deps.db.selectFrom('family_members').select('id').where('id', '=', m.id).execute()).toEqual([]);
  });
});
