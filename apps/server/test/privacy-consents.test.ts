// Consent records (DPDP Act; docs/personal-data.md): registration and booking record the notice version, purposes
// and a hashed client address; older API clients (docs/product.md#api-contract) without consent are accepted with a "not captured"
// record and asked again; bad input is a 400 naming the field; withdrawal per purpose; a guardian for
// a patient under 18; the retention sweep with an injected clock. SQLite and, with DATABASE_URL, PostgreSQL.
import { GUARDIAN_REQUIRED, MARKETING_WITHDRAWN, NO_CONSENT_IN_FORCE, NOTICE_VERSION_STALE, privacyNotice, PURPOSE_UNKNOWN, SERVICE_CONSENT_REQUIRED, SERVICE_WITHDRAWN } from '@lab/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressHash, consentsForExport, purgeOldConsents } from '../src/modules/privacy/consents.ts';
import { newUser } from '../../../test-support/users.ts';
import { bearer, createUser, json, makeApp, openDate, spreadVisit, type TestApp } from './helpers.ts';

const SECRET = 'test-secret-test-secret-test-secret-0123';
const consent = (purposes: string[] = ['service']) => ({ notice_version: privacyNotice.version, purposes });

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

const rows = (where: { user_id?: number; appointment_id?: string }) => {
  let q = t.app.deps.db.selectFrom('consents').selectAll().orderBy('id');
  if (where.user_id !== undefined) q = q.where('user_id', '=', where.user_id);
  if (where.appointment_id !== undefined) q = q.where('appointment_id', '=', where.appointment_id);
  return q.execute();
};
const register = (payload: object, remoteAddress = '203.0.113.7') => t.app.inject({ method: 'POST', url: '/api/users/register/', payload, remoteAddress });
const booking = (over: Record<string, unknown> = {}) => ({
  ...spreadVisit(visit++, 2),
  user_name: 'Ravi Kumar',
  user_email: 'ravi@example.com',
  user_phone: '9876543210',
  tests: [testIds[0]],
  ...over,
});
const book = (payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/appointments/', payload, headers, remoteAddress: '198.51.100.20' });
const consents = (who: { access: string }) => t.app.inject({ method: 'GET', url: '/api/users/me/consents/', headers: bearer(who) });
const withdraw = (who: { access: string }, purpose: string) =>
  t.app.inject({ method: 'POST', url: `/api/users/me/consents/${purpose}/withdraw/`, headers: bearer(who) });
const login = async (u: { username: string; password: string }) =>
  json(await t.app.inject({ method: 'POST', url: '/api/users/login/', payload: { username: u.username, password: u.password } })).tokens as { access: string };

describe('consent at registration', () => {
  it('records each purpose ticked with the notice version, the time and the hashed address', async () => {
    const u = newUser();
    const res = await register({ ...u, consent: consent(['service', 'marketing']) });
    expect(res.statusCode).toBe(201);
    const recorded = await rows({ user_id: json(res).id });
    expect(recorded.map((r) => [r.purpose, r.notice_version, r.captured, r.source, r.withdrawn_at])).toEqual([
      ['service', privacyNotice.version, 1, 'registration', null],
      ['marketing', privacyNotice.version, 1, 'registration', null],
    ]);
    expect(recorded[0]!.address_hash).toBe(addressHash(SECRET, '203.0.113.7'));
    expect(recorded[0]!.address_hash).not.toContain('203.0.113.7');
    expect(Date.parse(recorded[0]!.given_at)).toBeGreaterThan(Date.now() - 60_000);

    const list = json(await consents(await login(u)));
    expect(list).toMatchObject({ notice: privacyNotice, in_force: { service: true, marketing: true }, needs_consent: false });
    expect(list.records).toHaveLength(2);
  });

  it('keeps marketing off unless ticked', async () => {
    const u = newUser();
    await register({ ...u, consent: consent() });
    expect(json(await consents(await login(u)))).toMatchObject({ in_force: { service: true, marketing: false }, needs_consent: false });
  });

  it('accepts an older API client without consent, records "not captured", and asks at the next login', async () => {
    const u = newUser();
    const res = await register(u);
    expect(res.statusCode).toBe(201);
    expect((await rows({ user_id: json(res).id })).map((r) => [r.purpose, r.captured, r.source])).toEqual([['service', 0, 'registration']]);
    const token = await login(u);
    expect(json(await consents(token))).toMatchObject({ in_force: { service: false, marketing: false }, needs_consent: true });

    // The prompt after login: giving the consent ends the question, and giving it twice records it once.
    const given = await t.app.inject({ method: 'POST', url: '/api/users/me/consents/', headers: bearer(token), payload: { ...consent(), source: 'login_prompt' } });
    expect(given.statusCode).toBe(201);
    expect(json(given)).toMatchObject({ needs_consent: false, in_force: { service: true } });
    await t.app.inject({ method: 'POST', url: '/api/users/me/consents/', headers: bearer(token), payload: consent() });
    const captured = (await rows({ user_id: json(res).id })).filter((r) => r.captured === 1);
    expect(captured.map((r) => [r.purpose, r.source])).toEqual([['service', 'login_prompt']]);
  });

  it('refuses a wrong notice version, an unknown purpose or no service consent, naming the field, and makes no account', async () => {
    const cases: Array<[object, string, string]> = [
      [{ notice_version: '2019-01', purposes: ['service'] }, 'consent.notice_version', NOTICE_VERSION_STALE],
      [{ notice_version: privacyNotice.version, purposes: ['service', 'selling'] }, 'consent.purposes.1', PURPOSE_UNKNOWN],
      [{ notice_version: privacyNotice.version, purposes: ['marketing'] }, 'consent.purposes', SERVICE_CONSENT_REQUIRED],
      [{ notice_version: `${privacyNotice.version}\u0000`, purposes: ['service'] }, 'consent.notice_version', NOTICE_VERSION_STALE],
      [{ notice_version: 2 ** 40, purposes: ['service'] }, 'consent.notice_version', 'Give the version of the privacy notice agreed to.'],
    ];
    for (const [bad, field, message] of cases) {
      const u = newUser();
      const res = await register({ ...u, consent: bad });
      expect(res.statusCode, field).toBe(400);
      expect(json(res)[field], JSON.stringify(json(res))).toEqual([message]);
      expect(await t.app.deps.db.selectFrom('users').select('id').where('username', '=', u.username).execute()).toEqual([]);
    }
  });
});

describe('consent at booking', () => {
  it("records a guest's consent against the booking, with the hashed address", async () => {
    const res = await book(booking({ consent: consent(['service']) }));
    expect(res.statusCode).toBe(201);
    const recorded = await rows({ appointment_id: json(res).id });
    expect(recorded.map((r) => [r.user_id, r.purpose, r.notice_version, r.captured, r.source])).toEqual([[null, 'service', privacyNotice.version, 1, 'booking']]);
    expect(recorded[0]!.address_hash).toBe(addressHash(SECRET, '198.51.100.20'));
  });

  it('books for an older API client and records that consent was not captured', async () => {
    const res = await book(booking());
    expect(res.statusCode).toBe(201);
    expect((await rows({ appointment_id: json(res).id })).map((r) => [r.purpose, r.captured])).toEqual([['service', 0]]);
  });

  it("records a member's booking consent under the account", async () => {
    const u = await createUser(t.app);
    const res = await book(booking({ consent: consent(['service', 'marketing']) }), bearer(u));
    expect(res.statusCode).toBe(201);
    const list = json(await consents(u));
    expect(list).toMatchObject({ in_force: { service: true, marketing: true }, needs_consent: false });
    expect(list.records.filter((r: { appointment_id: string | null }) => r.appointment_id === json(res).id)).toHaveLength(2);
  });

  it('refuses bad consent with the field named and books nothing', async () => {
    const before = await t.app.deps.db.selectFrom('appointments').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    for (const [bad, field] of [
      [{ notice_version: '1999-01', purposes: ['service'] }, 'consent.notice_version'],
      [{ notice_version: privacyNotice.version, purposes: ['ads'] }, 'consent.purposes.0'],
      [{ notice_version: privacyNotice.version, purposes: [] }, 'consent.purposes'],
      [{ notice_version: privacyNotice.version, purposes: 'service' }, 'consent.purposes'],
    ] as const) {
      const res = await book(booking({ consent: bad }));
      expect(res.statusCode, field).toBe(400);
      expect(Object.keys(json(res))).toContain(field);
    }
    const after = await t.app.deps.db.selectFrom('appointments').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});

describe('a patient under 18', () => {
  const minorBirth = `${Number(openDate(1).slice(0, 4)) - 10}-01-01`;

  it('needs a parent or guardian, named with the relation, when the form gives an age or birth date under 18', async () => {
    for (const patient of [{ patient_age_years: 12 }, { patient_date_of_birth: minorBirth }]) {
      const res = await book(booking({ ...patient, booking_for: 'other', consent: consent() }));
      expect(res.statusCode).toBe(400);
      expect(json(res)).toMatchObject({ 'guardian.name': [GUARDIAN_REQUIRED], 'guardian.relation': [GUARDIAN_REQUIRED] });
    }
    const bad = await book(booking({ patient_age_years: 12, booking_for: 'other', consent: consent(), guardian: { name: 'Sunita', relation: 'neighbour' } }));
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(json(bad))).toEqual(['guardian.relation']);
    const nul = await book(booking({ patient_age_years: 12, consent: consent(), guardian: { name: 'Sun\u0000ita', relation: 'mother' } }));
    expect(nul.statusCode).toBe(400);
    expect(Object.keys(json(nul))).toEqual(['guardian.name']);
  });

  it("records the guardian's consent with the booking", async () => {
    const res = await book(booking({ patient_age_years: 12, booking_for: 'other', consent: consent(), guardian: { name: 'Sunita Devi', relation: 'mother' } }));
    expect(res.statusCode).toBe(201);
    const [row] = await rows({ appointment_id: json(res).id });
    expect(row).toMatchObject({ purpose: 'service', captured: 1, guardian_name: 'Sunita Devi', guardian_relation: 'mother' });
  });

  it("takes a member's own age from the profile when booking for themselves", async () => {
    const u = await createUser(t.app);
    await t.app.inject({ method: 'PATCH', url: '/api/users/me/', headers: bearer(u), payload: { age_years: 16 } });
    const own = await book(booking({ booking_for: 'self', consent: consent() }), bearer(u));
    expect(own.statusCode).toBe(400);
    expect(Object.keys(json(own))).toContain('guardian.name');
    // For someone else without their age, the member's own age does not count.
    expect((await book(booking({ booking_for: 'other', consent: consent() }), bearer(u))).statusCode).toBe(201);
  });

  it('names only the date of birth when it is in the future', async () => {
    const res = await book(booking({ patient_date_of_birth: '2999-01-01', consent: consent() }));
    expect(res.statusCode).toBe(400);
    expect(Object.keys(json(res))).toEqual(['patient_date_of_birth']);
  });

  it('books an adult without a guardian', async () => {
    expect((await book(booking({ patient_age_years: 18, booking_for: 'self', consent: consent() }))).statusCode).toBe(201);
  });
});

describe('withdrawal', () => {
  it('withdraws one purpose at a time and says what stops and what is kept', async () => {
    const u = newUser();
    await register({ ...u, consent: consent(['service', 'marketing']) });
    const token = await login(u);
    const m = await withdraw(token, 'marketing');
    expect(m.statusCode).toBe(200);
    expect(json(m)).toMatchObject({ message: MARKETING_WITHDRAWN, in_force: { service: true, marketing: false }, needs_consent: false });
    expect((await withdraw(token, 'marketing')).statusCode).toBe(404);
    expect(json(await withdraw(token, 'marketing'))).toEqual({ error: NO_CONSENT_IN_FORCE });

    const s = await withdraw(token, 'service');
    expect(json(s)).toMatchObject({ message: SERVICE_WITHDRAWN, in_force: { service: false, marketing: false }, needs_consent: true });
    const records = json(s).records as Array<{ withdrawn_at: string | null }>;
    expect(records.every((r) => r.withdrawn_at !== null)).toBe(true);
  });

  it('refuses an unknown purpose naming it, and asks for a token', async () => {
    const u = await createUser(t.app);
    const res = await withdraw(u, 'selling');
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({ purpose: [PURPOSE_UNKNOWN] });
    expect((await withdraw(u, 'ser\u0000vice')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/users/me/consents/service/withdraw/' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me/consents/' })).statusCode).toBe(401);
    const bad = await t.app.inject({ method: 'POST', url: '/api/users/me/consents/', headers: bearer(u), payload: { notice_version: privacyNotice.version, purposes: ['service'], source: 'registration' } });
    expect(Object.keys(json(bad))).toEqual(['source']);
  });
});

