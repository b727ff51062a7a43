// The English test list carries a test's Hindi name (name_hi) beside the English, so an English page finds a
// test typed in Devanagari (docs/i18n.md, "Search as people spell"): an optional field older clients ignore,
// only where the lab wrote a Hindi name that differs from the English (the list stays small), never in a
// Hindi list (which names the test in Hindi and carries name_en). Documented in the OpenAPI answer schema.
// On SQLite and, with DATABASE_URL, PostgreSQL.
import { testListSchema } from '@lab/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, bearer, makeApp, type TestApp, unique } from './helpers.ts';
import { createStaff } from './staff-helpers.ts';

let t: TestApp;
let admin: Account;

beforeAll(async () => {
  t = await makeApp();
  admin = await createStaff(t.app);
});
afterAll(() => t.close());

const staff = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) => t.app.inject({ method, url, payload, headers: bearer(admin) });
type Listed = { id: number; name: string; name_hi?: string; name_en?: string };
async function row(url: string, id: number): Promise<Listed> {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  const found = (res.json() as Listed[]).find((x) => x.id === id);
  expect(found, url).toBeDefined();
  return found!;
}

describe('name_hi in the English test list', () => {
  it('is the Hindi name where one is written and differs, absent otherwise, and follows an edit', async () => {
    const category = (await staff('GET', '/api/staff/categories')).json()[0];
    const name = `Serum Amylase ${unique('s')}`;
    const created = await staff('POST', '/api/staff/tests', { name, name_hi: 'एमाइलेज़ की जाँच', category_id: category.id, price: 450 });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;

    expect(await row('/api/tests/', id)).toMatchObject({ name, name_hi: 'एमाइलेज़ की जाँच' });
    expect(await row('/api/tests/', id)).not.toHaveProperty('name_en');
    // a Hindi list names it in Hindi, with the English beside, and no name_hi
    const hindi = await row('/api/tests/?lang=hi', id);
    expect(hindi).toMatchObject({ name: 'एमाइलेज़ की जाँच', name_en: name });
    expect(hindi).not.toHaveProperty('name_hi');

    // an edit of the Hindi name shows in the English list (the catalogue version moves the cache on)
    expect((await staff('PATCH', `/api/staff/tests/${id}`, { name_hi: 'एमाइलेज़ जाँच' })).statusCode).toBe(200);
    expect(await row('/api/tests/', id)).toMatchObject({ name_hi: 'एमाइलेज़ जाँच' });

    // a Hindi name written the same as the English adds nothing
    expect((await staff('PATCH', `/api/staff/tests/${id}`, { name_hi: name })).statusCode).toBe(200);
    expect(await row('/api/tests/', id)).not.toHaveProperty('name_hi');

    // removed, it is gone
    expect((await staff('PATCH', `/api/staff/tests/${id}`, { name_hi: null })).statusCode).toBe(200);
    expect(await row('/api/tests/', id)).not.toHaveProperty('name_hi');
  });

  it('is, test by test, the Hindi list’s name where that differs from the English, and the answer keeps to its schema', async () => {
    const english = (await t.app.inject({ method: 'GET', url: '/api/tests/' })).json() as Listed[];
    const hindi = new Map(((await t.app.inject({ method: 'GET', url: '/api/tests/?lang=hi' })).json() as Listed[]).map((x) => [x.id, x.name]));
    expect(english.filter((x) => x.name_hi !== undefined).length).toBeGreaterThan(0);
    for (const x of english) {
      const inHindi = hindi.get(x.id);
      if (inHindi !== x.name) expect(x, x.name).toHaveProperty('name_hi', inHindi);
      else expect(x, x.name).not.toHaveProperty('name_hi');
    }
    expect(english.find((x) => x.name === 'Thyroid Profile (T3, T4, TSH)')?.name_hi).toMatch(/^थायरॉइड/);
    // the contract's schema keeps name_hi (it would drop a field it did not know)
    expect(testListSchema.parse(english)).toEqual(english);
  });

  it('is described, optional, in the OpenAPI answer of GET /api/tests/', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const schema = doc.paths['/api/tests/'].get.responses['200'].content['application/json'].schema;
    const item = schema.items.$ref ? doc.components.schemas[schema.items.$ref.split('/').pop()] : schema.items;
    expect(item.properties.name_hi).toMatchObject({ type: 'string' });
    expect(item.required).not.toContain('name_hi');
    expect(item.required).toContain('name');
  });
});
