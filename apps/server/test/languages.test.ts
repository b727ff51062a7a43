// Languages on the server (decision 035): the person's language in the profile, chosen for each e-mail from the
// profile, then the `lang` cookie of the request, then the booking's `language` field, else English;
// kept on the appointment so the reminder and the report-ready e-mail follow it. On SQLite and, with
// DATABASE_URL, PostgreSQL. The clock is moved by hand for the reminder; nothing waits.
import { randomUUID } from 'node:crypto';
import { paths } from '@lab/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MailMessage } from '../src/modules/messaging/message.ts';
import { type Account, bearer, createUser, makeApp, pdfText, TestClock, type TestApp, weekdayIst } from './helpers.ts';
import { book, createStaff, payByUpi } from './staff-helpers.ts';
import { makeCancelToken } from '../src/modules/cancel-links/token.ts';

const dayBefore = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
const india = (date: string, time: string) => Date.parse(`${date}T${time}:00+05:30`);
/** the calendar file's text with its folded lines joined (RFC 5545 folds at 75 octets, even inside a Devanagari word) */
const icsOf = (m: MailMessage) => String(m.attachments?.[0]?.content ?? '').replace(/\r\n[ \t]/g, '');

describe('the language of e-mails', () => {
  let t: TestApp;
  const clock = new TestClock();
  let testId: number;
  const day = weekdayIst(5);
  const eve = dayBefore(day);

  beforeAll(async () => {
    t = await makeApp({ RATE_LIMITS: 'off' }, { clock, mailJobs: 'manual' });
    testId = (await t.app.inject({ method: 'GET', url: '/api/tests/' })).json()[0].id;
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    clock.ms = india(dayBefore(dayBefore(eve)), '12:00');
    await t.app.mailJobs.runDue();
    t.mail.length = 0;
  });

  const me = async (who: Account) => (await t.app.inject({ method: 'GET', url: '/api/users/me/', headers: bearer(who) })).json();
  const setLanguage = (who: Account, language: unknown) => t.app.inject({ method: 'PATCH', url: '/api/users/me/', headers: bearer(who), payload: { language } });
  /** books, runs the due e-mail jobs and answers the booking with the e-mails they sent */
  const bookAndMail = async (over: Record<string, unknown> = {}, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/appointments/',
      headers,
      payload: { date: day, time: '10:30', user_name: 'Asha Verma', user_email: `asha_${randomUUID().slice(0, 8)}@example.in`, user_phone: '9876543210', tests: [testId], ...over },
    });
    expect(res.statusCode, res.body).toBe(201);
    await t.app.mailJobs.runDue();
    const booked = res.json() as { id: string; reference: string };
    return { ...booked, mail: t.mail.splice(0) };
  };
  const storedLanguage = async (id: string) => (await t.app.deps.db.selectFrom('appointments').select('language').where('id', '=', id).executeTakeFirstOrThrow()).language;

  it('keeps the language in the profile: GET and PATCH /api/users/me/', async () => {
    const u = await createUser(t.app);
    expect((await me(u)).language).toBeNull();
    expect((await setLanguage(u, 'hi')).json()).toMatchObject({ language: 'hi', username: u.username });
    expect((await me(u)).language).toBe('hi');
    // Another field changed leaves the language as it is; null forgets it.
    await t.app.inject({ method: 'PATCH', url: '/api/users/me/', headers: bearer(u), payload: { sex: 'female' } });
    expect((await me(u)).language).toBe('hi');
    expect((await setLanguage(u, null)).json().language).toBeNull();
  });

  it('refuses a language that is not en or hi with a 400 naming the field', async () => {
    const u = await createUser(t.app);
    for (const bad of ['fr', 'hi\u0000', 'HI', 2 ** 40, 'x'.repeat(10_000), ['hi']]) {
      const res = await setLanguage(u, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json(), JSON.stringify(bad)).toEqual({ language: ['Choose one of: en, hi.'] });
      const booking = await t.app.inject({
        method: 'POST',
        url: '/api/appointments/',
        payload: { date: day, time: '10:30', user_name: 'Asha Verma', user_email: 'asha@example.in', user_phone: '9876543210', tests: [testId], language: bad },
      });
      expect(booking.statusCode, JSON.stringify(bad)).toBe(400);
      expect(Object.keys(booking.json())).toEqual(['language']);
    }
    // A cookie that names no language is passed over: English.
    const { mail } = await bookAndMail({}, { cookie: 'lang=fr%00' });
    expect(mail[0]!.subject).toMatch(/^Appointment LC-/);
  });

  it('writes in English when nothing names a language, as before', async () => {
    const { id, reference, mail } = await bookAndMail();
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toMatch(new RegExp(`^Appointment ${reference} booked for \\w{3}, \\d{1,2} \\w{3} \\d{4} at 10:30$`));
    expect(mail[0]!.text).toContain(`Booking reference: ${reference}`);
    expect(icsOf(mail[0]!)).toContain(`SUMMARY:`);
    expect(icsOf(mail[0]!)).toContain(`: appointment ${reference}`);
    expect(await storedLanguage(id)).toBe('en');
  });

  it('confirms a guest booking in Hindi when the lang cookie says hi: subject, body, preparation and calendar event', async () => {
    const { id, reference, mail } = await bookAndMail({}, { cookie: 'lang=hi' });
    const [confirmation] = mail;
    expect(confirmation!.subject).toBe(`अपॉइंटमेंट ${reference} बुक हो गया: ${new Intl.DateTimeFormat('hi-IN', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`))}, 10:30 बजे`);
    expect(confirmation!.text).toContain('नमस्ते,');
    expect(confirmation!.text).toContain(`बुकिंग नंबर: ${reference}`);
    expect(confirmation!.text).toContain('कुल: Rs ');
    expect(confirmation!.text).toContain('फ़ोन: ');
    expect(confirmation!.text).not.toContain('Your appointment');
    expect(confirmation!.html).toContain('<th align="left">जाँच</th>');
    expect(icsOf(confirmation!)).toContain(`: अपॉइंटमेंट ${reference}`);
    expect(icsOf(confirmation!)).toContain('(भारतीय समय)');
    expect(await storedLanguage(id)).toBe('hi');
  });

  it("takes the booking's language field when neither profile nor cookie says", async () => {
    const { id, mail } = await bookAndMail({ language: 'hi' });
    expect(mail[0]!.subject).toContain('बुक हो गया');
    expect(await storedLanguage(id)).toBe('hi');
  });

  it("puts the logged-in person's profile before the cookie and the field", async () => {
    const hindi = await createUser(t.app);
    await setLanguage(hindi, 'hi');
    const a = await bookAndMail({ language: 'en' }, { ...bearer(hindi), cookie: 'lang=en' });
    expect(a.mail[0]!.subject).toContain('बुक हो गया');

    const english = await createUser(t.app);
    await setLanguage(english, 'en');
    const b = await bookAndMail({ language: 'hi' }, { ...bearer(english), cookie: 'lang=hi' });
    expect(b.mail[0]!.subject).toMatch(/^Appointment /);

    // No choice in the profile: the cookie decides, before the field.
    const undecided = await createUser(t.app);
    const c = await bookAndMail({ language: 'en' }, { ...bearer(undecided), cookie: 'lang=hi' });
    expect(c.mail[0]!.subject).toContain('बुक हो गया');
  });

  it('reminds in the language of the appointment, even after the profile changed, and after a reschedule', async () => {
    const u = await createUser(t.app);
    await setLanguage(u, 'hi');
    const { id, reference } = await bookAndMail({ time: '09:00' }, bearer(u));
    await setLanguage(u, 'en');
    // The reschedule moves the one reminder job; its subject is written in the appointment's language.
    const moved = await t.app.inject({ method: 'POST', url: `/api/appointments/${id}/reschedule/`, headers: bearer(u), payload: { new_date: day, new_time: '10:00' } });
    expect(moved.statusCode, moved.body).toBe(200);
    const job = await t.app.deps.db.selectFrom('mail_jobs').select('subject').where('appointment_id', '=', id).where('kind', '=', 'reminder').executeTakeFirstOrThrow();
    expect(job.subject).toBe(`याद दिलाना: अपॉइंटमेंट ${reference} कल 10:00 बजे`);

    clock.ms = india(eve, '18:00');
    await t.app.mailJobs.runDue();
    const reminder = t.mail.find((m) => m.subject.includes(reference))!;
    expect(reminder.subject).toBe(`याद दिलाना: अपॉइंटमेंट ${reference} कल 10:00 बजे`);
    expect(reminder.text).toContain('याद दिला दें कि आपका अपॉइंटमेंट कल है:');
    expect(reminder.text).toContain('अपॉइंटमेंट यहाँ रद्द करें:');
    expect(icsOf(reminder)).toContain(`अपॉइंटमेंट ${reference}`);
  });

  it('sends the reset link in the language of the account, else of the page that asked', async () => {
    const reset = (email: string, cookie?: string) =>
      t.app.inject({ method: 'POST', url: '/api/send-reset-email/', headers: cookie ? { cookie } : {}, payload: { email } });
    const lastMail = async () => {
      await t.app.mailJobs.runDue();
      return t.mail.splice(0).at(-1)!;
    };
    const guest = await createUser(t.app);
    expect((await reset(guest.email, 'lang=hi')).statusCode).toBe(200);
    const hindi = await lastMail();
    expect(hindi.subject).toMatch(/पासवर्ड बदलें$/);
    expect(hindi.text).toContain('नया पासवर्ड चुनने के लिए यह लिंक खोलें:');
    expect(hindi.html).toContain('<html lang="hi">');

    await setLanguage(guest, 'en');
    await reset(guest.email, 'lang=hi');
    expect((await lastMail()).subject).toMatch(/^Reset your .* password$/);

    await setLanguage(guest, 'hi');
    await reset(guest.email);
    expect((await lastMail()).subject).toMatch(/पासवर्ड बदलें$/);
  });
});

describe('the report-ready e-mail follows the appointment', () => {
  let t: TestApp;
  let admin: Account;
  let technician: Account;
  let pathologist: Account;
  let fbs: number;

  beforeAll(async () => {
    t = await makeApp();
    [admin, technician, pathologist] = await Promise.all([
      createStaff(t.app),
      createStaff(t.app, 'technician', { first_name: 'Tara', last_name: 'Singh' }),
      createStaff(t.app, 'pathologist', { first_name: 'Anil', last_name: 'Sharma' }),
    ]);
    const list = (await t.app.inject({ method: 'GET', url: '/api/tests/' })).json() as Array<{ id: number; name: string }>;
    fbs = list.find((x) => x.name === 'Fasting Blood Sugar')!.id;
  });
  afterAll(() => t.close());

  const as = (who: Account, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: bearer(who) });

  /** a booking in `language`, collected, entered and released; answers its id */
  async function released(language: 'en' | 'hi'): Promise<string> {
    const id = await book(t.app, { tests: [fbs], language, patient_age_years: 40, patient_sex: 'female' });
    for (const status of ['approved', 'sample_collected']) expect((await as(admin, 'POST', `/api/staff/appointments/${id}/status`, { status })).statusCode).toBe(200);
    const rows = (await as(technician, 'GET', `/api/staff/results/${id}`)).json().rows as Array<{ parameter_id: number }>;
    const entered = await as(technician, 'PUT', `/api/staff/results/${id}`, { results: rows.map((r) => ({ parameter_id: r.parameter_id, value: '92' })), final: true });
    expect(entered.statusCode, entered.body).toBe(200);
    t.mail.length = 0;
    expect((await as(pathologist, 'POST', `/api/staff/results/${id}/release`)).statusCode).toBe(200);
    return id;
  }

  it('is in Hindi for a Hindi booking and in English otherwise', async () => {
    const hindi = await released('hi');
    const [ready] = t.mail;
    expect(ready!.subject).toBe('आपकी रिपोर्ट तैयार है');
    expect(ready!.text).toContain('प्रिय Ravi Kumar,');
    expect(ready!.text).toContain(`http://lab.test${paths.report(hindi)}`);
    expect(ready!.html).toContain('डैशबोर्ड</a>');

    await released('en');
    expect(t.mail[0]!.subject).toBe('Your report is ready');
  });

  it('prints the report of a Hindi booking in Hindi with the Devanagari font embedded, and in English when asked', async () => {
    const id = await released('hi');
    const res = await t.app.inject({ method: 'GET', url: `/api/reports/${id}/pdf` });
    expect(res.statusCode).toBe(200);
    // Subsets of the two files of the family (Devanagari, Latin), embedded in the PDF.
    expect(fontsOf(res.rawPayload)).toEqual(expect.arrayContaining([expect.stringMatching(/^[A-Z]{6}\+NotoSansDevanagari/)]));
    expect(res.rawPayload.length).toBeLessThan(150_000);
    const text = await pdfText(res.rawPayload);
    // The test's heading is its Hindi name as booked ("खाली पेट ब्लड शुगर"); its parameters keep their names.
    for (const words of ['मरीज़', 'Ravi Kumar', '40 व', 'सामान्य सीमा', 'खाली पेट', 'Fasting Plasma Glucose', '92', 'IST', '1 / 1']) expect(text).toContain(words);
    expect(text).not.toContain('Fasting Blood Sugar');
    // Shaped, not spelled out: the i-matra of लिंग is drawn before its consonant (as the text comes
    // back in drawing order), which only OpenType shaping does.
    expect(text).toContain('िलंग');
    expect(text).not.toContain('Patient:');
    expect(text).not.toContain('years');

    const english = await t.app.inject({ method: 'GET', url: `/api/reports/${id}/pdf?lang=en` });
    expect(english.statusCode).toBe(200);
    expect(fontsOf(english.rawPayload).some((f) => f.includes('Noto'))).toBe(false);
    const englishText = await pdfText(english.rawPayload);
    expect(englishText).toContain('Patient:');
    expect(englishText).toContain('Page 1 of 1');
    expect(englishText).toContain('Fasting Blood Sugar');

    for (const bad of ['fr', 'hi%00', 'x'.repeat(300)]) {
      const refused = await t.app.inject({ method: 'GET', url: `/api/reports/${id}/pdf?lang=${bad}` });
      expect(refused.statusCode, bad).toBe(400);
      expect(Object.keys(refused.json())).toEqual(['lang']);
    }
   }, 90_000); // three PDFs through a worker thread that starts with the TypeScript loader: slow on a loaded machine

  it('prints the receipt of a Hindi booking in Hindi', async () => {
    const id = await book(t.app, { tests: [fbs], language: 'hi' });
    await payByUpi(t.app, id, admin);
    const res = await t.app.inject({ method: 'GET', url: `/api/billing/${id}/receipt.pdf` });
    expect(res.statusCode).toBe(200);
    expect(fontsOf(res.rawPayload)).toEqual(expect.arrayContaining([expect.stringMatching(/^[A-Z]{6}\+NotoSansDevanagari/)]));
    const text = await pdfText(res.rawPayload);
    // The test by the Hindi name it was booked under ("खाली पेट ब्लड शुगर"; the PDF's text comes back in drawing order).
    for (const words of ['रसीद', 'इनवॉइस नंबर', 'खाली पेट', 'Rs ', 'UPI']) expect(text).toContain(words);
    expect(text).not.toContain('Payment receipt');
    expect(text).not.toContain('Fasting Blood Sugar');
    const english = await pdfText((await t.app.inject({ method: 'GET', url: `/api/billing/${id}/receipt.pdf?lang=en` })).rawPayload);
    expect(english).toContain('Payment receipt');
    expect(english).toContain('Fasting Blood Sugar');
   }, 60_000);
});


