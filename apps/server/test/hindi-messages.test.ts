// The server's messages on Hindi screens (issue 18, decision 039): every message a patient can see has
// Hindi (a new one without it fails here), a request asks for Hindi with the `lang` cookie or ?lang=hi,
// and every other request, and every staff route, gets the English the API always sent.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { DATA_PURPOSES, PIN_NOT_SERVED, SLOT_FULL } from '@lab/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hindiMessages } from '../src/lib/hindi-messages.ts';
import { hindiOf } from '../src/lib/message-language.ts';
import { bearer, createUser, makeApp, openDate, spreadVisit, type TestApp } from './helpers.ts';
import { createStaff, type StaffAccount } from './staff-helpers.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const contract = (file: string) => `packages/contract/src/${file}`;
const server = (file: string) => `apps/server/src/${file}`;

/** where the messages a patient's screens can show are written: the contract's patient schemas and the server's patient modules */
const patientSources = [
  ...['common', 'auth', 'booking', 'booking-reference', 'slots', 'preparation', 'home-collection', 'membership', 'payments', 'privacy-rights', 'privacy-consent', 'mail'].map((f) => contract(`${f}.ts`)),
  ...['auth', 'booking', 'billing', 'cancel-links', 'claims', 'contact', 'home-collection', 'membership', 'payments', 'profile', 'slots'].map((m) => server(`modules/${m}`)),
  ...['rights', 'grievances', 'erasure', 'consents', 'export', 'consents-routes', 'rights-routes'].map((f) => server(`modules/privacy/${f}.ts`)),
  ...['errors', 'auth-hooks', 'rate-limit', 'passwords'].map((f) => server(`lib/${f}.ts`)),
  server('app.ts'),
];

function filesOf(relative: string): string[] {
  const full = path.join(root, relative);
  if (statSync(full).isFile()) return [full];
  return readdirSync(full, { recursive: true, encoding: 'utf8' })
    .map((f) => path.join(full, f))
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
}

/**
 * Every sentence written in those sources (a string literal that starts with a capital letter or a
 * value, has a space and ends with a full stop or question mark), comments left out; `${…}` becomes `{}`.
 */
function writtenMessages(): Map<string, string> {
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

describe('every message a patient can see has Hindi', () => {
  it('finds the messages it checks (the scan still works)', () => {
    const messages = writtenMessages();
    expect(messages.size).toBeGreaterThan(150);
    for (const known of [SLOT_FULL, PIN_NOT_SERVED, 'Enter a valid phone number.', DATA_PURPOSES.bills]) expect(messages.has(known)).toBe(true);
  });

  it('has the Hindi of each, with the same values in it', () => {
    const missing: string[] = [];
    for (const [message, file] of writtenMessages()) {
      const hindi = message.includes('{}') ? hindiMessages[message] : hindiOf(message);
      if (hindi === undefined) missing.push(`${file}: ${message}`);
      else expect(hindi.match(/\{\d\}/g)?.length ?? 0, message).toBe(message.split('{}').length - 1);
    }
    expect(missing, 'add these to apps/server/src/lib/hindi-messages.ts').toEqual([]);
  });

  it('keeps no English sentence in the Hindi', () => {
    for (const [english, hindi] of Object.entries(hindiMessages)) {
      expect(hindi, english).not.toBe(english);
      expect(hindi, english).toMatch(/[\u0900-\u097F]/);
    }
  });

  it('puts the values into the Hindi, translating those that are messages or labels', () => {
    expect(hindiOf('Too many attempts. Please try again in 5 minutes.')).toBe('बहुत ज़्यादा कोशिशें हुईं। कृपया 5 मिनट बाद फिर से कोशिश करें।');
    expect(hindiOf('This field is required.')).toBe('यह फ़ील्ड ज़रूरी है।');
    expect(hindiOf('Choose one of: en, hi.')).toBe('इनमें से एक चुनें: en, hi।');
    expect(hindiOf('The password is too similar to the first name.')).toBe('पासवर्ड पहला नाम से बहुत मिलता-जुलता है।');
    expect(hindiOf('This test does not exist or is not available: 99.')).toBe('यह जाँच मौजूद नहीं है या उपलब्ध नहीं है: 99।');
    expect(hindiOf('A sentence nobody wrote.')).toBeUndefined();
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
      expect(purpose).toBe(hindiMessages[DATA_PURPOSES[kind as keyof typeof DATA_PURPOSES]]);
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