describe('export and retention', () => {
  it('exports plain records and pseudonymises ended consents past their retention, once', async () => {
    const u = newUser();
    const id = json(await register({ ...u, consent: consent(['service', 'marketing']) })).id as number;
    const token = await login(u);
    const exported = await consentsForExport(t.app.deps.db, id);
    expect(JSON.parse(JSON.stringify(exported))).toEqual(exported);
    expect(exported.map((r) => r.purpose).sort()).toEqual(['marketing', 'service']);

    await withdraw(token, 'marketing');
    const guest = json(await book(booking({ consent: consent() }))).id as string;

    // Seven years less a day after: nothing goes. A day past: the withdrawn one and the guest's go.
    const withdrawnAt = Date.now();
    const sweep = (ms: number) => purgeOldConsents(t.app.deps.db, new Date(withdrawnAt + ms));
    const YEAR7 = Date.UTC(2033, 0, 1) - Date.UTC(2026, 0, 1);
    const before = await sweep(YEAR7 - 2 * 86_400_000);
    expect(before).toBe(0);
    const purged = await sweep(YEAR7 + 2 * 86_400_000);
    expect(purged).toBeGreaterThanOrEqual(2);
    expect(await rows({ appointment_id: guest })).toEqual([]);
    const kept = await rows({ user_id: id });
    expect(kept.map((r) => r.purpose)).toEqual(['service']);
    const anonymous = await t.app.deps.db.selectFrom('consents').selectAll().where('pseudonymised_at', 'is not', null).where('purpose', '=', 'marketing').execute();
    expect(anonymous.some((r) => r.user_id === null && r.address_hash === null && r.notice_version === privacyNotice.version)).toBe(true);
    expect(await sweep(YEAR7 + 3 * 86_400_000)).toBe(0);
  });
});

