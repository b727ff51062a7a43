// Staff write the catalogue in both languages. Tests, categories, packages and offers take
// their Hindi beside the English in the staff API (checked as the English is, audited with the rest);
// public reads with ?lang=hi answer it where written and the English where not; a client that sends no
// Hindi field leaves the Hindi as it was. On SQLite and, with DATABASE_URL, PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, bearer, istDate, makeApp, type TestApp, unique } from './helpers.ts';
import { createStaff } from './staff-helpers.ts';

let t: TestApp;
let admin: Account;

beforeAll(async () => {
  t = await makeApp();
  admin = await createStaff(t.app);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PATCH';
const staff = (method: Method, url: string, payload?: object) => t.app.inject({ method, url, payload, headers: bearer(admin) });
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
/** one row of a public list, by id */
async function publicRow<T extends { id: number }>(url: string, id: number): Promise<T | undefined> {
  const res = await get(url);
  expect(res.statusCode, url).toBe(200);
  return (res.json() as T[]).find((x) => x.id === id);
}
/** the newest audit entry of a row */
async function lastAudit(entity: string, id: number): Promise<{ action: string; before: Record<string, unknown> | null; after: Record<string, unknown> }> {
  return (await staff('GET', `/api/staff/audit?entity=${entity}&entity_id=${id}`)).json().items[0];
}
async function someCategory(): Promise<{ id: number; name: string }> {
  return (await staff('GET', '/api/staff/categories')).json()[0];
}
async function activeTestIds(n: number): Promise<number[]> {
  return ((await staff('GET', `/api/staff/tests?active=true&limit=${n}`)).json().items as Array<{ id: number }>).map((x) => x.id);
}

describe('tests in Hindi', () => {
  it('keeps the Hindi name beside the English: staff read, public read in both languages, audit', async () => {
    const category = await someCategory();
    const name = `Serum Amylase ${unique('t')}`;
    const created = await staff('POST', '/api/staff/tests', { name, name_hi: 'एमाइलेज़ की जाँच', category_id: category.id, price: 450 });
    expect(created.statusCode, created.body).toBe(201);
    const test = created.json();
    expect(test).toMatchObject({ name, name_hi: 'एमाइलेज़ की जाँच' });
    const listed = (await staff('GET', `/api/staff/tests?q=${encodeURIComponent(name)}`)).json().items;
    expect(listed).toEqual([expect.objectContaining({ id: test.id, name, name_hi: 'एमाइलेज़ की जाँच' })]);

    expect(await publicRow('/api/tests/?lang=hi', test.id)).toMatchObject({ name: 'एमाइलेज़ की जाँच', price: 450 });
    expect(await publicRow('/api/tests/', test.id)).toMatchObject({ name });
    expect(await publicRow('/api/tests/?lang=en', test.id)).toMatchObject({ name });
    expect(await lastAudit('test', test.id)).toMatchObject({ action: 'create', before: null, after: { name, name_hi: 'एमाइलेज़ की जाँच', price: 450 } });

    // A Hindi edit is audited as the English is, with the old and the new text.
    await staff('PATCH', `/api/staff/tests/${test.id}`, { name_hi: 'एमाइलेज़ जाँच' });
    expect(await lastAudit('test', test.id)).toMatchObject({ action: 'update', before: { name_hi: 'एमाइलेज़ की जाँच' }, after: { name_hi: 'एमाइलेज़ जाँच' } });
    expect(await publicRow('/api/tests/?lang=hi', test.id)).toMatchObject({ name: 'एमाइलेज़ जाँच' });
  });

  it('leaves the Hindi as it is for a client that sends no Hindi field; null or blank clears it and the English stands in', async () => {
    const category = await someCategory();
    const name = `Serum Lipase ${unique('t')}`;
    const test = (await staff('POST', '/api/staff/tests', { name, name_hi: 'लाइपेज़ की जाँच', category_id: category.id, price: 600 })).json();

    const priced = await staff('PATCH', `/api/staff/tests/${test.id}`, { price: 650, name: `${name} (serum)` });
    expect(priced.json()).toMatchObject({ price: 650, name: `${name} (serum)`, name_hi: 'लाइपेज़ की जाँच' });
    const audit = await lastAudit('test', test.id);
    expect(Object.keys(audit.after).sort()).toEqual(['name', 'price']);

    expect((await staff('PATCH', `/api/staff/tests/${test.id}`, { name_hi: '   ' })).json().name_hi).toBeNull();
    expect(await publicRow('/api/tests/?lang=hi', test.id)).toMatchObject({ name: `${name} (serum)` });
    await staff('PATCH', `/api/staff/tests/${test.id}`, { name_hi: 'लाइपेज़' });
    expect((await staff('PATCH', `/api/staff/tests/${test.id}`, { name_hi: null })).json().name_hi).toBeNull();
    expect(await lastAudit('test', test.id)).toMatchObject({ before: { name_hi: 'लाइपेज़' }, after: { name_hi: null } });

    // A new test without Hindi has none.
    const plain = await staff('POST', '/api/staff/tests', { name: `Serum Zinc ${unique('t')}`, category_id: category.id, price: 300 });
    expect(plain.json().name_hi).toBeNull();
    expect(await publicRow('/api/tests/?lang=hi', plain.json().id)).toMatchObject({ name: plain.json().name });
  });

  it('shows a Hindi edit at once, with a new ETag: to Hindi readers as the name, to English readers as name_hi for the search', async () => {
    const category = await someCategory();
    const test = (await staff('POST', '/api/staff/tests', { name: `Serum Copper ${unique('t')}`, category_id: category.id, price: 700 })).json();
    const en = await get('/api/tests/');
    const hi = await get('/api/tests/?lang=hi');
    expect(hi.headers.etag).not.toBe(en.headers.etag);

    await staff('PATCH', `/api/staff/tests/${test.id}`, { name_hi: 'कॉपर की जाँच' });

    // English: the name stays English, and the Hindi name comes beside it (name_hi, for the search;
    // docs/i18n.md), so the tag an English reader holds is stale too.
    const enAgain = await get('/api/tests/', { 'if-none-match': String(en.headers.etag) });
    expect(enAgain.statusCode).toBe(200);
    expect(enAgain.headers.etag).not.toBe(en.headers.etag);
    expect((enAgain.json() as Array<{ id: number; name: string; name_hi?: string }>).find((x) => x.id === test.id)).toMatchObject({ name: test.name, name_hi: 'कॉपर की जाँच' });
    // Hindi: the tag a Hindi reader holds is stale, and the new list has the name.
    const hiAgain = await get('/api/tests/?lang=hi', { 'if-none-match': String(hi.headers.etag) });
    expect(hiAgain.statusCode).toBe(200);
    expect(hiAgain.headers.etag).not.toBe(hi.headers.etag);
    expect((hiAgain.json() as Array<{ id: number; name: string }>).find((x) => x.id === test.id)?.name).toBe('कॉपर की जाँच');
  });
});

describe('categories in Hindi', () => {
  it('names a category in Hindi for the category list and its tests; old clients keep it; null clears it', async () => {
    const name = `Genetics ${unique('c')}`;
    const created = await staff('POST', '/api/staff/categories', { name, name_hi: 'जेनेटिक्स (जीन की जाँच)' });
    expect(created.statusCode, created.body).toBe(201);
    const category = created.json();
    expect(category).toMatchObject({ name, name_hi: 'जेनेटिक्स (जीन की जाँच)', test_count: 0 });
    expect(await lastAudit('category', category.id)).toMatchObject({ action: 'create', after: { name, name_hi: 'जेनेटिक्स (जीन की जाँच)' } });
    const test = (await staff('POST', '/api/staff/tests', { name: `BRCA1 Panel ${unique('t')}`, category_id: category.id, price: 9000 })).json();

    expect(await publicRow('/api/categories/?lang=hi', category.id)).toMatchObject({ name: 'जेनेटिक्स (जीन की जाँच)', slug: category.slug });
    expect(await publicRow('/api/categories/', category.id)).toMatchObject({ name });
    expect(await publicRow('/api/tests/?lang=hi', test.id)).toMatchObject({ category: 'जेनेटिक्स (जीन की जाँच)', name: test.name });

    const renamed = await staff('PATCH', `/api/staff/categories/${category.id}`, { name: `${name} and Genomics` });
    expect(renamed.json()).toMatchObject({ name: `${name} and Genomics`, name_hi: 'जेनेटिक्स (जीन की जाँच)' });
    expect((await staff('GET', '/api/staff/categories')).json()).toContainEqual(expect.objectContaining({ id: category.id, name_hi: 'जेनेटिक्स (जीन की जाँच)' }));

    expect((await staff('PATCH', `/api/staff/categories/${category.id}`, { name_hi: null })).json().name_hi).toBeNull();
    expect(await lastAudit('category', category.id)).toMatchObject({ before: { name_hi: 'जेनेटिक्स (जीन की जाँच)' }, after: { name_hi: null } });
    expect(await publicRow('/api/categories/?lang=hi', category.id)).toMatchObject({ name: `${name} and Genomics` });
    expect(await publicRow('/api/tests/?lang=hi', test.id)).toMatchObject({ category: `${name} and Genomics` });
  });
});

describe('packages in Hindi', () => {
  it('keeps a Hindi name and description; each falls back to the English on its own', async () => {
    const testIds = await activeTestIds(2);
    const created = await staff('POST', '/api/staff/packages', {
      name: `Fever Panel ${unique('p')}`,
      description: 'Dengue and malaria in one visit.\nResults the same day.',
      name_hi: 'बुखार पैनल',
      description_hi: 'डेंगू और मलेरिया की जाँच एक साथ।\nरिपोर्ट उसी दिन।',
      price: 899,
      test_ids: testIds,
    });
    expect(created.statusCode, created.body).toBe(201);
    const pkg = created.json();
    expect(pkg).toMatchObject({ name_hi: 'बुखार पैनल', description_hi: 'डेंगू और मलेरिया की जाँच एक साथ।\nरिपोर्ट उसी दिन।' });
    expect(await lastAudit('package', pkg.id)).toMatchObject({ action: 'create', after: { name_hi: 'बुखार पैनल', price: 899, test_ids: [...testIds].sort((a, b) => a - b) } });
    expect(await publicRow('/api/packages/?lang=hi', pkg.id)).toMatchObject({ name: 'बुखार पैनल', description: 'डेंगू और मलेरिया की जाँच एक साथ।\nरिपोर्ट उसी दिन।' });
    expect(await publicRow('/api/packages/', pkg.id)).toMatchObject({ name: pkg.name, description: pkg.description });

    // An old client's edit of the price keeps both Hindi texts.
    const repriced = await staff('PATCH', `/api/staff/packages/${pkg.id}`, { price: 849 });
    expect(repriced.json()).toMatchObject({ price: 849, name_hi: 'बुखार पैनल', description_hi: expect.stringContaining('डेंगू') });
    expect(Object.keys((await lastAudit('package', pkg.id)).after)).toEqual(['price']);

    // The description's Hindi cleared: the Hindi reader gets the Hindi name and the English description.
    expect((await staff('PATCH', `/api/staff/packages/${pkg.id}`, { description_hi: '' })).json()).toMatchObject({ name_hi: 'बुखार पैनल', description_hi: null });
    expect(await publicRow('/api/packages/?lang=hi', pkg.id)).toMatchObject({ name: 'बुखार पैनल', description: pkg.description });
    expect(await lastAudit('package', pkg.id)).toMatchObject({ before: { description_hi: expect.stringContaining('डेंगू') }, after: { description_hi: null } });
    expect((await staff('GET', '/api/staff/packages')).json()).toContainEqual(expect.objectContaining({ id: pkg.id, name_hi: 'बुखार पैनल', description_hi: null }));
  });
});

describe('offers in Hindi', () => {
  it('keeps a Hindi description for the public offers in Hindi; old clients keep it; blank clears it', async () => {
    const testIds = await activeTestIds(1);
    const description = `Winter check ${unique('o')}: savings on the named test.`;
    const created = await staff('POST', '/api/staff/offers', {
      description,
      description_hi: 'सर्दियों की जाँच: चुनी हुई जाँच पर बचत।',
      discount_percentage: 10,
      category_id: null,
      start_date: istDate(0),
      end_date: istDate(5),
      test_ids: testIds,
    });
    expect(created.statusCode, created.body).toBe(201);
    const offer = created.json();
    expect(offer).toMatchObject({ description, description_hi: 'सर्दियों की जाँच: चुनी हुई जाँच पर बचत।', running: true });
    expect(await lastAudit('offer', offer.id)).toMatchObject({ action: 'create', after: { description_hi: 'सर्दियों की जाँच: चुनी हुई जाँच पर बचत।', discount_percentage: 10 } });
    expect(await publicRow('/api/offers/?lang=hi', offer.id)).toMatchObject({ description: 'सर्दियों की जाँच: चुनी हुई जाँच पर बचत।', discount_percentage: 10 });
    expect(await publicRow('/api/offers/', offer.id)).toMatchObject({ description });

    const longer = await staff('PATCH', `/api/staff/offers/${offer.id}`, { end_date: istDate(9) });
    expect(longer.json()).toMatchObject({ end_date: istDate(9), description_hi: 'सर्दियों की जाँच: चुनी हुई जाँच पर बचत।' });
    expect(Object.keys((await lastAudit('offer', offer.id)).after)).toEqual(['end_date']);

    expect((await staff('PATCH', `/api/staff/offers/${offer.id}`, { description_hi: ' ' })).json().description_hi).toBeNull();
    expect(await publicRow('/api/offers/?lang=hi', offer.id)).toMatchObject({ description });
    expect((await staff('GET', '/api/staff/offers')).json()).toContainEqual(expect.objectContaining({ id: offer.id, description_hi: null }));
  });
});

describe('the demo seed in Hindi', () => {
  it('names the demo tests by their Hindi names, the rarer ones too (test/seed-hindi.test.ts checks every one)', async () => {
    const english = (await get('/api/tests/')).json() as Array<{ id: number; name: string }>;
    const hindi = new Map(((await get('/api/tests/?lang=hi')).json() as Array<{ id: number; name: string }>).map((x) => [x.id, x.name]));
    const inHindi = (name: string) => hindi.get(english.find((x) => x.name === name)!.id);
    expect(inHindi('Erythrocyte Sedimentation Rate (ESR)')).toBe('ईएसआर (ESR)');
    expect(inHindi('Liver Function Test (LFT)')).toMatch(/लिवर/);
    expect(inHindi('CT Scan')).toBe('सीटी स्कैन (CT)');
    expect(inHindi('Hemoglobin Electrophoresis (HPLC)')).toBe('हीमोग्लोबिन इलेक्ट्रोफ़ोरेसिस (HPLC)');
  });
});

describe('Hindi fields are checked as the English ones are', () => {
  /** a valid body of each entity's create call, and its Hindi fields with their limits and lines */
  async function entities() {
    const category = await someCategory();
    const testIds = await activeTestIds(1);
    return [
      { url: '/api/staff/categories', body: { name: `Checked ${unique('c')}` }, fields: { name_hi: { max: 100, multiline: false } } },
      { url: '/api/staff/tests', body: { name: `Checked ${unique('t')}`, category_id: category.id, price: 100 }, fields: { name_hi: { max: 200, multiline: false } } },
      {
        url: '/api/staff/packages',
        body: { name: `Checked ${unique('p')}`, description: '', price: 100, test_ids: testIds },
        fields: { name_hi: { max: 200, multiline: false }, description_hi: { max: 2000, multiline: true } },
      },
      {
        url: '/api/staff/offers',
        body: { description: `Checked ${unique('o')}`, discount_percentage: 5, category_id: null, start_date: istDate(0), end_date: istDate(1) },
        fields: { description_hi: { max: 500, multiline: false } },
      },
    ];
  }

  it('refuses a NUL byte, text too long, a line break in a one-line field and a non-text, naming the field, on create and update', async () => {
    for (const { url, body, fields } of await entities()) {
      for (const [field, { max, multiline }] of Object.entries(fields)) {
        const bad: Array<[unknown, string]> = [
          ['जाँच\u0000', 'Remove the control characters (such as NUL) from this field.'],
          ['ज'.repeat(max + 1), `Ensure this field has no more than ${max} characters.`],
          [42, 'Enter text.'],
        ];
        if (!multiline) bad.push(['पहली पंक्ति\nदूसरी', 'This field must be on one line.']);
        for (const [value, message] of bad) {
          const res = await staff('POST', url, { ...body, [field]: value });
          expect(res.statusCode, `${url} ${field}`).toBe(400);
          expect(res.json(), `${url} ${field}`).toEqual({ [field]: [message] });
        }
        // The longest allowed is kept whole; a NUL on update is refused too, and the row is unchanged.
        const ok = await staff('POST', url, { ...body, [field]: 'ज'.repeat(max) });
        expect(ok.statusCode, `${url} ${field}: ${ok.body}`).toBe(201);
        expect(ok.json()[field]).toBe('ज'.repeat(max));
        const refused = await staff('PATCH', `${url}/${ok.json().id}`, { [field]: 'x\u0000' });
        expect(refused.statusCode).toBe(400);
        expect(refused.json()).toEqual({ [field]: ['Remove the control characters (such as NUL) from this field.'] });
        const id = ok.json().id;
        const stored = await t.app.deps.db.selectFrom(url.split('/').pop() as 'categories' | 'tests' | 'packages' | 'offers').select(field as 'id').where('id', '=', id).executeTakeFirstOrThrow();
        expect((stored as Record<string, unknown>)[field]).toBe('ज'.repeat(max));
        // Entities with a unique English name need a fresh one for the next field.
        if ('name' in body) body.name = `Checked ${unique('n')}`;
        if ('description' in body && url.endsWith('offers')) body.description = `Checked ${unique('o')}`;
      }
    }
  });
});
