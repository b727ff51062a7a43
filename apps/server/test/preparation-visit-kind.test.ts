// A preparation's latest time worded for the kind of visit (docs/i18n.md): at the centre the patient
// comes before it ("Come before 11:00."); at home the phlebotomist comes to the patient, so the sample
// must be drawn before it. The booking confirmation and the evening reminder say it in the booking's
// language, the staff run sheet in English. On SQLite and, with DATABASE_URL, PostgreSQL; the clock is
// moved by hand, nothing waits.
import { randomUUID } from 'node:crypto';
import { combinePreparation, inEnglish, latestTimeMessage, preparationLines, sayIn, visitKind } from '@lab/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, makeApp, TestClock, type TestApp, weekdayIst } from './helpers.ts';
import { createStaff, type StaffAccount } from './staff-helpers.ts';

const dayBefore = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
const india = (date: string, time: string) => Date.parse(`${date}T${time}:00+05:30`);

const CENTRE = { en: 'Come before 11:00.', hi: '11:00 से पहले आएँ।' };
const HOME = { en: 'The sample must be drawn before 11:00.', hi: 'सैंपल 11:00 से पहले लिया जाना चाहिए।' };
const ADDRESS = { house: '12', street: 'Main Road', locality: 'Near the park', city: 'Jaipur', pin: '302017' };

describe('the latest time, worded for the visit', () => {
  it('says "come before" for the centre and "drawn before" at home, in both languages', () => {
    expect(inEnglish(latestTimeMessage('11:00', 'centre'))).toBe(CENTRE.en);
    expect(sayIn('hi', latestTimeMessage('11:00', 'centre'))).toBe(CENTRE.hi);
    expect(inEnglish(latestTimeMessage('11:00', 'home'))).toBe(HOME.en);
    expect(sayIn('hi', latestTimeMessage('11:00', 'home'))).toBe(HOME.hi);
    expect(visitKind(true)).toBe('home');
    expect(visitKind(false)).toBe('centre');
    const combined = combinePreparation([{ fasting_hours: 10, instructions: 'Water only.', latest_time: '11:00' }])!;
    expect(preparationLines(combined, 'home')).toEqual(['Fast for at least 10 hours before the sample (water is fine).', 'Water only.', HOME.en]);
    expect(preparationLines(combined, 'centre')).toEqual(['Fast for at least 10 hours before the sample (water is fine).', 'Water only.', CENTRE.en]);
  });
});

describe('the e-mails and the run sheet of a fasting test', () => {
  let t: TestApp;
  let admin: StaffAccount;
  const clock = new TestClock();
  const day = weekdayIst(6);
  const eve = dayBefore(day);

  beforeAll(async () => {
    t = await makeApp({ RATE_LIMITS: 'off' }, { clock, mailJobs: 'manual' });
    admin = await createStaff(t.app, 'admin');
  });
  afterAll(() => t.close());
  beforeEach(() => {
    clock.ms = india(dayBefore(eve), '12:00');
  });

  /** books the Lipid Profile (fasting, before 11:00) at 09:30 in `language`, at the centre or at home, and answers its confirmation */
  async function book(language: 'en' | 'hi', home: boolean) {
    const tests = (await t.app.inject({ method: 'GET', url: '/api/tests/' })).json() as { id: number; name: string }[];
    const lipid = tests.find((x) => x.name === 'Lipid Profile')!.id;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/appointments/',
      headers: { cookie: `lang=${language}` },
      payload: {
        date: day,
        time: '09:30',
        user_name: 'Asha Verma',
        user_email: `asha_${randomUUID().slice(0, 8)}@example.in`,
        user_phone: '9876543210',
        tests: [lipid],
        ...(home ? { home_sample: true, home_address: ADDRESS } : {}),
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { id, reference } = res.json() as { id: string; reference: string };
    await t.app.mailJobs.runDue();
    const confirmation = t.mail.find((m) => m.subject.includes(reference));
    expect(confirmation, reference).toBeDefined();
    return { id, reference, confirmation: confirmation! };
  }

  it('confirms and reminds with the wording of each visit kind, in each language', async () => {
    const booked = {
      centreEn: await book('en', false),
      centreHi: await book('hi', false),
      homeEn: await book('en', true),
      homeHi: await book('hi', true),
    };
    const expected = { centreEn: CENTRE.en, centreHi: CENTRE.hi, homeEn: HOME.en, homeHi: HOME.hi };
    const wrong = { centreEn: HOME.en, centreHi: HOME.hi, homeEn: CENTRE.en, homeHi: CENTRE.hi };
    for (const key of Object.keys(booked) as (keyof typeof booked)[]) {
      const { confirmation } = booked[key];
      expect(confirmation.text, key).toContain(`  - ${expected[key]}`);
      expect(confirmation.html, key).toContain(`<li>${expected[key]}</li>`);
      expect(confirmation.text, key).not.toContain(wrong[key]);
    }

    t.mail.length = 0;
    clock.ms = india(eve, '18:00');
    await t.app.mailJobs.runDue();
    for (const key of Object.keys(booked) as (keyof typeof booked)[]) {
      const reminder = t.mail.find((m) => m.subject.includes(booked[key].reference));
      expect(reminder, `${key} reminder`).toBeDefined();
      expect(reminder!.text, key).toContain(`  - ${expected[key]}`);
      expect(reminder!.html, key).toContain(`<li>${expected[key]}</li>`);
      expect(reminder!.text, key).not.toContain(wrong[key]);
    }

    // The phlebotomist's run sheet (staff, English) words a home visit's time as a draw, whatever the booking's language.
    const sheet = await t.app.inject({ method: 'GET', url: `/api/staff/home-visits?date=${day}`, headers: bearer(admin) });
    expect(sheet.statusCode, sheet.body).toBe(200);
    const visits = sheet.json().visits as { id: string; preparation: string[] }[];
    for (const key of ['homeEn', 'homeHi'] as const) {
      const visit = visits.find((v) => v.id === booked[key].id);
      expect(visit?.preparation.at(-1), key).toBe(HOME.en);
    }
    expect(visits.map((v) => v.id)).not.toContain(booked.centreEn.id);
  });
});
