// The data a Hindi patient reads comes in Hindi (docs/i18n.md, migration 045): membership plans' names,
// blog authors, served localities, and the lab's grievance officer and address, each answered in Hindi
// where the reader asks for Hindi and written in Hindi by staff beside the English (decision 038: left
// out stays, null or blank removes it). English answers stay what older clients always read. On SQLite
// and, with DATABASE_URL, PostgreSQL.
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrations/index.ts';
import { DEFAULT_LAB_DETAILS } from '../src/db/seed/lab-details.ts';
import { type Account, bearer, createUser, makeApp, type TestApp, unique, weekdayIst, withDatabaseAt } from './helpers.ts';
import { createStaff } from './staff-helpers.ts';

let t: TestApp;
let admin: Account;
let patient: Account;

beforeAll(async () => {
  t = await makeApp();
  admin = await createStaff(t.app);
  patient = await createUser(t.app);
});
afterAll(() => t.close());

const HINDI_COOKIE = { cookie: 'lang=hi' };
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const staff = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: object) => t.app.inject({ method, url, payload, headers: bearer(admin) });
async function lastAudit(entity: string, id: number | string): Promise<{ action: string; before: Record<string, unknown> | null; after: Record<string, unknown> }> {
  return (await staff('GET', `/api/staff/audit?entity=${entity}&entity_id=${id}`)).json().items[0];
}

