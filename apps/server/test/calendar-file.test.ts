// The booking's calendar file by the bill's capability (decision 053): the appointment's id answers the
// same event the confirmation e-mail attaches (the slot's moment in UTC, the reference, the bill link),
// an unknown or malformed id is a 404, a cancelled appointment has
// none (in Hindi for a Hindi page). SQLite and, with DATABASE_URL, PostgreSQL.
import { privacyNotice } from '@lab/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, json, makeApp, spreadVisit, type TestApp } from './helpers.ts';

let t: TestApp;
let testIds: number[];

beforeAll(async () => {
  t = await makeApp({ RATE_LIMITS: 'off', PUBLIC_URL: 'https://lab.example.in' });
  testIds = json<{ id: number; category: string }[]>(await t.app.inject({ method: 'GET', url: '/api/tests/' }))
    .filter((x) => x.category === 'Hematology')
    .map((x) => x.id);
});
afterAll(() => t.close());

const book = async (headers: Record<string, string> = {}) => {
  const visit = spreadVisit(7, 3);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/appointments/',
    headers,
    payload: { ...visit, user_name: 'Asha Verma', user_email: 'asha@example.com', user_phone: '9876543210', tests: [testIds[0]], booking_for: 'self', consent: { notice_version: privacyNotice.version, purposes: ['service'] } },
  });
  expect(res.statusCode).toBe(201);
  return { ...(res.json() as { id: string; reference: string }), ...visit };
};

describe('GET /api/appointments/{id}/calendar.ics', () => {
  it('answers the visit as a calendar event to whoever holds the id', async () => {
    const booked = await book();
    const res = await t.app.inject({ method: 'GET', url: `/api/appointments/${booked.id}/calendar.ics` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="appointment-${booked.reference}.ics"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const ics = res.body.replace(/\r\n[ \t]/g, '');
    expect(ics).toMatch(/^BEGIN:VCALENDAR/);
    expect(ics).toContain(`UID:${booked.id}@labcentre`);
    expect(ics).toContain(booked.reference);
    expect(ics).toContain(`https://lab.example.in/bill/${booked.id}`);
    // the India-time slot as its UTC moment (IST is UTC+5:30)
    const [h, m] = booked.time.split(':').map(Number) as [number, number];
    const utc = new Date(Date.UTC(...(booked.date.split('-').map(Number) as [number, number, number]).map((v, i) => (i === 1 ? v - 1 : v)) as [number, number, number], h, m) - 330 * 60_000);
    expect(ics).toContain(`DTSTART:${utc.toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`);
  });

  it('says not found for an unknown or malformed id, and has none for a cancelled visit', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/appointments/abcdefghijklmnop/calendar.ics' })).statusCode).toBe(404);
    // a malformed id is not found either, as on the other paths that carry one (never a 500)
    const bad = await t.app.inject({ method: 'GET', url: '/api/appointments/x%00y/calendar.ics' });
    expect(bad.statusCode).toBe(404);
    expect(bad.json()).toEqual({ error: expect.any(String) });

    const u = await createUser(t.app);
    const booked = await book(bearer(u));
    expect((await t.app.inject({ method: 'PATCH', url: `/api/appointments/${booked.id}/cancel/`, headers: bearer(u) })).statusCode).toBe(200);
    const gone = await t.app.inject({ method: 'GET', url: `/api/appointments/${booked.id}/calendar.ics` });
    expect(gone.statusCode).toBe(409);
    expect(gone.json()).toEqual({ error: 'This appointment was cancelled, so it has no calendar entry.' });
    const hindi = await t.app.inject({ method: 'GET', url: `/api/appointments/${booked.id}/calendar.ics?lang=hi` });
    expect(hindi.json()).toEqual({ error: 'यह अपॉइंटमेंट रद्द हो चुकी है, इसलिए इसकी कैलेंडर फ़ाइल नहीं है।' });
  });
});