describe('the tests of a booking in Hindi: the Hindi names of the day, kept with it', () => {
  let t: TestApp;
  let admin: Account;
  let named: { id: number; name: string; name_en: string };
  let plain: { id: number; name: string };
  const clock = new TestClock();

  beforeAll(async () => {
    t = await makeApp({ RATE_LIMITS: 'off' }, { clock, mailJobs: 'manual' });
    admin = await createStaff(t.app);
    // a test the lab gave no Hindi name (every demo test has one: test/seed-hindi.test.ts)
    const category = (await t.app.inject({ method: 'GET', url: '/api/staff/categories', headers: bearer(admin) })).json()[0] as { id: number };
    await t.app.inject({ method: 'POST', url: '/api/staff/tests', headers: bearer(admin), payload: { name: 'Serum Lithium', category_id: category.id, price: 500 } });
    const list = (await t.app.inject({ method: 'GET', url: '/api/tests/?lang=hi' })).json() as Array<{ id: number; name: string; name_en?: string }>;
    named = list.find((x) => x.name_en === 'Complete Blood Count (CBC)') as typeof named;
    plain = list.find((x) => x.name === 'Serum Lithium' && x.name_en === undefined)!;
  });
  afterAll(() => t.close());

  const HINDI = { cookie: 'lang=hi' };
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('names them in Hindi on the bill, the dashboard, the cancel link and the confirmation, and in English exactly as before', async () => {
    const u = await createUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/appointments/',
      headers: { ...bearer(u), ...HINDI },
      payload: { date: weekdayIst(6), time: '10:30', user_name: 'Asha Verma', user_email: u.email, user_phone: '9876543210', tests: [named.id, plain.id] },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json() as { id: string };
    await t.app.mailJobs.runDue();
    const confirmation = t.mail.find((m) => m.to === u.email)!;
    expect(confirmation.text).toContain(`  - ${named.name}: Rs `);
    expect(confirmation.text).toContain(`  - ${plain.name}: Rs `);
    expect(confirmation.text).not.toContain(named.name_en);

    // In Hindi (the cookie, or ?lang=hi): the Hindi name, with the English it was charged under beside it.
    const hindiTests = [
      { name: named.name, name_en: named.name_en },
      { name: plain.name },
    ];
    for (const bill of [await get(`/api/billing/${id}/`, HINDI), await get(`/api/billing/${id}/?lang=hi`)]) {
      expect(bill.json().tests.map(({ price: _p, ...n }: { price: string }) => n)).toEqual(hindiTests);
    }
    const mine = (await get('/api/users/userappointments/', { ...bearer(u), ...HINDI })).json()[0];
    expect(mine.tests.map(({ id: _i, price: _p, ...n }: { id: number; price: string }) => n)).toEqual(hindiTests);
    const link = makeCancelToken('test-secret-test-secret-test-secret-0123', await t.app.deps.db.selectFrom('appointments').select(['id', 'date', 'time']).where('id', '=', id).executeTakeFirstOrThrow());
    expect((await get(`/api/cancel-links/${link}/`, HINDI)).json().tests).toEqual([named.name, plain.name]);

    // In English: the names as charged and no field more, as older API clients (docs/product.md#api-contract) have always read them.
    const english = (await get(`/api/billing/${id}/`)).json();
    expect(english.tests.map((x: object) => Object.keys(x))).toEqual([['name', 'price'], ['name', 'price']]);
    expect(english.tests.map((x: { name: string }) => x.name)).toEqual([named.name_en, plain.name]);
    expect((await get('/api/users/userappointments/', bearer(u))).json()[0].tests.map((x: { name: string }) => x.name)).toEqual([named.name_en, plain.name]);
    expect((await get(`/api/cancel-links/${link}/`)).json().tests).toEqual([named.name_en, plain.name]);

    // A later edit of the catalogue's Hindi name changes no booking made before it.
    const edit = await t.app.inject({ method: 'PATCH', url: `/api/staff/tests/${named.id}`, headers: bearer(admin), payload: { name_hi: 'सीबीसी (नया नाम)' } });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await get(`/api/billing/${id}/?lang=hi`)).json().tests[0].name).toBe(named.name);
    await t.app.inject({ method: 'PATCH', url: `/api/staff/tests/${named.id}`, headers: bearer(admin), payload: { name_hi: named.name } });
  });

  it('reminds in Hindi by the Hindi names of the booking', async () => {
    const day = weekdayIst(8);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/appointments/',
      payload: { date: day, time: '10:30', user_name: 'Asha Verma', user_email: `asha_${randomUUID().slice(0, 8)}@example.in`, user_phone: '9876543210', tests: [named.id], language: 'hi' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { reference } = res.json() as { reference: string };
    clock.ms = india(dayBefore(day), '18:00');
    await t.app.mailJobs.runDue();
    const reminder = t.mail.find((m) => m.subject.startsWith('याद दिलाना') && m.subject.includes(reference))!;
    expect(reminder.text).toContain(named.name);
    expect(reminder.text).not.toContain(named.name_en);
  });
});

