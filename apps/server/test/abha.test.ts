// ABHA numbers and addresses (docs/abdm.md): the Verhoeff check digit and the LOINC check digit against
// published examples; the profile, a family member and a booking keep them, refusing a wrong check digit
// or a malformed address with a 400 naming the field, in the person's language, on both databases; the
// booking's ABHA is printed on its report and is the FHIR Patient's identifier.
import { abhaDigits, formatAbhaNumber, isLoincCode, privacyNotice, verhoeffCheckDigit, verhoeffValid } from '@lab/contract';
import type { Bundle, Patient } from '@medplum/fhirtypes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, bearer, createUser, makeApp, pdfText, type TestApp } from './helpers.ts';
import { labTeam, releaseReport, testIdsByName } from './report-helpers.ts';
import { book, type BookingOverrides } from './staff-helpers.ts';

let t: TestApp;
let admin: Account;
let technician: Account;
let pathologist: Account;
let testIds: Map<string, number>;

beforeAll(async () => {
  t = await makeApp();
  ({ admin, technician, pathologist } = await labTeam(t.app));
  testIds = await testIdsByName(t.app);
}, 60_000);
afterAll(() => t?.close());

/** a 14-digit ABHA number whose check digit holds */
const validAbha = (first13: string) => `${first13}${verhoeffCheckDigit(first13)}`;
/** the same number with its check digit off by one: Verhoeff catches every single-digit error */
const wrongCheck = (n: string) => `${n.slice(0, 13)}${(Number(n[13]) + 1) % 10}`;

describe('check digits', () => {
  it('Verhoeff as published (236 → 3, 12345 → 1, 123456789012 → 0) and catches single errors and swaps', () => {
    expect(verhoeffCheckDigit('236')).toBe(3);
    expect(verhoeffCheckDigit('12345')).toBe(1);
    expect(verhoeffCheckDigit('123456789012')).toBe(0);
    expect(verhoeffValid('2363')).toBe(true);
    expect(verhoeffValid('2364')).toBe(false);
    expect(verhoeffValid('3263')).toBe(false);
    const n = validAbha('9153016528520');
    expect(verhoeffValid(n)).toBe(true);
    expect(verhoeffValid(wrongCheck(n))).toBe(false);
    expect(abhaDigits('91-5301 6528-5206')).toBe('91530165285206');
    expect(abhaDigits('91-5301-6528-520')).toBeNull();
    expect(formatAbhaNumber('91530165285206')).toBe('91-5301-6528-5206');
  });

  it('LOINC mod 10 as LOINC publishes it (718-7, 2160-0, 57021-8)', () => {
    for (const code of ['718-7', '2160-0', '57021-8', '4548-4', '24331-1']) expect(isLoincCode(code), code).toBe(true);
    for (const code of ['718-6', '2160', '718-77', 'A718-7', ' 718-7', '12345678-9']) expect(isLoincCode(code), code).toBe(false);
  });
});

describe('the profile', () => {
  it('keeps an ABHA number as digits and an address lower-cased; a wrong check digit or a bad address is a 400 naming the field, in Hindi too', async () => {
    const patient = await createUser(t.app);
    const n = validAbha('1234567890123');
    const patch = (payload: object, headers: Record<string, string> = {}) => t.app.inject({ method: 'PATCH', url: '/api/users/me/', payload, headers: { ...bearer(patient), ...headers } });
    const ok = await patch({ abha_number: formatAbhaNumber(n), abha_address: 'Meera.Iyer@abdm' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ abha_number: n, abha_address: 'meera.iyer@abdm' });

    const bad = await patch({ abha_number: wrongCheck(n) });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(['abha_number']);
    expect((await patch({ abha_number: '1234' })).json()).toHaveProperty('abha_number');
    expect((await patch({ abha_number: '12345678901234567890123' })).statusCode).toBe(400);
    expect((await patch({ abha_number: `${n}\u0000` })).json()).toHaveProperty('abha_number');
    for (const address of ['meera@gmail.com', 'me@abdm', 'meera iyer@abdm', '@abdm', 'meera@abdm@abdm']) {
      const res = await patch({ abha_address: address });
      expect(res.statusCode, address).toBe(400);
      expect(Object.keys(res.json()), address).toEqual(['abha_address']);
    }
    const hindi = await patch({ abha_number: wrongCheck(n) }, { cookie: 'lang=hi' });
    expect(hindi.json().abha_number[0]).toContain('ABHA नंबर');

    // left out stays; null clears
    expect((await patch({ sex: 'female' })).json()).toMatchObject({ abha_number: n, abha_address: 'meera.iyer@abdm' });
    expect((await patch({ abha_number: null, abha_address: '' })).json()).toMatchObject({ abha_number: null, abha_address: null });
  });
});

describe('a family member', () => {
  it('carries an ABHA, refused like the profile when wrong', async () => {
    const holder = await createUser(t.app);
    const mother = { name: 'Sunita Devi', relation: 'parent', date_of_birth: '1958-03-04', sex: 'female', consent: { notice_version: privacyNotice.version, member_agreed: true } };
    const as = (method: 'POST' | 'PATCH', url: string, payload: object) => t.app.inject({ method, url, payload, headers: bearer(holder) });
    const n = validAbha('5566778899001');
    const bad = await as('POST', '/api/users/me/members/', { ...mother, abha_number: wrongCheck(n) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('abha_number');
    const made = await as('POST', '/api/users/me/members/', { ...mother, abha_number: n, abha_address: 'sunita_devi@abdm' });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ abha_number: n, abha_address: 'sunita_devi@abdm' });
    const changed = await as('PATCH', `/api/users/me/members/${made.json().id}/`, { abha_address: 'sunita.d@abdm' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ abha_number: n, abha_address: 'sunita.d@abdm' });
    expect((await as('PATCH', `/api/users/me/members/${made.json().id}/`, { abha_address: 'sunita@' })).json()).toHaveProperty('abha_address');
  });
});

