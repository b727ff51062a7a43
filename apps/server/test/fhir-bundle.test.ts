// A released report as a FHIR R4 document (docs/abdm.md): the bundle of a CBC and of an amended report
// validate against the R4 base JSON schema (the official fhir.schema.json, through a JSON schema
// validator) and hold every element India's profiles require; codes and units are the catalogue's; the
// containers the samples module drew are its Specimens; the ABHA number and address are the Patient's
// identifiers; it is served by the report's capability as the PDF is (strangers 404) and to staff for
// any version; LOINC codes in the catalogue (a parameter's, a test's panel code) are checked, kept and
// carried by reports released afterwards.
import { createRequire } from 'node:module';
import type { Bundle, DiagnosticReport, Observation, Patient, Specimen } from '@medplum/fhirtypes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLoincCode, isSnomedConceptId } from '@lab/contract';
import { indiaProfileProblems } from '../src/modules/reports/fhir/profile-check.ts';
import { type Account, bearer, createUser, makeApp, type TestApp } from './helpers.ts';
import { asStaff, CBC_VALUES, labTeam, releaseReport, testIdsByName } from './report-helpers.ts';
import { book } from './staff-helpers.ts';

interface SchemaValidator {
  validate(resource: object, verbose?: boolean): unknown[];
}
const require = createRequire(import.meta.url);
const Validator = require('@asymmetrik/fhir-json-schema-validator') as new () => SchemaValidator;
const r4 = new Validator();

let t: TestApp;
let admin: Account;
let technician: Account;
let phlebotomist: Account;
let anil: Account;
let kavita: Account;
let testIds: Map<string, number>;
let addressNo = 0;
const freshAddress = () => `10.88.${Math.floor(++addressNo / 250)}.${(addressNo % 250) + 1}`;

beforeAll(async () => {
  t = await makeApp();
  ({ admin, technician, phlebotomist, pathologist: anil, secondPathologist: kavita } = await labTeam(t.app));
  testIds = await testIdsByName(t.app);
}, 60_000);
afterAll(() => t?.close());

const staff = (who: Account, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) => asStaff(t.app, who, method, url, payload);

/** Hb low and platelets critically low, the rest inside the intervals */
const LOW_CBC = { ...CBC_VALUES, Haemoglobin: '11.2', 'Platelet Count': '15' };

/** a booking released by Anil: its containers drawn through the samples module when `drawn`, else marked collected by status */
const released = (tests: string[], values: Record<string, string>, options: { drawn?: boolean; abha?: { abha_number?: string; abha_address?: string }; who?: Account } = {}) =>
  releaseReport(t.app, { admin, technician, pathologist: anil, phlebotomist }, {
    booking: { tests: tests.map((n) => testIds.get(n)!), user_name: 'Ravi Kumar Verma', ...options.abha },
    values,
    ...(options.who ? { who: options.who } : {}),
    ...(options.drawn ? { drawn: true } : {}),
  });

const listedCategory = async () => ((await staff(admin, 'GET', '/categories')).json() as Array<{ id: number }>)[0]!.id;

const download = (id: string, remoteAddress = freshAddress()) => t.app.inject({ method: 'GET', url: `/api/reports/${id}/fhir`, remoteAddress });

const resources = <T>(b: Bundle, type: string) => (b.entry ?? []).map((e) => e.resource).filter((r) => r?.resourceType === type) as T[];

function expectValid(bundle: Bundle): void {
  expect(r4.validate(bundle, true)).toEqual([]);
  expect(indiaProfileProblems(bundle)).toEqual([]);
}