describe('membership plans in Hindi', () => {
  it('names the plans in Hindi for a Hindi reader (?lang=hi or the cookie) and in English, unchanged, otherwise', async () => {
    const english = await get('/api/membership/plans/');
    expect(english.json().map((p: { name: string }) => p.name)).toEqual(['Silver', 'Gold', 'Platinum']);
    // the same bytes for an older client, one asking English, and one whose Accept-Language is Hindi
    expect((await get('/api/membership/plans/?lang=en')).body).toBe(english.body);
    expect((await get('/api/membership/plans/', { 'accept-language': 'hi-IN' })).body).toBe(english.body);
    expect(Object.keys(english.json()[0]).sort()).toEqual(['discount', 'discount_percentage', 'duration_days', 'id', 'name', 'price', 'refund_rule']);

    for (const hindi of [await get('/api/membership/plans/?lang=hi'), await get('/api/membership/plans/', HINDI_COOKIE)]) {
      const plans = hindi.json() as Array<Record<string, unknown>>;
      expect(plans.map((p) => p.name)).toEqual(['सिल्वर', 'गोल्ड', 'प्लैटिनम']);
      // only the name differs: same shape, same numbers
      expect(plans.map(({ name: _n, ...rest }) => rest)).toEqual(english.json().map(({ name: _n, ...rest }: Record<string, unknown>) => rest));
    }
  });

  it('names the subscribed plan in Hindi in the subscribe answer and the status for a Hindi reader', async () => {
    const plans = (await get('/api/membership/plans/')).json() as Array<{ id: number; name: string }>;
    const silver = plans.find((p) => p.name === 'Silver')!;
    const subscribed = await t.app.inject({ method: 'POST', url: '/api/membership/subscribe/', headers: { ...bearer(patient), ...HINDI_COOKIE }, payload: { plan_id: silver.id } });
    expect(subscribed.statusCode, subscribed.body).toBe(201);
    expect(subscribed.json()).toMatchObject({ plan: 'सिल्वर', plan_id: silver.id });
    expect((await get('/api/membership/status/', { ...bearer(patient), ...HINDI_COOKIE })).json()).toMatchObject({ plan: 'सिल्वर' });
    expect((await get('/api/membership/status/?lang=hi', bearer(patient))).json()).toMatchObject({ plan: 'सिल्वर' });
    expect((await get('/api/membership/status/', bearer(patient))).json()).toMatchObject({ plan: 'Silver' });

    // its bill names the plan in Hindi for a Hindi reader, with the English it is charged under beside it
    const key = subscribed.json().bill.key as string;
    const hindiBill = (await get(`/api/billing/${key}/`, HINDI_COOKIE)).json();
    expect(hindiBill.tests).toEqual([{ name: 'सिल्वर सदस्यता (180 दिन)', name_en: 'Silver membership (180 days)', price: 499 }]);
    expect(hindiBill.lines).toEqual([expect.objectContaining({ name: 'सिल्वर सदस्यता (180 दिन)' })]);
    const englishBill = (await get(`/api/billing/${key}/`)).json();
    expect(englishBill.tests).toEqual([{ name: 'Silver membership (180 days)', price: 499 }]);
    expect(englishBill.lines).toEqual([expect.objectContaining({ name: 'Silver membership (180 days)' })]);
  });

  it('lets staff write, keep and clear a plan’s Hindi name, audited; without one Hindi readers get the English', async () => {
    const name = `Family ${unique('p')}`;
    const created = await staff('POST', '/api/staff/membership-plans', { name, name_hi: 'फ़ैमिली', price: 1499, discount_percentage: 20, duration_days: 365 });
    expect(created.statusCode, created.body).toBe(201);
    const plan = created.json();
    expect(plan).toMatchObject({ name, name_hi: 'फ़ैमिली' });
    expect(await lastAudit('membership_plan', plan.id)).toMatchObject({ action: 'create', after: { name, name_hi: 'फ़ैमिली' } });
    const hindiName = async () => ((await get('/api/membership/plans/?lang=hi')).json() as Array<{ id: number; name: string }>).find((p) => p.id === plan.id)?.name;
    expect(await hindiName()).toBe('फ़ैमिली');

    // an older client's edit (no Hindi field) leaves it
    expect((await staff('PATCH', `/api/staff/membership-plans/${plan.id}`, { price: 1599 })).json()).toMatchObject({ name_hi: 'फ़ैमिली', price: 1599 });
    expect((await staff('PATCH', `/api/staff/membership-plans/${plan.id}`, { name_hi: 'परिवार' })).json()).toMatchObject({ name_hi: 'परिवार' });
    expect(await lastAudit('membership_plan', plan.id)).toMatchObject({ action: 'update', before: { name_hi: 'फ़ैमिली' }, after: { name_hi: 'परिवार' } });
    expect((await staff('PATCH', `/api/staff/membership-plans/${plan.id}`, { name_hi: '  ' })).json()).toMatchObject({ name_hi: null });
    expect(await hindiName()).toBe(name);
    expect((await staff('PATCH', `/api/staff/membership-plans/${plan.id}`, { name_hi: null })).statusCode).toBe(200);
  });

  it('refuses a bad Hindi name with a 400 naming the field, on both databases', async () => {
    for (const name_hi of ['सिल्वर\u0000', 'x'.repeat(101), 42]) {
      const res = await staff('POST', '/api/staff/membership-plans', { name: `Bad ${unique('p')}`, name_hi, price: 10, discount_percentage: 5, duration_days: 30 });
      expect(res.statusCode, String(name_hi)).toBe(400);
      expect(res.json()).toHaveProperty('name_hi');
    }
  });
});