/** the names of the fonts a PDF embeds (a subset's name starts with six letters and a plus) */
const fontsOf = (pdf: Buffer) => [...pdf.toString('latin1').matchAll(/\/BaseFont \/([^\s/>]+)/g)].map((m) => m[1]!);

describe('?lang=hi on the public content', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp();
  });
  afterAll(() => t.close());

  const DEVANAGARI = /\p{Script=Devanagari}/u;
  const get = (url: string) => t.app.inject({ method: 'GET', url });
  /** the shape of a JSON value without its text: keys, numbers, booleans and nulls */
  const shapeOf = (v: unknown): unknown =>
    Array.isArray(v) ? v.map(shapeOf) : v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, shapeOf(x)])) : typeof v === 'string' ? 'text' : v;

  it('answers the same shape in Hindi, and English exactly as without the parameter', async () => {
    const firstBlog = (await get('/api/blogs/')).json()[0].id;
    for (const url of ['/api/tests/', '/api/categories/', '/api/packages/', '/api/offers/', '/api/careers/', '/api/blogs/', `/api/blogs/${firstBlog}/`]) {
      const plain = await get(url);
      expect(plain.statusCode, url).toBe(200);
      // the English test list carries a Hindi-named test's Hindi name besides (name_hi), for the search: no other Hindi
      const plainBody = url === '/api/tests/' ? (plain.json() as Array<Record<string, unknown>>).map(({ name_hi: _hi, ...test }) => test) : plain.json();
      expect(DEVANAGARI.test(JSON.stringify(plainBody)), url).toBe(false);
      expect((await get(`${url}?lang=en`)).body, url).toBe(plain.body);
      const hindi = await get(`${url}?lang=hi`);
      expect(hindi.statusCode, url).toBe(200);
      expect(DEVANAGARI.test(hindi.body), url).toBe(true);
      // the same fields, and in the Hindi test list a Hindi-named test's English name besides (name_en)
      const hindiBody = url === '/api/tests/' ? (hindi.json() as Array<Record<string, unknown>>).map(({ name_en: _en, ...test }) => test) : hindi.json();
      expect(shapeOf(hindiBody), url).toEqual(shapeOf(plainBody));
    }
  });

  it('gives the Hindi text where written and the English otherwise', async () => {
    // every demo test has a Hindi name (test/seed-hindi.test.ts): one without, as a lab may add
    const admin = await createStaff(t.app);
    const hematology = ((await t.app.inject({ method: 'GET', url: '/api/staff/categories', headers: bearer(admin) })).json() as Array<{ id: number; name: string }>).find((c) => c.name === 'Hematology')!;
    const added = await t.app.inject({ method: 'POST', url: '/api/staff/tests', headers: bearer(admin), payload: { name: 'Serum Ferritin Index', category_id: hematology.id, price: 700 } });
    expect(added.statusCode, added.body).toBe(201);
    const tests = (await get('/api/tests/?lang=hi')).json() as Array<{ name: string; category: string; price: string }>;
    expect(tests).toContainEqual(expect.objectContaining({ name: 'खाली पेट ब्लड शुगर', category: 'बायोकेमिस्ट्री' }));
    // No Hindi name written: the English one stands.
    expect(tests).toContainEqual(expect.objectContaining({ name: 'Serum Ferritin Index', category: 'हीमेटोलॉजी (खून की जाँच)' }));
    // A Hindi name carries the English one for the booking form's search; an English name needs none.
    expect(tests.find((x) => x.name === 'खाली पेट ब्लड शुगर')).toHaveProperty('name_en', 'Fasting Blood Sugar');
    expect(tests.find((x) => x.name === 'Serum Ferritin Index')).not.toHaveProperty('name_en');
    expect(((await get('/api/tests/')).json() as object[]).every((x) => !('name_en' in x))).toBe(true);
    // An English list carries the Hindi name beside, so an English page finds a test typed in Devanagari;
    // only where the lab gave one that differs (the list stays small), and a Hindi list never.
    const english = (await get('/api/tests/')).json() as Array<{ name: string; name_hi?: string }>;
    expect(english.find((x) => x.name === 'Fasting Blood Sugar')).toHaveProperty('name_hi', 'खाली पेट ब्लड शुगर');
    expect(english.filter((x) => 'name_hi' in x).every((x) => x.name_hi !== x.name && DEVANAGARI.test(x.name_hi!))).toBe(true);
    expect(tests.every((x) => !('name_hi' in x))).toBe(true);
    const packages = (await get('/api/packages/?lang=hi')).json() as Array<{ name: string; tests: Array<{ name: string }> }>;
    expect(packages[0]).toMatchObject({ name: 'बेसिक हेल्थ चेकअप' });
    expect(packages[0]!.tests.map((x) => x.name)).toContain('सीबीसी (कंप्लीट ब्लड काउंट)');
    const offers = (await get('/api/offers/?lang=hi')).json() as Array<{ description: string; tests: Array<{ name: string }> }>;
    const monsoon = offers.find((o) => o.description.startsWith('मानसून बुखार पैनल'))!;
    expect(monsoon.tests.map((x) => x.name)).toContain('डेंगू NS1 जाँच');
    expect((await get('/api/careers/?lang=hi')).json()[0]).toMatchObject({ job_title: 'लैब टेक्नीशियन (DMLT)', application_link: expect.stringMatching(/^mailto:/) });
    const blog = (await get('/api/blogs/?lang=hi')).json()[0] as { title: string; content: string; author: string };
    expect(blog.title).toBe('सीबीसी (कंप्लीट ब्लड काउंट) क्यों ज़रूरी है');
    expect(blog.content).toContain('## कब करवाएँ?');
    // the author's name in Devanagari too (migration 045)
    expect(blog.author).toBe('डॉ. अंजलि मेहता');
  });

  it('keeps separate cached test lists per language, each with its own ETag', async () => {
    const en = await get('/api/tests/');
    const hi = await get('/api/tests/?lang=hi');
    expect(hi.headers.etag).not.toBe(en.headers.etag);
    const again = await t.app.inject({ method: 'GET', url: '/api/tests/?lang=hi', headers: { 'if-none-match': String(hi.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('refuses a language it does not have with a 400 naming lang', async () => {
    for (const url of ['/api/tests/', '/api/categories/', '/api/packages/', '/api/offers/', '/api/careers/', '/api/blogs/']) {
      for (const bad of ['fr', 'hi%00', 'x'.repeat(2000)]) {
        const res = await get(`${url}?lang=${bad}`);
        expect(res.statusCode, `${url} ${bad.slice(0, 8)}`).toBe(400);
        expect(res.json()).toEqual({ lang: ['Choose one of: en, hi.'] });
      }
    }
  });
});

describe('staff write blogs and careers in both languages', () => {
  let t: TestApp;
  let admin: Account;
  beforeAll(async () => {
    t = await makeApp();
    admin = await createStaff(t.app);
  });
  afterAll(() => t.close());
  const staff = (method: 'POST' | 'PATCH', url: string, payload: object) => t.app.inject({ method, url, payload, headers: bearer(admin) });
  const publicBlog = async (id: number, lang: string) => (await t.app.inject({ method: 'GET', url: `/api/blogs/${id}/?lang=${lang}` })).json();

  it('keeps the Hindi of a blog post beside the English; blank removes it and the English stands in', async () => {
    const created = await staff('POST', '/api/staff/blogs', { title: 'Monsoon care', author: 'Dr. Rao', content: 'Drink boiled water.', title_hi: 'मानसून में देखभाल', content_hi: 'उबला हुआ पानी पिएँ।', published: true });
    expect(created.statusCode, created.body).toBe(201);
    const blog = created.json();
    expect(blog).toMatchObject({ title: 'Monsoon care', title_hi: 'मानसून में देखभाल', content_hi: 'उबला हुआ पानी पिएँ।' });
    expect(await publicBlog(blog.id, 'hi')).toMatchObject({ title: 'मानसून में देखभाल', content: 'उबला हुआ पानी पिएँ।', author: 'Dr. Rao' });
    expect(await publicBlog(blog.id, 'en')).toMatchObject({ title: 'Monsoon care', content: 'Drink boiled water.' });

    // Another field changed leaves the Hindi; a blank Hindi title is no Hindi title.
    expect((await staff('PATCH', `/api/staff/blogs/${blog.id}`, { author: 'Dr. R. Rao' })).json()).toMatchObject({ title_hi: 'मानसून में देखभाल' });
    expect((await staff('PATCH', `/api/staff/blogs/${blog.id}`, { title_hi: '  ' })).json()).toMatchObject({ title_hi: null, content_hi: 'उबला हुआ पानी पिएँ।' });
    expect(await publicBlog(blog.id, 'hi')).toMatchObject({ title: 'Monsoon care', content: 'उबला हुआ पानी पिएँ।' });

    const bad = await staff('PATCH', `/api/staff/blogs/${blog.id}`, { content_hi: 'पानी\u0000', title_hi: 'x'.repeat(201) });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(['content_hi', 'title_hi']);
  });

  it('keeps the Hindi of a career opening', async () => {
    const created = await staff('POST', '/api/staff/careers', { job_title: 'Driver', description: 'Carry samples to the lab.', job_title_hi: 'ड्राइवर', description_hi: 'सैंपल लैब तक पहुँचाना।', application_link: 'mailto:jobs@lab.example' });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    const hindi = ((await t.app.inject({ method: 'GET', url: '/api/careers/?lang=hi' })).json() as Array<{ id: number }>).find((c) => c.id === id);
    expect(hindi).toMatchObject({ job_title: 'ड्राइवर', description: 'सैंपल लैब तक पहुँचाना।' });
    expect((await staff('PATCH', `/api/staff/careers/${id}`, { description_hi: null })).json()).toMatchObject({ job_title_hi: 'ड्राइवर', description_hi: null });
  });
});