describe('the FHIR bundle of a CBC report', () => {
  it('validates, carries the catalogue codes and units, the drawn container and the PDF, and is the same document each time', { timeout: 120_000 }, async () => {
    const { id, reference } = await released(['Complete Blood Count (CBC)'], LOW_CBC, { drawn: true, abha: { abha_number: '91-5301-6528-5204', abha_address: 'ravi.verma@abdm' } });
    const res = await download(id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/fhir+json; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="report-${reference}-v1.fhir.json"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const bundle = res.json() as Bundle;
    expectValid(bundle);
    expect(bundle.type).toBe('document');
    expect(bundle.entry![0]!.resource!.resourceType).toBe('Composition');

    // codes and units as the catalogue says
    const catalogue = await t.app.deps.db
      .selectFrom('test_parameters')
      .select(['name', 'unit', 'loinc_code', 'loinc_display'])
      .where('test_id', '=', testIds.get('Complete Blood Count (CBC)')!)
      .execute();
    const observations = resources<Observation>(bundle, 'Observation');
    expect(observations).toHaveLength(catalogue.length);
    for (const p of catalogue) {
      const o = observations.find((x) => x.code.text === p.name)!;
      expect(p.loinc_code).not.toBeNull();
      expect(o.code.coding).toEqual([{ system: 'http://loinc.org', code: p.loinc_code, display: p.loinc_display }]);
      expect(o.valueQuantity?.unit).toBe(p.unit);
      expect(o.status).toBe('final');
    }
    const hb = observations.find((o) => o.code.coding?.[0]?.code === '718-7')!;
    expect(hb.valueQuantity).toEqual({ value: 11.2, unit: 'g/dL', system: 'http://unitsofmeasure.org', code: 'g/dL' });
    expect(hb.interpretation?.[0]?.coding?.[0]).toMatchObject({ system: 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation', code: 'L' });
    expect(hb.referenceRange?.[0]).toMatchObject({ low: { value: 13, unit: 'g/dL', code: 'g/dL' }, high: { value: 17, unit: 'g/dL' } });
    expect(hb.method?.text).toBe('Photometry (SLS, cyanide-free)');
    const platelets = observations.find((o) => o.code.coding?.[0]?.code === '777-3')!;
    expect(platelets.valueQuantity).toMatchObject({ value: 15, unit: '10^3/µL', code: '10*3/uL' });
    expect(platelets.interpretation?.[0]?.coding?.[0]?.code).toBe('LL');
    expect(observations.find((o) => o.code.text === 'MCV')!.interpretation?.[0]?.coding?.[0]?.code).toBe('N');

    const [report] = resources<DiagnosticReport>(bundle, 'DiagnosticReport');
    expect(report!.status).toBe('final');
    expect(report!.code.coding?.[0]).toMatchObject({ system: 'http://loinc.org', code: '57021-8' });
    expect(report!.result).toHaveLength(catalogue.length);
    const pdf = Buffer.from(report!.presentedForm![0]!.data!, 'base64');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(report!.presentedForm![0]!.contentType).toBe('application/pdf');

    // the EDTA container drawn, with its accession number and collection time, coded in SNOMED CT
    const sample = await t.app.deps.db.selectFrom('samples').select(['accession', 'collected_at']).where('appointment_id', '=', id).executeTakeFirstOrThrow();
    const [specimen] = resources<Specimen>(bundle, 'Specimen');
    expect(specimen!.accessionIdentifier?.value).toBe(sample.accession);
    expect(specimen!.collection?.collectedDateTime).toBe(new Date(sample.collected_at).toISOString());
    expect(specimen!.type?.coding?.[0]).toMatchObject({ system: 'http://snomed.info/sct', code: '258580003' });
    expect(hb.specimen?.reference).toBe(`urn:uuid:${specimen!.id}`);

    // the ABHA as ABDM writes it, and the releasing pathologist with the registration number
    const [patient] = resources<Patient>(bundle, 'Patient');
    expect(patient!.identifier).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ system: 'https://healthid.ndhm.gov.in', value: '91-5301-6528-5204' }),
        expect.objectContaining({ system: 'https://healthid.abdm.gov.in', value: 'ravi.verma@abdm' }),
      ]),
    );
    const registration = await t.app.deps.db.selectFrom('users').select('registration_no').where('id', '=', anil.id).executeTakeFirstOrThrow();
    const [practitioner] = resources<{ identifier: Array<{ value: string }> }>(bundle, 'Practitioner');
    expect(practitioner!.identifier[0]!.value).toBe(registration.registration_no);

    // the same document at the next download
    expect((await download(id)).json()).toEqual(bundle);

    // the checks can fail: a status FHIR does not know, and a Composition without its type
    const broken = structuredClone(bundle);
    (broken.entry![0]!.resource as { type?: unknown }).type = undefined;
    (resources<Observation>(broken, 'Observation')[0] as { status: string }).status = 'done';
    expect(r4.validate(broken, true)).not.toEqual([]);
    expect(indiaProfileProblems(broken)).toContain('Composition.type: must be SNOMED CT 721981007 (Diagnostic studies report)');
  });

  it('without drawn containers takes the collection time of the visit, and reports an uncoded parameter by its name', { timeout: 120_000 }, async () => {
    const dengue = (await t.app.deps.db.selectFrom('test_parameters').select(['id', 'loinc_code']).where('test_id', '=', testIds.get('Dengue NS1 Antigen')!).executeTakeFirstOrThrow());
    expect(dengue.loinc_code).toBeNull();
    const { id } = await released(['Dengue NS1 Antigen'], { 'Dengue NS1 Antigen': 'Positive' });
    const bundle = (await download(id)).json() as Bundle;
    expectValid(bundle);
    const [o] = resources<Observation>(bundle, 'Observation');
    expect(o!.code).toEqual({ text: 'Dengue NS1 Antigen' });
    expect(o!.valueString).toBe('Positive');
    expect(o!.interpretation?.[0]?.coding?.[0]?.code).toBe('A');
    const [specimen] = resources<Specimen>(bundle, 'Specimen');
    const { sample_collected_at } = await t.app.deps.db.selectFrom('appointments').select('sample_collected_at').where('id', '=', id).executeTakeFirstOrThrow();
    const collected = sample_collected_at ?? (await t.app.deps.db.selectFrom('audit_log').select('created_at').where('entity_id', '=', id).where('action', '=', 'status').where('after_json', 'like', '%sample_collected%').executeTakeFirstOrThrow()).created_at;
    expect(specimen!.collection?.collectedDateTime).toBe(new Date(collected).toISOString());
    expect(specimen!.accessionIdentifier).toBeUndefined();
    expect(specimen!.type?.coding?.[0]?.code).toBe('119364003');
  });
});

