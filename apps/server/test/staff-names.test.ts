// Staff catalogue details on real data: names compare and search in every script (a normalised key
// with a unique index, not SQL lower()), and a blog of 50,000 Hindi characters fits while every other
// route keeps its small limit. SQLite and, with DATABASE_URL, PostgreSQL.
import { randomBytes } from 'node:crypto';
import { type Kysely, Migrator } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT } from '../src/app.ts';
import { createDb } from '../src/db/index.ts';
import { migrateToLatest, migrationsFor } from '../src/db/migrations/index.ts';
import { nameKey } from '../src/lib/name-key.ts';
import { type Account, bearer, isPostgres, makeApp, type TestApp } from './helpers.ts';
import { book, createStaff } from './staff-helpers.ts';

let t: TestApp;
let staff: Account;
let categoryId: number;

beforeAll(async () => {
  t = await makeApp();
  staff = await createStaff(t.app);
  const categories = (await asStaff('GET', '/api/staff/categories')).json() as { id: number }[];
  categoryId = categories[0]!.id;
});
afterAll(() => t.close());

function asStaff(method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) {
  return t.app.inject({ method, url, headers: bearer(staff), ...(payload === undefined ? {} : { payload: payload as object }) });
}

const names = (res: { json(): unknown }) => ((res.json() as { items?: { name: string }[] }).items ?? (res.json() as { name: string }[])).map((x) => x.name);

describe('names in every script', () => {
  it('refuses a test whose name differs only in case or composition, in any script', async () => {
    const first = await asStaff('POST', '/api/staff/tests', { name: 'CFTR ΔF508 Mutation', category_id: categoryId, price: 4500 });
    expect(first.statusCode, first.body).toBe(201);
    for (const name of ['cftr δf508 mutation', 'CFTR ΔF508 MUTATION', '  Cftr Δf508 Mutation ']) {
      const res = await asStaff('POST', '/api/staff/tests', { name, category_id: categoryId, price: 10 });
      expect(res.statusCode, name).toBe(400);
      expect(res.json()).toEqual({ name: ['A test with this name already exists.'] });
    }
    // Composed and decomposed accents are one name (NFC); ß and SS fold alike.
    expect((await asStaff('POST', '/api/staff/tests', { name: 'Amélie Straße Panel', category_id: categoryId, price: 10 })).statusCode).toBe(201);
    for (const name of ['Ame\u0301lie Straße Panel', 'AMÉLIE STRASSE PANEL']) {
      expect((await asStaff('POST', '/api/staff/tests', { name, category_id: categoryId, price: 10 })).json(), name).toEqual({
        name: ['A test with this name already exists.'],
      });
    }
    // A rename onto another test's name is refused the same way.
    const other = await asStaff('POST', '/api/staff/tests', { name: 'रक्त शर्करा परीक्षण', category_id: categoryId, price: 120 });
    expect(other.statusCode).toBe(201);
    const rename = await asStaff('PATCH', `/api/staff/tests/${other.json().id}`, { name: 'cftr δf508 MUTATION' });
    expect(rename.json()).toEqual({ name: ['A test with this name already exists.'] });
  });

  it('holds the rule in the database too: a second row with the same key is refused by the unique index', async () => {
    const { db } = t.app.deps;
    const row = { category_id: categoryId, price_paise: 100, active: 1 as const, created_at: new Date().toISOString() };
    await db.insertInto('tests').values({ ...row, name: 'Ωmega Index', name_key: nameKey('Ωmega Index') }).execute();
    await expect(db.insertInto('tests').values({ ...row, name: 'ωMEGA index', name_key: nameKey('ωMEGA index') }).execute()).rejects.toThrow();
  });

  it('answers one of several creates of the same name at once with 201 and the others with the field error', async () => {
    // On PostgreSQL the check before the insert cannot see a row being committed alongside: the unique
    // index refuses the later ones, and that is the person's 400, never a 500.
    const answers = await Promise.all(
      ['Ψ Race Panel', 'ψ race panel', 'Ψ RACE PANEL', 'ψ Race Panel'].map((name) => asStaff('POST', '/api/staff/tests', { name, category_id: categoryId, price: 10 })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 400, 400, 400]);
    for (const a of answers.filter((x) => x.statusCode === 400)) expect(a.json()).toEqual({ name: ['A test with this name already exists.'] });
  });

  it('refuses a category named again in another case, in any script', async () => {
    const first = await asStaff('POST', '/api/staff/categories', { name: 'Γενετική', slug: 'genetics-gr' });
    expect(first.statusCode, first.body).toBe(201);
    const again = await asStaff('POST', '/api/staff/categories', { name: 'ΓΕΝΕΤΙΚΉ', slug: 'genetics-gr-2' });
    expect(again.json()).toEqual({ name: ['A category with this name already exists.'] });
  });

  it('finds a test, a category and a patient by any part of a non-ASCII name, in any case', async () => {
    await asStaff('POST', '/api/staff/tests', { name: 'थायरॉइड प्रोफ़ाइल', category_id: categoryId, price: 600 });
    const find = async (q: string) => names(await asStaff('GET', `/api/staff/tests?q=${encodeURIComponent(q)}`));
    for (const q of ['δf50', 'ΔF508', 'Mutation', 'शर्करा', 'प्रोफ़ाइल', 'straße', 'STRASSE']) {
      const found = await find(q);
      expect(found.length, q).toBeGreaterThan(0);
      for (const n of found) expect(nameKey(n).includes(nameKey(q)) || nameKey(n).replace(/ß/g, 'ss').includes(nameKey(q)), `${q} ~ ${n}`).toBe(true);
    }
    expect(await find('δf508 mutation')).toEqual(['CFTR ΔF508 Mutation']);

    const categories = async (q: string) => names(await asStaff('GET', `/api/staff/categories?q=${encodeURIComponent(q)}`));
    expect(await categories('ΝΕΤΙΚ')).toEqual(['Γενετική']);
    expect(await categories('νετικ')).toEqual(['Γενετική']);
    expect((await categories('')).length).toBeGreaterThan(1);

    await book(t.app, { user_name: 'Σωκράτης Παπαδόπουλος' });
    await book(t.app, { user_name: 'अनन्या शर्मा' });
    const patients = async (q: string) =>
      ((await asStaff('GET', `/api/staff/appointments?q=${encodeURIComponent(q)}`)).json() as { items: { user_name: string }[] }).items.map((a) => a.user_name);
    expect(await patients('ΣΩΚΡΆΤΗΣ')).toEqual(['Σωκράτης Παπαδόπουλος']);
    expect(await patients('παπαδόπ')).toEqual(['Σωκράτης Παπαδόπουλος']);
    expect(await patients('शर्मा')).toEqual(['अनन्या शर्मा']);
  });
});

