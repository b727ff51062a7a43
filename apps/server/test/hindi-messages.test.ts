// The server's messages on Hindi screens (decision records 039 and 055): every message a patient can see
// is a code of the contract's catalogues with its Hindi (a code without it fails here), a request asks for
// Hindi with the `lang` cookie or ?lang=hi, and every other request, and every staff route, gets the
// English the API always sent.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { DATA_PURPOSE_CODES, DATA_PURPOSES, inEnglish, m, MARKETING_WITHDRAWN, type MessageCode, messagesEn, messagesHi, NAME_RULE, PIN_NOT_SERVED, privacyNotice, sayIn, SLOT_FULL } from '@lab/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, makeApp, openDate, spreadVisit, type TestApp } from './helpers.ts';
import { createStaff, type StaffAccount } from './staff-helpers.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const contract = (file: string) => `packages/contract/src/${file}`;
const server = (file: string) => `apps/server/src/${file}`;

/** where the messages a patient's screens can show are said: the contract's patient schemas and the server's patient modules */
const patientSources = [
  ...['common', 'auth', 'booking', 'booking-reference', 'slots', 'preparation', 'home-collection', 'membership', 'payments', 'privacy-rights', 'privacy-consent', 'mail', 'content'].map((f) => contract(`${f}.ts`)),
  ...['auth', 'booking', 'billing', 'cancel-links', 'claims', 'contact', 'home-collection', 'membership', 'payments', 'profile', 'slots', 'privacy', 'second-factor'].map((m) => server(`modules/${m}`)),
  ...['errors', 'rate-limit', 'passwords'].map((f) => server(`lib/${f}.ts`)),
  server('http'),
];

function filesOf(relative: string): string[] {
  const full = path.join(root, relative);
  if (!existsSync(full)) return [];
  if (statSync(full).isFile()) return [full];
  return readdirSync(full, { recursive: true, encoding: 'utf8' })
    .map((f) => path.join(full, f))
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
}

/**
 * Every sentence written out in those sources (a string literal that starts with a capital letter or a
 * value, has a space and ends with a full stop or question mark), comments left out; `${…}` becomes `{}`.
 */
function writtenSentences(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of patientSources.flatMap(filesOf)) {
    const source = readFileSync(file, 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/(^|[^:'"`\\])\/\/[^\n]*/g, '$1');
    for (const m of source.matchAll(/'((?:[^'\\\n]|\\.)*)'|`((?:[^`\\]|\\.)*)`/g)) {
      const literal = (m[1] ?? m[2] ?? '').replace(/\$\{[^}]*\}/g, '{}');
      if (/^[A-Z{][^\n]* [^\n]*[.?]$/.test(literal) && !found.has(literal)) found.set(literal, path.relative(root, file));
    }
  }
  return found;
}

const codes = Object.keys(messagesEn) as MessageCode[];
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((p) => p[1]).sort();