describe('the FHIR bundle of an amended report', () => {
  it('is amended, validates, carries the new value and replaces the first version', { timeout: 120_000 }, async () => {
    const { id, rows, reference } = await released(['Complete Blood Count (CBC)'], LOW_CBC);
    const hb = rows.find((r) => r.name === 'Haemoglobin')!.parameter_id;
    expect((await staff(anil, 'POST', `/results/${id}/amend`, { reason: 'Transcription error', results: [{ parameter_id: hb, value: '14.2' }] })).statusCode).toBe(200);
    expect((await staff(kavita, 'POST', `/results/${id}/amendment/release`)).statusCode).toBe(200);
    const res = await download(id);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="report-${reference}-v2.fhir.json"`);
    const bundle = res.json() as Bundle;
    expectValid(bundle);
    const composition = bundle.entry![0]!.resource as { status: string; relatesTo: Array<{ code: string; targetIdentifier: { value: string } }> };
    expect(composition.status).toBe('amended');
    expect(composition.relatesTo[0]).toMatchObject({ code: 'replaces', targetIdentifier: { value: `${reference}-v1` } });
    const [report] = resources<DiagnosticReport>(bundle, 'DiagnosticReport');
    expect(report!.status).toBe('amended');
    expect(report!.conclusion).toBe('Transcription error');
    const o = resources<Observation>(bundle, 'Observation').find((x) => x.code.coding?.[0]?.code === '718-7')!;
    expect(o.valueQuantity?.value).toBe(14.2);
    expect(o.status).toBe('amended');

    // staff read either version; the first is still final with the first value
    const first = await staff(technician, 'GET', `/results/${id}/reports/1/fhir`);
    expect(first.statusCode, first.body).toBe(200);
    const v1 = first.json() as Bundle;
    expectValid(v1);
    expect(resources<DiagnosticReport>(v1, 'DiagnosticReport')[0]!.status).toBe('final');
    expect(resources<Observation>(v1, 'Observation').find((x) => x.code.coding?.[0]?.code === '718-7')!.valueQuantity?.value).toBe(11.2);
    expect((await staff(technician, 'GET', `/results/${id}/reports/3/fhir`)).statusCode).toBe(404);
    const audited = await t.app.deps.db.selectFrom('audit_log').select('after_json').where('entity', '=', 'report').where('entity_id', '=', id).where('action', '=', 'view').execute();
    expect(audited.map((a) => JSON.parse(a.after_json!))).toContainEqual({ version: 1 });
  });
});

describe('who reads it', () => {
  it('is served by the capability as the PDF is: strangers and unreleased reports 404, counted as misses; staff routes need a lab role', { timeout: 120_000 }, async () => {
    expect((await download('AAAAAAAAAAAAAAAA')).statusCode).toBe(404);
    const unreleased = await book(t.app, { tests: [testIds.get('Complete Blood Count (CBC)')!] });
    const res = await download(unreleased);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'No report found for this appointment.' });
    // misses share the bills' budget per address: a wall of guesses is refused
    const address = freshAddress();
    let last = 0;
    for (let i = 0; i < 40 && last !== 429; i++) last = (await download(`BBBBBBBBBBBBBB${String(i).padStart(2, '0')}`, address)).statusCode;
    expect(last).toBe(429);

    const patient = await createUser(t.app);
    const { id } = await released(['Dengue NS1 Antigen'], { 'Dengue NS1 Antigen': 'Negative' });
    expect((await t.app.inject({ method: 'GET', url: `/api/staff/results/${id}/reports/1/fhir`, headers: bearer(patient) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/staff/results/${id}/reports/1/fhir` })).statusCode).toBe(401);
  });
});