describe('a booking', () => {
  // books, releases and draws two PDFs: slow on a busy machine, so a longer allowance than the default
  it('refuses a wrong ABHA with a 400 naming the field; a right one is printed on the report and is the FHIR Patient identifier', { timeout: 120_000 }, async () => {
    const dengue = testIds.get('Dengue NS1 Antigen')!;
    await expect(book(t.app, { tests: [dengue], abha_number: wrongCheck(validAbha('9153016528520')) } as object)).rejects.toThrow(/400.*abha_number/);
    await expect(book(t.app, { tests: [dengue], abha_address: 'ravi@abdm.gov.in' } as object)).rejects.toThrow(/400.*abha_address/);

    const n = validAbha('9153016528520');
    const id = await book(t.app, { tests: [dengue], abha_number: formatAbhaNumber(n), abha_address: 'ravi.verma@abdm' } as object);
    const row = await t.app.deps.db.selectFrom('appointments').select(['abha_number', 'abha_address']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ abha_number: n, abha_address: 'ravi.verma@abdm' });

    const staff = (who: Account, method: 'POST' | 'PUT' | 'GET', url: string, payload?: object) => t.app.inject({ method, url: `/api/staff${url}`, headers: bearer(who), ...(payload ? { payload } : {}) });
    for (const status of ['approved', 'sample_collected']) expect((await staff(admin, 'POST', `/appointments/${id}/status`, { status })).statusCode).toBe(200);
    expect((await staff(technician, 'PUT', `/results/${id}/patient`, { age_years: 45, sex: 'male' })).statusCode).toBe(200);
    const rows = (await staff(technician, 'GET', `/results/${id}`)).json().rows as Array<{ parameter_id: number }>;
    expect((await staff(technician, 'PUT', `/results/${id}`, { results: rows.map((r) => ({ parameter_id: r.parameter_id, value: 'Negative' })), final: true })).statusCode).toBe(200);
    expect((await staff(pathologist, 'POST', `/results/${id}/release`)).statusCode).toBe(200);

    const pdf = await t.app.inject({ method: 'GET', url: `/api/reports/${id}/pdf` });
    expect(await pdfText(pdf.rawPayload)).toContain(`ABHA: ${formatAbhaNumber(n)} · ravi.verma@abdm`);
    const hindi = await t.app.inject({ method: 'GET', url: `/api/reports/${id}/pdf?lang=hi` });
    expect(await pdfText(hindi.rawPayload)).toContain(formatAbhaNumber(n));

    const bundle = (await t.app.inject({ method: 'GET', url: `/api/reports/${id}/fhir` })).json() as Bundle;
    const patient = bundle.entry!.map((e) => e.resource).find((r) => r?.resourceType === 'Patient') as Patient;
    expect(patient.identifier!.filter((i) => i.system?.startsWith('https://healthid.'))).toEqual([
      { type: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v2-0203', code: 'NH', display: 'National unique individual identifier' }] }, system: 'https://healthid.ndhm.gov.in', value: formatAbhaNumber(n) },
      { type: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v2-0203', code: 'NH', display: 'National unique individual identifier' }] }, system: 'https://healthid.abdm.gov.in', value: 'ravi.verma@abdm' },
    ]);
  });
});

describe("the account holder's ABHA", () => {
  it('is kept with a booking for themselves, and never put on the report of someone else they book for', { timeout: 120_000 }, async () => {
    const holder = await createUser(t.app);
    const n = validAbha('2468013579246');
    expect((await t.app.inject({ method: 'PATCH', url: '/api/users/me/', payload: { abha_number: n, abha_address: 'holder.own@abdm' }, headers: bearer(holder) })).statusCode).toBe(200);
    const dengue = testIds.get('Dengue NS1 Antigen')!;
    const kept = async (id: string) => t.app.deps.db.selectFrom('appointments').select(['abha_number', 'abha_address']).where('id', '=', id).executeTakeFirstOrThrow();

    const own = await book(t.app, { tests: [dengue], booking_for: 'self' } as object, holder);
    expect(await kept(own)).toEqual({ abha_number: n, abha_address: 'holder.own@abdm' });
    // what is typed with the booking wins over the profile
    const typed = validAbha('1357924680135');
    expect(await kept(await book(t.app, { tests: [dengue], booking_for: 'self', abha_number: typed } as object, holder))).toEqual({ abha_number: typed, abha_address: null });

    const team = { admin, technician, pathologist };
    const { id: other } = await releaseReport(t.app, team, { booking: { tests: [dengue], user_name: 'Neighbour Not Holder', booking_for: 'other' } as BookingOverrides, values: { 'Dengue NS1 Antigen': 'Negative' }, who: holder });
    expect(await kept(other)).toEqual({ abha_number: null, abha_address: null });
    const bundle = (await t.app.inject({ method: 'GET', url: `/api/reports/${other}/fhir` })).json() as Bundle;
    const patient = bundle.entry!.map((e) => e.resource).find((r) => r?.resourceType === 'Patient') as Patient;
    expect(patient.identifier!.filter((i) => i.system?.startsWith('https://healthid.'))).toEqual([]);
    const pdf = await t.app.inject({ method: 'GET', url: `/api/reports/${other}/pdf` });
    expect(await pdfText(pdf.rawPayload)).not.toContain(formatAbhaNumber(n));
  });
});