describe('every message a patient can see has Hindi, by code', () => {
  it('finds the messages it checks (the catalogue holds them)', () => {
    const english = new Set(Object.values(messagesEn));
    expect(english.size).toBeGreaterThan(150);
    for (const known of [SLOT_FULL, PIN_NOT_SERVED, 'Enter a valid phone number.', DATA_PURPOSES.bills]) expect(english.has(known)).toBe(true);
  });

  it('has the Hindi of each, with the same values in it', () => {
    const missing = codes.filter((code) => !messagesHi[code]);
    expect(missing, 'add these to packages/contract/src/i18n/hi.ts').toEqual([]);
    for (const code of codes) expect(placeholders(messagesHi[code]), code).toEqual(placeholders(messagesEn[code]));
  });

  it('keeps no English sentence in the Hindi', () => {
    for (const code of codes) {
      expect(messagesHi[code], code).not.toBe(messagesEn[code]);
      expect(messagesHi[code], code).toMatch(/[\u0900-\u097F]/);
    }
  });

  it('says a patient module\'s messages by code: none writes out a catalogue\'s English', () => {
    const english = new Set(Object.values(messagesEn));
    const written = [...writtenSentences()].filter(([sentence]) => english.has(sentence)).map(([sentence, file]) => `${file}: ${sentence}`);
    expect(written, 'say these with m(code)').toEqual([]);
  });

  it("names a field inside a message by a label's code, never by English written into a patient schema", () => {
    // text(…, 'x'), requiredText(…, { label: 'x' }), personName(…, 'x'), id('x'), idText('x'): each puts 'x'
    // into "{label} is required." and the like, which a Hindi screen would then show in English. (The
    // staff's seat counts in slots.ts keep their English words: the console is English only.)
    const labelled = /\b(?:text|requiredText|personName|id|idText)\(\s*(?:\d[\d_]*\s*,\s*)?(?:\{\s*label:\s*)?'[^']*'|\blabel:\s*'[^']*'|\b(?:field|what):\s*'[^']*'/g;
    const contractSources = patientSources.filter((f) => f.startsWith('packages/contract/'));
    const written = contractSources.flatMap(filesOf).flatMap((file) => {
      const source = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/[^\n]*/g, '$1');
      return [...source.matchAll(labelled)].map((found) => `${path.relative(root, file)}: ${found[0]}`);
    });
    expect(written, "say these labels with m('label.…')").toEqual([]);
  });

  it('puts the values into the Hindi, saying those that are messages or labels in Hindi too', () => {
    const tooMany = m('limits.try_again_in', { what: m('limits.too_many_attempts'), wait: m('time.minutes', { count: 5 }) });
    expect(inEnglish(tooMany)).toBe('Too many attempts. Please try again in 5 minutes.');
    expect(sayIn('hi', tooMany)).toBe('बहुत ज़्यादा कोशिशें हुईं। कृपया 5 मिनट बाद फिर से कोशिश करें।');
    expect(sayIn('hi', m('validation.required'))).toBe('यह फ़ील्ड ज़रूरी है।');
    expect(sayIn('hi', m('validation.choose_one', { choices: 'en, hi' }))).toBe('इनमें से एक चुनें: en, hi।');
    const similar = m('password.too_similar', { field: m('label.first_name') });
    expect(inEnglish(similar)).toBe('The password is too similar to the first name.');
    expect(sayIn('hi', similar)).toBe('पासवर्ड पहला नाम से बहुत मिलता-जुलता है।');
    const unavailable = m('booking.test_unavailable', { ids: '99' });
    expect(inEnglish(unavailable)).toBe('This test does not exist or is not available: 99.');
    expect(sayIn('hi', unavailable)).toBe('यह जाँच मौजूद नहीं है या उपलब्ध नहीं है: 99।');
    // a plain text (staff-only words) is said as it is: nothing is looked up by its English
    expect(sayIn('hi', 'A sentence nobody wrote.')).toBe('A sentence nobody wrote.');
  });
});