describe('LOINC codes in the catalogue', () => {
  it('are kept as staff type them, and refused with a 400 naming the field when not in LOINC format or with a wrong check digit', async () => {
    const testId = testIds.get('Serum Ferritin')!;
    const base = { name: 'Ferritin (repeat)', unit: 'ng/mL', result_type: 'number', decimals: 1 };
    const made = await staff(admin, 'POST', `/tests/${testId}/parameters`, { ...base, loinc_code: '2276-4', loinc_display: 'Ferritin [Mass/volume] in Serum or Plasma' });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ loinc_code: '2276-4', loinc_display: 'Ferritin [Mass/volume] in Serum or Plasma' });
    const pid = made.json().id as number;
    for (const bad of ['2276-5', '2276', 'LP1234-5', '12345678-1', '2276-4\u0000']) {
      const res = await staff(admin, 'PUT', `/parameters/${pid}`, { ...base, loinc_code: bad });
      expect(res.statusCode, bad).toBe(400);
      expect(Object.keys(res.json())).toEqual(['loinc_code']);
    }
    expect((await staff(admin, 'PUT', `/parameters/${pid}`, { ...base, loinc_code: '2276-5' })).json()).toEqual({ loinc_code: ['Enter a LOINC code as LOINC writes it, digits, a hyphen and the check digit (for example 718-7).'] });
    const cleared = await staff(admin, 'PUT', `/parameters/${pid}`, { ...base, loinc_code: '', loinc_display: 'ignored without a code' });
    expect(cleared.json()).toMatchObject({ loinc_code: null, loinc_display: null });
  });

  it("a test's panel code: staff set, keep and clear it (audited), refused with a 400 naming the field; a report released afterwards carries it", { timeout: 120_000 }, async () => {
    const kft = testIds.get('Kidney Function Test (KFT)')!;
    const listed = async () => ((await staff(admin, 'GET', `/tests?q=${encodeURIComponent('Kidney Function')}`)).json().items as Array<{ id: number; loinc_code: string | null }>).find((x) => x.id === kft)!;
    expect((await listed()).loinc_code).toBeNull();

    const set = await staff(admin, 'PATCH', `/tests/${kft}`, { loinc_code: '24362-6' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ id: kft, loinc_code: '24362-6' });
    // a change that leaves the code out keeps it
    expect((await staff(admin, 'PATCH', `/tests/${kft}`, { price: 700 })).json()).toMatchObject({ price: 700, loinc_code: '24362-6' });
    expect((await listed()).loinc_code).toBe('24362-6');
    const audit = await t.app.deps.db.selectFrom('audit_log').select(['before_json', 'after_json']).where('entity', '=', 'test').where('entity_id', '=', String(kft)).orderBy('id').execute();
    expect(JSON.parse(audit[0]!.before_json!)).toMatchObject({ loinc_code: null });
    expect(JSON.parse(audit[0]!.after_json!)).toMatchObject({ loinc_code: '24362-6' });

    for (const bad of ['24362-5', '24362', 'LP1234-5', '12345678-1', '24362-6\u0000', 24362]) {
      const res = await staff(admin, 'PATCH', `/tests/${kft}`, { loinc_code: bad });
      expect(res.statusCode, String(bad)).toBe(400);
      expect(Object.keys(res.json()), String(bad)).toEqual(['loinc_code']);
    }
    expect((await listed()).loinc_code).toBe('24362-6');

    const { id } = await released(['Kidney Function Test (KFT)'], {});
    const bundle = (await download(id)).json() as Bundle;
    expectValid(bundle);
    expect(resources<DiagnosticReport>(bundle, 'DiagnosticReport')[0]!.code.coding).toEqual([{ system: 'http://loinc.org', code: '24362-6' }]);

    expect((await staff(admin, 'PATCH', `/tests/${kft}`, { loinc_code: '' })).json()).toMatchObject({ loinc_code: null });
    expect((await staff(admin, 'PATCH', `/tests/${kft}`, { loinc_code: '24362-6' })).json()).toMatchObject({ loinc_code: '24362-6' });
    expect((await staff(admin, 'PATCH', `/tests/${kft}`, { loinc_code: null })).json()).toMatchObject({ loinc_code: null });
    const made = await staff(admin, 'POST', '/tests', { name: 'Renal Panel (research)', category_id: (await listedCategory()), price: 900, loinc_code: '24362-6' });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ loinc_code: '24362-6' });
    expect((await staff(admin, 'POST', '/tests', { name: 'Renal Panel (no code)', category_id: (await listedCategory()), price: 900 })).json()).toMatchObject({ loinc_code: null });
  });

  it("a sample type's SNOMED CT code: staff set it on a parameter, refused with a 400 naming the field when not a concept id; a report released afterwards codes its Specimen by it", { timeout: 120_000 }, async () => {
    const dengueTest = testIds.get('Dengue NS1 Antigen')!;
    const [parameter] = (await staff(admin, 'GET', `/tests/${dengueTest}/parameters`)).json() as Array<{ id: number; sample_type: string; specimen_code: string | null }>;
    // the seed codes the demo's serum
    expect(parameter!.specimen_code).toBe('119364003');
    const { id: pid, ...fields } = parameter!;
    for (const bad of ['119361007', '1193610', '12345', '119361006x', '0119361006', '119361016', '119361006\u0000']) {
      const res = await staff(admin, 'PUT', `/parameters/${pid}`, { ...fields, specimen_code: bad });
      expect(res.statusCode, bad).toBe(400);
      expect(Object.keys(res.json()), bad).toEqual(['specimen_code']);
    }
    const set = await staff(admin, 'PUT', `/parameters/${pid}`, { ...fields, specimen_code: '119361006' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ specimen_code: '119361006', sample_type: parameter!.sample_type });

    const { id } = await released(['Dengue NS1 Antigen'], { 'Dengue NS1 Antigen': 'Negative' });
    const bundle = (await download(id)).json() as Bundle;
    expectValid(bundle);
    expect(resources<Specimen>(bundle, 'Specimen')[0]!.type).toEqual({ coding: [{ system: 'http://snomed.info/sct', code: '119361006', display: 'Plasma specimen' }], text: parameter!.sample_type });

    // cleared, the sample type's words still code it (serum)
    expect((await staff(admin, 'PUT', `/parameters/${pid}`, { ...fields, specimen_code: '' })).json()).toMatchObject({ specimen_code: null });
    const { id: later } = await released(['Dengue NS1 Antigen'], { 'Dengue NS1 Antigen': 'Negative' });
    expect(resources<Specimen>((await download(later)).json() as Bundle, 'Specimen')[0]!.type?.coding?.[0]?.code).toBe('119364003');
    expect((await staff(admin, 'PUT', `/parameters/${pid}`, { ...fields, specimen_code: '119364003' })).statusCode).toBe(200);
  });

  it('the seed: every LOINC code and SNOMED CT code it gives holds its check digit, and every seeded parameter has its sample type coded', async () => {
    const rows = await t.app.deps.db.selectFrom('test_parameters').select(['name', 'sample_type', 'loinc_code', 'specimen_code']).where('name', 'not like', '%(repeat)').execute();
    const panels = await t.app.deps.db.selectFrom('tests').select(['name', 'loinc_code']).where('loinc_code', 'is not', null).execute();
    expect(panels.length).toBeGreaterThanOrEqual(4);
    for (const p of panels) expect(isLoincCode(p.loinc_code!), p.name).toBe(true);
    expect(rows.filter((r) => r.loinc_code !== null).length).toBeGreaterThan(50);
    for (const r of rows) {
      if (r.loinc_code !== null) expect(isLoincCode(r.loinc_code), r.name).toBe(true);
      expect(r.specimen_code !== null && isSnomedConceptId(r.specimen_code), `${r.name}: ${r.sample_type}`).toBe(true);
    }
  });
});
