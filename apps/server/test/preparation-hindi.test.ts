// A test's own preparation instructions in Hindi (migration 031). Staff write them beside the
// English (`instructions_hi`, checked and audited as the English); `/api/tests/?lang=hi` answers them
// where written and the English otherwise, the English answer unchanged to the byte; the confirmation and
// the evening reminder of a Hindi booking say them, falling back to the English; the staff run sheet
// stays English. On SQLite and, with DATABASE_URL, PostgreSQL. The clock is moved by hand; nothing waits.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { preparationsHi } from '../src/db/seed/hindi.ts';
import { preparations } from '../src/db/seed/catalogue.ts';
import { bearer, makeApp, TestClock, type TestApp, unique, weekdayIst } from './helpers.ts';
import { createStaff, type StaffAccount } from './staff-helpers.ts';

const dayBefore = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
const india = (date: string, time: string) => Date.parse(`${date}T${time}:00+05:30`);

type Listed = { id: number; name: string; name_en?: string; preparation?: { fasting_hours: number | null; instructions: string; latest_time: string | null } };

let t: TestApp;
let admin: StaffAccount;
let categoryId: number;
const clock = new TestClock();
const day = weekdayIst(5);
const eve = dayBefore(day);

beforeAll(async () => {
  t = await makeApp({ RATE_LIMITS: 'off' }, { clock, mailJobs: 'manual' });
  admin = await createStaff(t.app, 'admin');
  categoryId = (await t.app.inject({ method: 'GET', url: '/api/categories/' })).json()[0].id;
});
afterAll(() => t.close());
beforeEach(() => {
  clock.ms = india(dayBefore(eve), '12:00');
});

const staff = (method: 'POST' | 'PATCH', url: string, payload: object) => t.app.inject({ method, url: `/api/staff${url}`, headers: bearer(admin), payload });
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const list = async (url: string) => (await get(url)).json() as Listed[];
const byName = (tests: Listed[], english: string) => tests.find((x) => (x.name_en ?? x.name) === english)!;
async function lastAudit(id: number): Promise<{ before: Record<string, unknown> | null; after: Record<string, unknown> }> {
  const row = await t.app.deps.db.selectFrom('audit_log').select(['before_json', 'after_json']).where('entity', '=', 'test').where('entity_id', '=', String(id)).orderBy('id', 'desc').executeTakeFirstOrThrow();
  return { before: row.before_json ? JSON.parse(row.before_json) : null, after: JSON.parse(row.after_json!) };
}
const storedHindi = async (id: number) => (await t.app.deps.db.selectFrom('tests').select('preparation_hi').where('id', '=', id).executeTakeFirstOrThrow()).preparation_hi;