describe('the API answers in Hindi only when asked', () => {
  let t: TestApp;
  let staff: StaffAccount;
  let testId: number;
  let visit = 0;
  beforeAll(async () => {
    t = await makeApp({ RATE_LIMITS: 'off' });
    staff = await createStaff(t.app, 'reception');
    testId = (await t.app.inject({ method: 'GET', url: '/api/tests/' })).json()[0].id;
  });
  afterAll(() => t.close());

  const hindi = { cookie: 'lang=hi' };
  const book = (payload: object, headers: Record<string, string> = {}, url = '/api/appointments/') =>
    t.app.inject({ method: 'POST', url, headers, payload: { ...spreadVisit(visit++, 4), user_name: 'Asha Rao', user_email: 'asha@example.com', user_phone: '9876543210', tests: [testId], ...payload } });

  it('field errors of a booking: a bad phone and a PIN code not served', async () => {
    const phone = await book({ user_phone: '12' }, hindi);
    expect(phone.statusCode).toBe(400);
    expect(phone.json().user_phone[0]).toMatch(/[\u0900-\u097F]/);
    const english = await book({ user_phone: '12' });
    expect(english.json().user_phone[0]).not.toMatch(/[\u0900-\u097F]/);

    const pin = { home_sample: true, home_address: { house: '4', street: 'MI Road', locality: 'C-Scheme', city: 'Jaipur', pin: '110001' } };
    expect((await book(pin, hindi)).json()).toEqual({ 'home_address.pin': ['इस पिन कोड पर अभी घर से सैंपल लेने की सुविधा नहीं है।'] });
    expect((await book(pin, {}, '/api/appointments/?lang=hi')).json()).toEqual({ 'home_address.pin': ['इस पिन कोड पर अभी घर से सैंपल लेने की सुविधा नहीं है।'] });
    // English, byte for byte, to a client that does not ask (an English cookie or a browser's Accept-Language included)
    for (const headers of [{}, { cookie: 'lang=en' }, { 'accept-language': 'hi-IN,hi;q=0.9' }] as Record<string, string>[]) {
      const res = await book(pin, headers);
      expect(res.body).toBe(JSON.stringify({ 'home_address.pin': [PIN_NOT_SERVED] }));
    }
    const lookup = await t.app.inject({ method: 'GET', url: '/api/home-collection/pins/110001/', headers: hindi });
    expect(lookup.statusCode).toBe(404);
    expect(lookup.json()).toEqual({ error: 'इस पिन कोड पर अभी घर से सैंपल लेने की सुविधा नहीं है।' });
  });

  it('a full time slot', async () => {
    const date = openDate(12);
    expect((await t.app.inject({ method: 'PUT', url: `/api/staff/slots/overrides/${date}`, headers: bearer(staff), payload: { centre_seats: 1 } })).statusCode).toBe(200);
    expect((await book({ date, time: '10:00' })).statusCode).toBe(201);
    const full = await book({ date, time: '10:10' }, hindi);
    expect(full.statusCode).toBe(409);
    expect(full.json()).toEqual({ error: 'यह समय स्लॉट भर गया है। कृपया कोई और समय चुनें।' });
    expect((await book({ date, time: '10:20' })).json()).toEqual({ error: SLOT_FULL });
  });

  it("the data summary's purposes and a signed-in refusal", async () => {
    const u = await createUser(t.app);
    const summary = await t.app.inject({ method: 'GET', url: '/api/users/me/data/', headers: { ...bearer(u), ...hindi } });
    expect(summary.statusCode).toBe(200);
    const purposes = (summary.json().items as { kind: keyof typeof DATA_PURPOSES; purpose: string }[]).map((i) => [i.kind, i.purpose]);
    for (const [kind, purpose] of purposes) {
      expect(purpose).toBe(sayIn('hi', m(DATA_PURPOSE_CODES[kind as keyof typeof DATA_PURPOSE_CODES])));
      expect(purpose).toMatch(/[\u0900-\u097F]/);
    }
    const english = await t.app.inject({ method: 'GET', url: '/api/users/me/data/', headers: bearer(u) });
    expect(english.json().items.map((i: { purpose: string }) => i.purpose)).toEqual(Object.values(DATA_PURPOSES));

    const wrong = await t.app.inject({ method: 'POST', url: '/api/users/me/close/', headers: { ...bearer(u), ...hindi }, payload: { password: 'not-it' } });
    expect(wrong.json()).toEqual({ password: ['पासवर्ड सही नहीं है।'] });
    const unsigned = await t.app.inject({ method: 'GET', url: '/api/users/me/data/', headers: hindi });
    expect(unsigned.statusCode).toBe(401);
    expect(unsigned.json().error).toMatch(/[\u0900-\u097F]/);
  });

  it('the answers that were English in both languages: the membership, the marketing consent, the name rule', async () => {
    const u = await createUser(t.app);
    const plan = (await t.app.inject({ method: 'GET', url: '/api/membership/plans/' })).json()[0].id;
    const subscribed = await t.app.inject({ method: 'POST', url: '/api/membership/subscribe/', headers: { ...bearer(u), ...hindi }, payload: { plan_id: plan } });
    expect(subscribed.statusCode).toBe(201);
    expect(subscribed.json().message).toBe('सदस्यता मिल गई!');
    const unsubscribed = await t.app.inject({ method: 'DELETE', url: '/api/membership/unsubscribe/', headers: { ...bearer(u), ...hindi } });
    expect(unsubscribed.json()).toEqual({ message: 'सदस्यता खत्म हो गई!' });

    const given = await t.app.inject({ method: 'POST', url: '/api/users/me/consents/', headers: bearer(u), payload: { notice_version: privacyNotice.version, purposes: ['marketing'] } });
    expect(given.statusCode).toBe(201);
    const withdrawn = await t.app.inject({ method: 'POST', url: '/api/users/me/consents/marketing/withdraw/', headers: { ...bearer(u), ...hindi } });
    expect(withdrawn.json().message).toBe(sayIn('hi', m('consent.marketing_withdrawn')));
    expect(withdrawn.json().message).toMatch(/^[^A-Za-z]*[\u0900-\u097F]/);
    expect(inEnglish(m('consent.marketing_withdrawn'))).toBe(MARKETING_WITHDRAWN);

    expect((await book({ user_name: 'R2D2' }, hindi)).json()).toEqual({ user_name: ["नाम में केवल अक्षर, स्पेस और . ' - लिखें।"] });
    expect((await book({ user_name: 'R2D2' })).json()).toEqual({ user_name: [NAME_RULE] });
  });

  it('a message that names a field names it in Hindi, under the field\'s own key', async () => {
    const latin = /[A-Za-z]/;
    const u = await createUser(t.app);
    const nominee = (headers: Record<string, string>) =>
      t.app.inject({ method: 'PUT', url: '/api/users/me/nominee/', headers: { ...bearer(u), ...headers }, payload: { name: 'अ'.repeat(121), relation: 'भाई', phone: '9876543210' } });
    const longName = await nominee(hindi);
    expect(longName.statusCode).toBe(400);
    expect(longName.json()).toEqual({ name: ['नाम 120 अक्षरों से ज़्यादा का न हो।'] });
    expect((await nominee({})).json()).toEqual({ name: ['Ensure the name has no more than 120 characters.'] });

    const username = `kavyarao${Date.now().toString(36).replace(/\d/g, '')}`;
    const register = (headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/api/users/register/', headers, payload: { username, password: `${username}1`, email: `${username}@example.com`, first_name: 'Kavya', last_name: 'Rao' } });
    const similar = await register(hindi);
    expect(similar.statusCode).toBe(400);
    expect(similar.json().password).toContain('पासवर्ड यूज़रनेम से बहुत मिलता-जुलता है।');
    for (const message of similar.json().password as string[]) expect(message).not.toMatch(latin);
    expect((await register({})).json().password).toContain('The password is too similar to the username.');
  });

  it("a successful answer's message, and staff routes stay English whatever the cookie", async () => {
    const u = await createUser(t.app);
    const out = await t.app.inject({ method: 'POST', url: '/api/users/logout/', headers: { ...bearer(u), ...hindi }, payload: { refresh: u.refresh } });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ message: 'लॉग आउट हो गया।' });
    const staffRefusal = await t.app.inject({ method: 'PUT', url: '/api/staff/slots/overrides/not-a-date', headers: { ...bearer(staff), ...hindi }, payload: { centre_seats: 1 } });
    expect(staffRefusal.statusCode).toBe(400);
    expect(staffRefusal.body).not.toMatch(/[\u0900-\u097F]/);
  });
});