describe('the notice facts', () => {
  it('answers the version, date and retention periods', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/privacy/notice/' });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ version: privacyNotice.version, date: privacyNotice.date });
    expect(json(res).retention.map((r: { item: string }) => r.item)).toContain('Consent records');
  });

  it('answers them in Hindi for /hi/privacy: the same version and the configured periods', async () => {
    const en = json(await t.app.inject({ method: 'GET', url: '/api/privacy/notice/' }));
    const res = await t.app.inject({ method: 'GET', url: '/api/privacy/notice/?lang=hi' });
    expect(res.statusCode).toBe(200);
    const hi = json(res);
    expect(hi).toMatchObject({ version: privacyNotice.version, date: privacyNotice.date });
    expect(hi.retention).toHaveLength(en.retention.length);
    const config = t.app.deps.config.privacy;
    expect(hi.retention.find((r: { item: string }) => r.item === 'बिल और भुगतान').period).toMatch(new RegExp(`^${config.billsYears} साल,`));
    expect(hi.retention.find((r: { item: string }) => r.item === 'जारी की गई जाँच रिपोर्ट और नतीजे').period).toMatch(new RegExp(`^${config.reportsYears} साल,`));
    for (const r of hi.retention as { item: string; period: string }[]) expect(`${r.item} ${r.period}`).not.toMatch(/[A-Za-z]{3,}/);
    expect((await t.app.inject({ method: 'GET', url: '/api/privacy/notice/?lang=fr' })).json()).toHaveProperty('lang');
  });
});