describe('staff write the instructions in Hindi', () => {
  it('sets them with the test, keeps them through edits that leave them out, changes and clears them; each change audited', async () => {
    const created = await staff('POST', '/tests', {
      name: `Fasting Insulin ${unique('t')}`,
      category_id: categoryId,
      price: 650,
      fasting_hours: 8,
      instructions: 'Water only.',
      instructions_hi: 'सिर्फ़ पानी।',
      latest_time: '10:30',
    });
    expect(created.statusCode, created.body).toBe(201);
    const test = created.json();
    expect(test.preparation).toEqual({ fasting_hours: 8, instructions: 'Water only.', latest_time: '10:30', instructions_hi: 'सिर्फ़ पानी।' });
    expect(await lastAudit(test.id)).toMatchObject({ before: null, after: { preparation: 'Water only.', preparation_hi: 'सिर्फ़ पानी।' } });

    // A client that knows no Hindi field leaves it as written, and its audit names only what it changed.
    const repriced = await staff('PATCH', `/tests/${test.id}`, { price: 700, instructions: 'Water only, no tea.' });
    expect(repriced.json().preparation.instructions_hi).toBe('सिर्फ़ पानी।');
    expect(await lastAudit(test.id)).toEqual({ before: { price: 650, preparation: 'Water only.' }, after: { price: 700, preparation: 'Water only, no tea.' } });

    const changed = await staff('PATCH', `/tests/${test.id}`, { instructions_hi: ' सिर्फ़ पानी, चाय नहीं। ' });
    expect(changed.json().preparation).toEqual({ fasting_hours: 8, instructions: 'Water only, no tea.', latest_time: '10:30', instructions_hi: 'सिर्फ़ पानी, चाय नहीं।' });
    expect(await lastAudit(test.id)).toEqual({ before: { preparation_hi: 'सिर्फ़ पानी।' }, after: { preparation_hi: 'सिर्फ़ पानी, चाय नहीं।' } });

    // Blank or null removes it; the staff list shows null.
    expect((await staff('PATCH', `/tests/${test.id}`, { instructions_hi: '   ' })).json().preparation.instructions_hi).toBeNull();
    expect(await storedHindi(test.id)).toBeNull();
    await staff('PATCH', `/tests/${test.id}`, { instructions_hi: 'पानी पी सकते हैं।' });
    expect((await staff('PATCH', `/tests/${test.id}`, { instructions_hi: null })).json().preparation.instructions_hi).toBeNull();
    expect(await lastAudit(test.id)).toEqual({ before: { preparation_hi: 'पानी पी सकते हैं।' }, after: { preparation_hi: null } });
    const listed = (await t.app.inject({ method: 'GET', url: `/api/staff/tests?q=${encodeURIComponent(test.name)}`, headers: bearer(admin) })).json().items;
    expect(listed).toEqual([expect.objectContaining({ id: test.id, preparation: expect.objectContaining({ instructions_hi: null }) })]);

    // A new test without it has none.
    const plain = await staff('POST', '/tests', { name: `Serum Zinc ${unique('t')}`, category_id: categoryId, price: 300 });
    expect(plain.json().preparation).toEqual({ fasting_hours: null, instructions: '', latest_time: null, instructions_hi: null });
  });

  it('refuses a NUL byte, text over 300 characters, a line break and a non-text with a 400 naming instructions_hi, on create and update', async () => {
    const base = () => ({ name: `Checked ${unique('t')}`, category_id: categoryId, price: 100 });
    const bad: Array<[unknown, string]> = [
      ['खाली पेट\u0000', 'Remove the control characters (such as NUL) from this field.'],
      ['ज'.repeat(301), 'Ensure this field has no more than 300 characters.'],
      ['पहली पंक्ति\nदूसरी', 'This field must be on one line.'],
      [42, 'Enter text.'],
    ];
    const ok = await staff('POST', '/tests', { ...base(), instructions_hi: 'ज'.repeat(300) });
    expect(ok.statusCode, ok.body).toBe(201);
    const id = ok.json().id as number;
    for (const [value, message] of bad) {
      const create = await staff('POST', '/tests', { ...base(), instructions_hi: value });
      expect(create.statusCode, message).toBe(400);
      expect(create.json()).toEqual({ instructions_hi: [message] });
      const update = await staff('PATCH', `/tests/${id}`, { instructions_hi: value });
      expect(update.statusCode, message).toBe(400);
      expect(update.json()).toEqual({ instructions_hi: [message] });
    }
    // The longest allowed was kept whole, and no refused value reached the row.
    expect(await storedHindi(id)).toBe('ज'.repeat(300));
  });
});

describe('the public test list in Hindi', () => {
  it('says the seeded instructions in Hindi, each from the seed, with the same fasting hours and latest time', async () => {
    const english = await list('/api/tests/');
    const hindi = await list('/api/tests/?lang=hi');
    const seeded = Object.entries(preparations);
    expect(seeded.length).toBeGreaterThan(0);
    for (const [name, p] of seeded) {
      expect(byName(english, name).preparation, name).toEqual({ fasting_hours: p.fasting_hours, instructions: p.preparation, latest_time: p.latest_time });
      expect(byName(hindi, name).preparation, name).toEqual({ fasting_hours: p.fasting_hours, instructions: preparationsHi[name], latest_time: p.latest_time });
      expect(preparationsHi[name], name).toMatch(/\p{Script=Devanagari}/u);
    }
    expect(byName(hindi, 'Lipid Profile').preparation!.instructions).toBe('10 से 12 घंटे खाली पेट रहें: सिर्फ़ पानी, चाय या कॉफ़ी नहीं।');
  });

  it('answers a Hindi edit to Hindi readers at once, falls back to the English, and leaves the English list byte for byte', async () => {
    const test = (await staff('POST', '/tests', { name: `Serum Cortisol ${unique('t')}`, category_id: categoryId, price: 800, instructions: 'Come before 9 in the morning.' })).json();
    const hindiOnly = (await staff('POST', '/tests', { name: `Urine Pregnancy ${unique('t')}`, category_id: categoryId, price: 150 })).json();
    const en = await get('/api/tests/');
    expect((en.json() as Listed[]).find((x) => x.id === hindiOnly.id)).not.toHaveProperty('preparation');
    // No Hindi written: the Hindi reader gets the English instructions.
    expect((await list('/api/tests/?lang=hi')).find((x) => x.id === test.id)!.preparation).toEqual({ fasting_hours: null, instructions: 'Come before 9 in the morning.', latest_time: null });

    await staff('PATCH', `/tests/${test.id}`, { instructions_hi: 'सुबह 9 बजे से पहले आएँ।' });
    await staff('PATCH', `/tests/${hindiOnly.id}`, { instructions_hi: `${'सुबह का पहला पेशाब'} लाएँ।` });

    const hindi = await list('/api/tests/?lang=hi');
    expect(hindi.find((x) => x.id === test.id)!.preparation).toEqual({ fasting_hours: null, instructions: 'सुबह 9 बजे से पहले आएँ।', latest_time: null });
    // Instructions written only in Hindi are a preparation for Hindi readers, and still none for English ones.
    expect(hindi.find((x) => x.id === hindiOnly.id)!.preparation).toEqual({ fasting_hours: null, instructions: 'सुबह का पहला पेशाब लाएँ।', latest_time: null });
    const enAgain = await get('/api/tests/', { 'if-none-match': String(en.headers.etag) });
    expect(enAgain.statusCode).toBe(304);
    expect((await get('/api/tests/')).body).toBe(en.body);
    expect((await get('/api/tests/?lang=en')).body).toBe(en.body);
  });
});