describe('blog authors in Hindi', () => {
  it('names the author in Devanagari on Hindi reads and keeps the English list as it was', async () => {
    const english = (await get('/api/blogs/')).json() as Array<{ id: number; author: string; title: string }>;
    const hindi = (await get('/api/blogs/?lang=hi')).json() as Array<{ id: number; author: string; title: string }>;
    const post = english.find((b) => b.author === 'Dr. Anjali Mehta')!;
    expect(hindi.find((b) => b.id === post.id)).toMatchObject({ author: 'डॉ. अंजलि मेहता' });
    expect(english.map((b) => b.author)).toContain('Lab Centre Team');
    expect(hindi.some((b) => /[A-Za-z]/.test(b.author))).toBe(false);
    expect((await get(`/api/blogs/${post.id}/?lang=hi`)).json()).toMatchObject({ author: 'डॉ. अंजलि मेहता' });
    expect((await get(`/api/blogs/${post.id}/`)).json()).toMatchObject({ author: 'Dr. Anjali Mehta' });
    expect(Object.keys((await get(`/api/blogs/${post.id}/`)).json()).sort()).toEqual(['author', 'content', 'cover_image', 'created_at', 'id', 'title']);
  });

  it('lets staff write, keep and clear the Hindi author line, audited', async () => {
    const created = await staff('POST', '/api/staff/blogs', { title: `Iron ${unique('b')}`, author: 'Dr. Kavita Rao, MD', author_hi: 'डॉ. कविता राव, एमडी', content: 'Iron matters.', published: true });
    expect(created.statusCode, created.body).toBe(201);
    const blog = created.json();
    expect(blog).toMatchObject({ author: 'Dr. Kavita Rao, MD', author_hi: 'डॉ. कविता राव, एमडी' });
    expect(await lastAudit('blog', blog.id)).toMatchObject({ action: 'create', after: { author_hi: 'डॉ. कविता राव, एमडी' } });
    expect((await get(`/api/blogs/${blog.id}/?lang=hi`)).json()).toMatchObject({ author: 'डॉ. कविता राव, एमडी', title: blog.title });

    expect((await staff('PATCH', `/api/staff/blogs/${blog.id}`, { content: 'Iron matters a lot.' })).json()).toMatchObject({ author_hi: 'डॉ. कविता राव, एमडी' });
    expect((await staff('PATCH', `/api/staff/blogs/${blog.id}`, { author_hi: 'डॉ. कविता राव' })).statusCode).toBe(200);
    expect(await lastAudit('blog', blog.id)).toMatchObject({ action: 'update', before: { author_hi: 'डॉ. कविता राव, एमडी' }, after: { author_hi: 'डॉ. कविता राव' } });
    expect((await staff('PATCH', `/api/staff/blogs/${blog.id}`, { author_hi: '' })).json()).toMatchObject({ author_hi: null });
    expect((await get(`/api/blogs/${blog.id}/?lang=hi`)).json()).toMatchObject({ author: 'Dr. Kavita Rao, MD' });

    const bad = await staff('PATCH', `/api/staff/blogs/${blog.id}`, { author_hi: 'डॉ.\u0000' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('author_hi');
  });
});

describe('served localities in Hindi', () => {
  it('names a served PIN code’s locality in Hindi for a Hindi reader, the English otherwise', async () => {
    expect((await get('/api/home-collection/pins/302017/')).json()).toEqual({ pin: '302017', locality: 'Malviya Nagar' });
    expect((await get('/api/home-collection/pins/302017/?lang=hi')).json()).toEqual({ pin: '302017', locality: 'मालवीय नगर' });
    expect((await get('/api/home-collection/pins/302017/', HINDI_COOKIE)).json()).toEqual({ pin: '302017', locality: 'मालवीय नगर' });
  });

  it('lets staff write the Hindi locality beside the English; left out it stays, blank clears it, audited', async () => {
    const pin = '302029';
    expect((await staff('PUT', `/api/staff/pins/${pin}`, { locality: 'Sanganer', locality_hi: 'सांगानेर' })).json()).toEqual({ pin, locality: 'Sanganer', locality_hi: 'सांगानेर' });
    expect(await lastAudit('service_pin', pin)).toMatchObject({ action: 'create', after: { pin, locality: 'Sanganer', locality_hi: 'सांगानेर' } });
    expect((await get(`/api/home-collection/pins/${pin}/?lang=hi`)).json()).toEqual({ pin, locality: 'सांगानेर' });
    // an older client renames the English only
    expect((await staff('PUT', `/api/staff/pins/${pin}`, { locality: 'Sanganer Town' })).json()).toEqual({ pin, locality: 'Sanganer Town', locality_hi: 'सांगानेर' });
    expect((await staff('GET', '/api/staff/pins')).json()).toContainEqual({ pin, locality: 'Sanganer Town', locality_hi: 'सांगानेर' });
    expect((await staff('PUT', `/api/staff/pins/${pin}`, { locality: 'Sanganer Town', locality_hi: ' ' })).json()).toEqual({ pin, locality: 'Sanganer Town', locality_hi: null });
    expect((await get(`/api/home-collection/pins/${pin}/?lang=hi`)).json()).toEqual({ pin, locality: 'Sanganer Town' });
    const bad = await staff('PUT', `/api/staff/pins/${pin}`, { locality: 'Sanganer', locality_hi: 'स\u0000' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('locality_hi');
  });
});

describe('the lab’s grievance officer and address in Hindi', () => {
  it('answers GET /api/lab/?lang=hi with the officer’s title and the address in Hindi, under its own ETag; English unchanged', async () => {
    const english = await get('/api/lab/');
    expect(english.json().grievance).toEqual(DEFAULT_LAB_DETAILS.grievance);
    expect(english.json().address_lines).toEqual(DEFAULT_LAB_DETAILS.address_lines);
    expect(english.json()).not.toHaveProperty('address_lines_hi');
    expect((await get('/api/lab/?lang=en')).body).toBe(english.body);
    // the public read follows ?lang only, as the other public reads (decision 038)
    expect((await get('/api/lab/', HINDI_COOKIE)).body).toBe(english.body);

    const hindi = await get('/api/lab/?lang=hi');
    expect(hindi.statusCode).toBe(200);
    expect(hindi.json().grievance).toEqual({ ...DEFAULT_LAB_DETAILS.grievance, name: 'शिकायत अधिकारी, Lab Centre Diagnostics' });
    expect(hindi.json().address_lines).toEqual(['दूसरी मंज़िल, शांति कॉम्प्लेक्स, एमआई रोड', 'जयपुर, राजस्थान 302001']);
    expect(hindi.json().name).toBe(DEFAULT_LAB_DETAILS.name);
    expect(hindi.headers.etag).not.toBe(english.headers.etag);
    expect((await get('/api/lab/?lang=hi', { 'if-none-match': String(hindi.headers.etag) })).statusCode).toBe(304);
    expect((await get('/api/lab/?lang=hi', { 'if-none-match': String(english.headers.etag) })).statusCode).toBe(200);

    const bad = await get('/api/lab/?lang=xx');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('lang');
  });

  it('names the officer in Hindi in the patient’s data summary for a Hindi reader', async () => {
    expect((await get('/api/users/me/data/', bearer(patient))).json().grievance_contact).toEqual(DEFAULT_LAB_DETAILS.grievance);
    expect((await get('/api/users/me/data/', { ...bearer(patient), ...HINDI_COOKIE })).json().grievance_contact).toMatchObject({ name: 'शिकायत अधिकारी, Lab Centre Diagnostics' });
  });

  it('writes a Hindi booking’s confirmation with the lab’s address in Hindi, an English one’s in English', async () => {
    const test = ((await get('/api/tests/')).json() as Array<{ id: number; name: string }>).find((x) => x.name === 'Uric Acid')!;
    const booking = (email: string, headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/api/appointments/', headers, payload: { date: weekdayIst(6), time: '11:30', user_name: 'Asha Verma', user_email: email, user_phone: '9876543210', tests: [test.id] } });
    const hindiEmail = `${unique('asha')}@example.in`;
    const englishEmail = `${unique('ravi')}@example.in`;
    expect((await booking(hindiEmail, HINDI_COOKIE)).statusCode).toBe(201);
    expect((await booking(englishEmail, {})).statusCode).toBe(201);
    const hindi = t.mail.find((mail) => mail.to === hindiEmail)!;
    const english = t.mail.find((mail) => mail.to === englishEmail)!;
    expect(hindi.text).toContain('दूसरी मंज़िल, शांति कॉम्प्लेक्स, एमआई रोड');
    expect(hindi.text).not.toContain('Shanti Complex');
    expect(english.text).toContain('2nd Floor, Shanti Complex, MI Road');
    expect(english.text).not.toContain('शांति');
  });

  it('writes the password reset of a Hindi reader with the lab’s address in Hindi', async () => {
    const reader = await createUser(t.app);
    const sent = await t.app.inject({ method: 'POST', url: '/api/send-reset-email/', headers: HINDI_COOKIE, payload: { email: reader.email }, remoteAddress: '10.9.8.7' });
    expect(sent.statusCode).toBe(200);
    const mail = t.mail.filter((x) => x.to === reader.email).at(-1)!;
    expect(mail.text).toContain('जयपुर, राजस्थान 302001');
    expect(mail.text).not.toContain('Shanti Complex');
  });

  it('lets an admin write the Hindi beside the English; an editor that sends none keeps it; null clears it', async () => {
    const current = (await staff('GET', '/api/staff/lab')).json();
    expect(current.grievance).toEqual({ ...DEFAULT_LAB_DETAILS.grievance, name_hi: 'शिकायत अधिकारी, Lab Centre Diagnostics' });
    expect(current.address_lines_hi).toEqual(['दूसरी मंज़िल, शांति कॉम्प्लेक्स, एमआई रोड', 'जयपुर, राजस्थान 302001']);
    const { hero_image: _h, about_image: _a, ...record } = current;

    const officer = { ...record.grievance, name: 'Dr. Meena Joshi, Grievance Officer', name_hi: 'डॉ. मीना जोशी, शिकायत अधिकारी' };
    const saved = await staff('PUT', '/api/staff/lab', { ...record, grievance: officer });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await lastAudit('lab_details', 1)).toMatchObject({ action: 'update', after: { grievance: { name_hi: 'डॉ. मीना जोशी, शिकायत अधिकारी' } } });
    expect((await get('/api/lab/?lang=hi')).json().grievance.name).toBe('डॉ. मीना जोशी, शिकायत अधिकारी');
    expect((await get('/api/lab/')).json().grievance.name).toBe('Dr. Meena Joshi, Grievance Officer');

    // an older editor: no Hindi fields at all
    const { name_hi: _n, ...olderOfficer } = officer;
    const { address_lines_hi: _l, ...olderRecord } = record;
    expect((await staff('PUT', '/api/staff/lab', { ...olderRecord, grievance: olderOfficer, tagline: 'Faster' })).statusCode).toBe(200);
    const kept = (await staff('GET', '/api/staff/lab')).json();
    expect(kept.grievance.name_hi).toBe('डॉ. मीना जोशी, शिकायत अधिकारी');
    expect(kept.address_lines_hi).toEqual(record.address_lines_hi);

    const cleared = await staff('PUT', '/api/staff/lab', { ...olderRecord, grievance: { ...olderOfficer, name_hi: null }, address_lines_hi: [] });
    expect(cleared.json()).toMatchObject({ grievance: { name_hi: null }, address_lines_hi: null });
    const hindi = (await get('/api/lab/?lang=hi')).json();
    expect(hindi.grievance.name).toBe('Dr. Meena Joshi, Grievance Officer');
    expect(hindi.address_lines).toEqual(DEFAULT_LAB_DETAILS.address_lines);

    const bad = await staff('PUT', '/api/staff/lab', { ...olderRecord, grievance: { ...olderOfficer, name_hi: 'ड\u0000' }, address_lines_hi: ['', 'x'] });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(expect.arrayContaining(['grievance.name_hi', 'address_lines_hi.0']));

    expect((await staff('PUT', '/api/staff/lab', { ...record })).statusCode).toBe(200);
  });
});

describe('migration 045 on a database with the demo data', () => {
  it('gives the demo’s plans, authors, localities and grievance officer their Hindi, and leaves a lab’s own words alone', async () => {
    await withDatabaseAt('043-profile-phone', async ({ db, dialect }) => {
      const raw = db as unknown as Kysely<any>;
      await raw.insertInto('membership_plans').values([
        { name: 'Gold', price_paise: 99_900, discount_percentage: 15, duration_days: 365, active: 1 },
        { name: 'Staff Saver', price_paise: 0, discount_percentage: 30, duration_days: 365, active: 1 },
      ]).execute();
      const at = '2026-10-01T00:00:00.000Z';
      await raw.insertInto('blogs').values([
        { title: 'A', author: 'Dr. Rahul Verma', content: 'x', published: 1, created_at: at, updated_at: at },
        { title: 'B', author: 'Dr. Someone Else', content: 'y', published: 1, created_at: at, updated_at: at },
      ]).execute();
      await raw.insertInto('service_pins').values([{ pin: '302020', locality: 'Mansarovar' }, { pin: '302029', locality: 'Sanganer' }]).execute();
      const before = await raw.selectFrom('lab_details').select(['version', 'details_json']).where('id', '=', 1).executeTakeFirstOrThrow();

      await migrateToLatest(db, dialect);

      expect(await raw.selectFrom('membership_plans').select(['name', 'name_hi']).orderBy('name').execute()).toEqual([
        { name: 'Gold', name_hi: 'गोल्ड' },
        { name: 'Staff Saver', name_hi: null },
      ]);
      expect(await raw.selectFrom('blogs').select(['author', 'author_hi']).orderBy('title').execute()).toEqual([
        { author: 'Dr. Rahul Verma', author_hi: 'डॉ. राहुल वर्मा' },
        { author: 'Dr. Someone Else', author_hi: null },
      ]);
      expect(await raw.selectFrom('service_pins').select(['pin', 'locality_hi']).orderBy('pin').execute()).toEqual([
        { pin: '302020', locality_hi: 'मानसरोवर' },
        { pin: '302029', locality_hi: null },
      ]);
      const after = await raw.selectFrom('lab_details').select(['version', 'details_json']).where('id', '=', 1).executeTakeFirstOrThrow();
      expect(Number(after.version)).toBe(Number(before.version) + 1);
      expect(JSON.parse(after.details_json)).toEqual({
        ...JSON.parse(before.details_json),
        grievance: { ...DEFAULT_LAB_DETAILS.grievance, name_hi: 'शिकायत अधिकारी, Lab Centre Diagnostics' },
        address_lines_hi: ['दूसरी मंज़िल, शांति कॉम्प्लेक्स, एमआई रोड', 'जयपुर, राजस्थान 302001'],
      });
    });
  });

  it('adds no Hindi to a lab whose officer and address the lab wrote itself', async () => {
    await withDatabaseAt('043-profile-phone', async ({ db, dialect }) => {
      const raw = db as unknown as Kysely<any>;
      const row = await raw.selectFrom('lab_details').select('details_json').where('id', '=', 1).executeTakeFirstOrThrow();
      const own = { ...JSON.parse(row.details_json), address_lines: ['12 Civil Lines', 'Ajmer 305001'], grievance: { name: 'Mr. R. Gupta', email: 'g@lab.in', phone: '+91 145 262 0000' } };
      await raw.updateTable('lab_details').set({ details_json: JSON.stringify(own), version: 7 }).where('id', '=', 1).execute();
      await migrateToLatest(db, dialect);
      const after = await raw.selectFrom('lab_details').select(['version', 'details_json']).where('id', '=', 1).executeTakeFirstOrThrow();
      expect(JSON.parse(after.details_json)).toEqual(own);
      expect(Number(after.version)).toBe(7);
    });
  });
});
