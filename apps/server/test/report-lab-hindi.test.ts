// The lab's lines at the top of a report, in the report's language: a Hindi report prints the address as
// the lab wrote it in Hindi (Lab details, docs/i18n.md), kept in the report's snapshot at release like
// the rest of what it prints (decision 018); the lab's name is its brand, in Latin letters. A report
// released before the Hindi address was kept, or by a lab that wrote none, prints the English.
import type { LabDetailsInput, StaffLabDetails } from '@lab/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LAB_DETAILS, DEFAULT_LAB_DETAILS_HI } from '../src/db/seed/lab-details.ts';
import { renderReport } from '../src/modules/reports/pdf.ts';
import type { ReportSnapshot } from '../src/modules/reports/snapshot.ts';
import { type Account, bearer, makeApp, pdfText, type TestApp } from './helpers.ts';
import { book, createStaff } from './staff-helpers.ts';

// Devanagari without an i-matra: PDF text comes back in drawing order, where a shaped ि stands before its
// consonant (and a tab may stand between words): the city's line is looked for word by word.
const HINDI_CITY = 'जयपुर, राजस्थान 302001';
const hasHindiCity = (text: string) => text.includes('जयपुर') && text.includes('राजस्थान 302001');
const ENGLISH_CITY = 'Jaipur, Rajasthan 302001';

describe('the lab block of a report', () => {
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

  const pdf = async (id: string, lang: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/reports/${id}/pdf?lang=${lang}` });
    expect(res.statusCode).toBe(200);
    return pdfText(res.rawPayload);
  };

  /** a Hindi booking, collected, entered and released: its id and the text of its PDF in Hindi and in English */
  async function releasedReport(): Promise<{ id: string; hindi: string; english: string }> {
    const id = await book(t.app, { tests: [fbs], language: 'hi', patient_age_years: 40, patient_sex: 'female' });
    for (const status of ['approved', 'sample_collected']) expect((await as(admin, 'POST', `/api/staff/appointments/${id}/status`, { status })).statusCode).toBe(200);
    const rows = (await as(technician, 'GET', `/api/staff/results/${id}`)).json().rows as Array<{ parameter_id: number }>;
    expect((await as(technician, 'PUT', `/api/staff/results/${id}`, { results: rows.map((r) => ({ parameter_id: r.parameter_id, value: '92' })), final: true })).statusCode).toBe(200);
    expect((await as(pathologist, 'POST', `/api/staff/results/${id}/release`)).statusCode).toBe(200);
    return { id, hindi: await pdf(id, 'hi'), english: await pdf(id, 'en') };
  }

  it('prints the Hindi address on a Hindi report and the English one on an English report', async () => {
    expect(DEFAULT_LAB_DETAILS_HI.address_lines).toContain(HINDI_CITY);
    expect(DEFAULT_LAB_DETAILS.address_lines).toContain(ENGLISH_CITY);
    const { hindi, english } = await releasedReport();
    expect(hasHindiCity(hindi)).toBe(true);
    expect(hindi).not.toContain(ENGLISH_CITY);
    expect(hindi).toContain(DEFAULT_LAB_DETAILS.name);
    expect(english).toContain(ENGLISH_CITY);
    expect(hasHindiCity(english)).toBe(false);
  });

  it('keeps the address as it was at release, and prints the English where the lab wrote no Hindi', async () => {
    const before = (await releasedReport()).id;
    const saved = (await as(admin, 'GET', '/api/staff/lab')).json() as StaffLabDetails;
    const { hero_image: _h, about_image: _a, ...input } = saved;
    const edited: LabDetailsInput = { ...input, address_lines: ['12 Station Road', 'Ajmer, Rajasthan 305001'], address_lines_hi: null };
    expect((await as(admin, 'PUT', '/api/staff/lab', edited)).statusCode).toBe(200);

    const after = await releasedReport();
    expect(after.hindi).toContain('Ajmer, Rajasthan 305001');
    expect(hasHindiCity(after.hindi)).toBe(false);
    // the report released before the edit still prints what it printed
    expect(hasHindiCity(await pdf(before, 'hi'))).toBe(true);
  });
});

it('prints the English address on a Hindi report whose snapshot kept none in Hindi (released before it was kept)', async () => {
  const snapshot: ReportSnapshot = {
    lab: { name: 'Lab Centre Diagnostics', address: ['MI Road', ENGLISH_CITY], phone: '+91 141 236 7890', email: 'info@lab.example' },
    patient: { name: 'Ravi Kumar Verma', age: '45 years', sex: 'male', booking_id: 'x'.repeat(25), booking_reference: 'LC-2MUR-JB' },
    collected_at: '2026-11-23T04:30:00.000Z',
    received_at: '2026-11-23T04:30:00.000Z',
    released_at: '2026-11-23T09:15:00.000Z',
    version: 1,
    verification_code: 'ABCD2345',
    amendment_reason: null,
    pathologist: { name: 'Kavita Menon', qualification: 'MD (Pathology)', registration_no: 'RMC-20931' },
    tests: [{ name: 'T1', sample_type: 'Serum', rows: [{ name: 'Glucose', value: '92', unit: 'mg/dL', interval: '70-100', flag: null, method: 'Hexokinase' }] }],
  };
  expect(await pdfText(await renderReport(snapshot, 'http://lab.test', 'hi'))).toContain(ENGLISH_CITY);
  const kept = { ...snapshot, lab: { ...snapshot.lab, address_hi: ['एमआई रोड', HINDI_CITY] } };
  const hindi = await pdfText(await renderReport(kept, 'http://lab.test', 'hi'));
  expect(hasHindiCity(hindi)).toBe(true);
  expect(hindi).not.toContain(ENGLISH_CITY);
  expect(await pdfText(await renderReport(kept, 'http://lab.test', 'en'))).toContain(ENGLISH_CITY);
});