describe('the e-mails of a Hindi booking', () => {
  const LIPID_EN = preparations['Lipid Profile']!.preparation;
  const LIPID_HI = preparationsHi['Lipid Profile']!;

  /** books the named tests (by English name) at 09:30, in the language given by the lang cookie, and answers the confirmation */
  async function bookAndConfirm(names: string[], language: 'en' | 'hi', extra: Record<string, unknown> = {}) {
    const tests = await list('/api/tests/');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/appointments/',
      headers: { cookie: `lang=${language}` },
      payload: { date: day, time: '09:30', user_name: 'Asha Verma', user_email: `asha_${randomUUID().slice(0, 8)}@example.in`, user_phone: '9876543210', tests: names.map((n) => byName(tests, n).id), ...extra },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { id, reference } = res.json() as { id: string; reference: string };
    await t.app.mailJobs.runDue();
    const confirmation = t.mail.find((m) => m.subject.includes(reference))!;
    expect(confirmation, reference).toBeDefined();
    return { id, reference, confirmation };
  }

  it('confirm and remind in the language of the booking, the Hindi instructions where written and the English where not', async () => {
    const english = await bookAndConfirm(['Lipid Profile'], 'en');
    expect(english.confirmation.text).toContain(`  - ${LIPID_EN}`);
    expect(english.confirmation.html).toContain(`<li>${LIPID_EN}</li>`);
    expect(english.confirmation.text).not.toMatch(/\p{Script=Devanagari}/u);

    const hindi = await bookAndConfirm(['Lipid Profile'], 'hi');
    expect(hindi.confirmation.text).toContain(`  - ${LIPID_HI}`);
    expect(hindi.confirmation.html).toContain(`<li>${LIPID_HI}</li>`);
    expect(hindi.confirmation.text).not.toContain(LIPID_EN);
    // The app's own fasting sentence in Hindi, then the test's instructions, then the time.
    expect(hindi.confirmation.text).toMatch(new RegExp(`10 घंटे खाली पेट रहें \\(पानी पी सकते हैं\\)।\\n  - ${LIPID_HI}\\n  - 11:00 से पहले आएँ।`));

    // A test whose instructions nobody wrote in Hindi: the Hindi letter gives the English ones.
    const cortisol = (await staff('POST', '/tests', { name: `Morning Cortisol ${unique('t')}`, category_id: categoryId, price: 800, instructions: 'Rest for 30 minutes before the sample.' })).json();
    const mixed = await bookAndConfirm(['Lipid Profile', cortisol.name], 'hi');
    expect(mixed.confirmation.text).toContain(`  - ${LIPID_HI}`);
    expect(mixed.confirmation.text).toContain('  - Rest for 30 minutes before the sample.');

    t.mail.length = 0;
    clock.ms = india(eve, '18:00');
    await t.app.mailJobs.runDue();
    const reminderOf = (reference: string) => t.mail.find((m) => m.subject.includes(reference))!;
    expect(reminderOf(hindi.reference).subject).toMatch(/^याद दिलाना/);
    expect(reminderOf(hindi.reference).text).toContain(`  - ${LIPID_HI}`);
    expect(reminderOf(hindi.reference).html).toContain(`<li>${LIPID_HI}</li>`);
    expect(reminderOf(hindi.reference).text).not.toContain(LIPID_EN);
    expect(reminderOf(mixed.reference).text).toContain('  - Rest for 30 minutes before the sample.');
    expect(reminderOf(english.reference).text).toContain(`  - ${LIPID_EN}`);
    expect(reminderOf(english.reference).text).not.toContain(LIPID_HI);
  });

  it("keeps the staff run sheet in English for a Hindi booking's home visit", async () => {
    const { id } = await bookAndConfirm(['Lipid Profile'], 'hi', {
      home_sample: true,
      home_address: { house: '12', street: 'Main Road', locality: 'Near the park', city: 'Jaipur', pin: '302017' },
    });
    const sheet = await t.app.inject({ method: 'GET', url: `/api/staff/home-visits?date=${day}`, headers: bearer(admin) });
    expect(sheet.statusCode, sheet.body).toBe(200);
    const visit = (sheet.json().visits as Array<{ id: string; preparation: string[] }>).find((v) => v.id === id)!;
    expect(visit.preparation).toEqual(['Fast for at least 10 hours before the sample (water is fine).', LIPID_EN, 'The sample must be drawn before 11:00.']);
  });
});