describe('migration 003 on a database that has data', () => {
  it('gives existing names their keys, and a later name that clashes a key still found by its name', async () => {
    const schema = isPostgres ? `m_${randomBytes(6).toString('hex')}` : undefined;
    const database = await createDb(isPostgres ? process.env.DATABASE_URL! : ':memory:', schema ? { pgSchema: schema, poolSize: 2 } : {});
    try {
      const { db, dialect } = database;
      const migrations = migrationsFor(dialect);
      const before = new Migrator({ db, provider: { getMigrations: async () => migrations }, ...(schema ? { migrationTableSchema: schema } : {}) });
      expect((await before.migrateTo('002-catalog-version')).error).toBeUndefined();
      // Written before the key existed: two names that differ only in non-ASCII case.
      // The rows as they were then, without the columns the schema type now has.
      const raw = db as unknown as Kysely<any>;
      const { id: category } = await raw.insertInto('categories').values({ name: 'Ωmega', slug: 'omega' }).returning('id').executeTakeFirstOrThrow();
      const at = new Date().toISOString();
      await raw.insertInto('tests').values([
        { category_id: category, name: 'Δ Panel', price_paise: 100, active: 1, created_at: at },
        { category_id: category, name: 'δ panel', price_paise: 100, active: 1, created_at: at },
      ]).execute();
      await raw.insertInto('appointments').values({
        id: 'legacyAppointment', user_id: null, user_name: 'Σωκράτης', user_email: 's@example.com', user_phone: '9876543210',
        date: '2026-01-01', time: '10:00', home_sample: 0, address: '', status: 'booked', package_id: null, created_at: at, updated_at: at,
      }).execute();

      await migrateToLatest(db, dialect);
      const tests = await db.selectFrom('tests').select(['name', 'name_key']).orderBy('id').execute();
      expect(tests).toEqual([
        { name: 'Δ Panel', name_key: 'δ panel' },
        { name: 'δ panel', name_key: expect.stringMatching(/^δ panel #\d+$/) },
      ]);
      expect((await db.selectFrom('categories').select('name_key').executeTakeFirstOrThrow()).name_key).toBe('ωmega');
      expect((await db.selectFrom('appointments').select('user_name_key').executeTakeFirstOrThrow()).user_name_key).toBe('σωκράτησ');
    } finally {
      await database.close();
      if (schema) {
        const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
        await client.connect();
        await client.query(`DROP SCHEMA "${schema}" CASCADE`);
        await client.end();
      }
    }
  });
});

describe('blog bodies in any script', () => {
  it('takes a blog of 50,000 Hindi characters on the staff content routes only', async () => {
    const hindi = `${'स्वास्थ्य '.repeat(5000).slice(0, 49_999)}क`;
    expect(hindi).toHaveLength(50_000);
    expect(Buffer.byteLength(JSON.stringify({ content: hindi }))).toBeGreaterThan(BODY_LIMIT);

    const created = await asStaff('POST', '/api/staff/blogs', { title: 'स्वास्थ्य जाँच', author: 'डॉ. राव', content: hindi });
    expect(created.statusCode, created.body.slice(0, 200)).toBe(201);
    expect(created.json().content).toBe(hindi);
    const edited = await asStaff('PATCH', `/api/staff/blogs/${created.json().id}`, { content: `${hindi.slice(0, 49_999)}।` });
    expect(edited.statusCode).toBe(200);
    // Escaped as \uXXXX by a client, the same text is twice the bytes and still fits.
    const escaped = JSON.stringify({ title: 'T', author: 'A', content: hindi }).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
    const viaEscapes = await t.app.inject({ method: 'POST', url: '/api/staff/blogs', headers: { ...bearer(staff), 'content-type': 'application/json' }, payload: escaped });
    expect(viaEscapes.statusCode).toBe(201);

    // Over the contract's 50,000 characters: a field error, not a body-size refusal.
    const long = await asStaff('POST', '/api/staff/blogs', { title: 'T', author: 'A', content: `${hindi}x` });
    expect(long.json()).toEqual({ content: ['Ensure this field has no more than 50000 characters.'] });

    // Every other route keeps its small limit, and says so in its own words.
    const contact = await t.app.inject({
      method: 'POST',
      url: '/api/contact/',
      payload: { name: 'Asha', phone: '9876543210', message: hindi.slice(0, 30_000) },
      remoteAddress: '10.88.0.1',
    });
    expect(contact.statusCode).toBe(413);
    expect(contact.json()).toEqual({ error: `Request body is larger than ${BODY_LIMIT / 1024} KB.` });
  });
});
