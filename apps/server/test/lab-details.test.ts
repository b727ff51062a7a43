// The lab's details: the public record with its ETag, the admin's edit (validated, audited, seen at
// once by every reader and within a second by a second process on the same database), and who may edit it.
import { accreditationInForce, type LabDetailsInput, type StaffLabDetails } from '@lab/contract';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_LAB_DETAILS } from '../src/db/seed/lab-details.ts';
import { labDetails, labDetailsVersion } from '../src/modules/lab/service.ts';
import { accreditationLine, renderReport } from '../src/modules/reports/pdf.ts';
import type { ReportSnapshot } from '../src/modules/reports/snapshot.ts';
import { bearer, createUser, makeApp, type TestApp, withDatabaseAt } from './helpers.ts';
import { book, createStaff, type StaffAccount } from './staff-helpers.ts';

/** what the editor sends back: the record without the resolved pictures */
function input(d: StaffLabDetails): LabDetailsInput {
  const { hero_image: _h, about_image: _a, ...rest } = d;
  return rest;
}

describe('the lab details', () => {
  let t: TestApp;
  let second: TestApp;
  let admin: StaffAccount;
  beforeAll(async () => {
    t = await makeApp({}, { sqliteFile: true });
    second = await makeApp({}, { shareDatabaseOf: t });
    admin = await createStaff(t.app, 'admin');
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  const current = async () => (await t.app.inject({ method: 'GET', url: '/api/staff/lab', headers: bearer(admin) })).json() as StaffLabDetails;
  const put = (body: unknown, who: { access: string } = admin) => t.app.inject({ method: 'PUT', url: '/api/staff/lab', headers: bearer(who), payload: body as object });

  it('starts from the demo lab, for anyone, and revalidates with its ETag', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/lab/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: DEFAULT_LAB_DETAILS.name, phones: DEFAULT_LAB_DETAILS.phones, hours: DEFAULT_LAB_DETAILS.hours, hero_image: null, about_image: null });
    expect(res.headers['cache-control']).toBe('public, no-cache');
    const again = await t.app.inject({ method: 'GET', url: '/api/lab', headers: { 'if-none-match': String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('shows an admin edit at once to every reader of this process and within a second in another, with a new ETag and an audit row', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/api/lab/' });
    await labDetails(second.app.deps.db); // the second process has the record cached before the edit
    const versionBefore = await labDetailsVersion(t.app.deps.db);
    const phones = ['+91 141 400 5000', '+91 98290 12345'];
    const res = await put({ ...input(await current()), phones });
    expect(res.statusCode).toBe(200);
    expect(res.json().phones).toEqual(phones);
    expect(await labDetailsVersion(t.app.deps.db)).toBe(versionBefore + 1);

    const after = await t.app.inject({ method: 'GET', url: '/api/lab/', headers: { 'if-none-match': String(before.headers.etag) } });
    expect(after.statusCode).toBe(200);
    expect(after.json().phones).toEqual(phones);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    // Another process learns of the edit from the change watch (decision record 030): within a second.
    await vi.waitFor(async () => expect((await labDetails(second.app.deps.db)).phones).toEqual(phones), { timeout: 1000, interval: 20 });

    const audit = (await t.app.inject({ method: 'GET', url: '/api/staff/audit?entity=lab_details', headers: bearer(admin) })).json();
    expect(audit.items[0]).toMatchObject({ actor_user_id: admin.id, action: 'update', before: { phones: DEFAULT_LAB_DETAILS.phones }, after: { phones } });
    expect(Object.keys(audit.items[0].after)).toEqual(['phones']);
  });

  it('writes nothing for an edit that changes nothing', async () => {
    const version = await labDetailsVersion(t.app.deps.db);
    const auditCount = async () => (await t.app.inject({ method: 'GET', url: '/api/staff/audit?entity=lab_details', headers: bearer(admin) })).json().total;
    const count = await auditCount();
    expect((await put(input(await current()))).statusCode).toBe(200);
    expect(await labDetailsVersion(t.app.deps.db)).toBe(version);
    expect(await auditCount()).toBe(count);
  });

  it('keeps hours, the accreditation and the grievance contact as sent; closed days are null', async () => {
    const hours = { ...DEFAULT_LAB_DETAILS.hours, sat: { opens: '08:00', closes: '14:00' }, wed: null };
    const accreditation = { body: 'NABL', certificate_number: 'MC-1234', valid_until: '2031-03-31', scope: 'Clinical biochemistry, haematology' };
    const res = await put({ ...input(await current()), hours, accreditation, whatsapp: '', upi_id: '' });
    expect(res.statusCode).toBe(200);
    const pub = (await t.app.inject({ method: 'GET', url: '/api/lab/' })).json();
    expect(pub).toMatchObject({ hours, accreditation, whatsapp: '', upi_id: '' });
  });

  it('names every bad field and changes nothing', async () => {
    const good = input(await current());
    const version = await labDetailsVersion(t.app.deps.db);
    const res = await put({
      ...good,
      name: 'Lab\u0000Centre',
      phones: ['98290 12345'],
      whatsapp: '+91 98290 12345',
      email: 'not-an-email',
      upi_id: 'labcentre',
      map_url: 'javascript:alert(1)',
      hours: { ...good.hours, mon: { opens: '18:00', closes: '09:00' }, tue: { opens: '9am', closes: '17:00' } },
      accreditation: { body: 'NABL', certificate_number: 'MC-1', valid_until: '2031-02-30', scope: '' },
      grievance: { ...good.grievance, phone: '12' },
      hero_image_id: 2 ** 31,
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(
      ['accreditation.valid_until', 'email', 'grievance.phone', 'hero_image_id', 'hours.mon.closes', 'hours.tue.opens', 'map_url', 'name', 'phones.0', 'upi_id', 'whatsapp'].sort(),
    );
    expect(body['phones.0']).toEqual(['Enter the number in international form, e.g. +91 98290 12345.']);
    expect(body['hours.mon.closes']).toEqual(['The closing time must be after the opening time.']);
    expect(await labDetailsVersion(t.app.deps.db)).toBe(version);

    const missing = await put({ ...good, hours: { mon: null } });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json())).toContain('hours.sun');
    const noImage = await put({ ...good, about_image_id: 2_000_000_000 });
    expect(noImage.statusCode).toBe(400);
    expect(noImage.json()).toEqual({ about_image_id: ['No image with this id. Upload it first.'] });
  });

  it('is refused to reception, technicians, pathologists and patients, and asks a guest to sign in', async () => {
    for (const role of ['reception', 'technician', 'pathologist'] as const) {
      const staff = await createStaff(t.app, role);
      expect((await t.app.inject({ method: 'GET', url: '/api/staff/lab', headers: bearer(staff) })).statusCode).toBe(403);
      expect((await put(input(await current()), staff)).statusCode).toBe(403);
    }
    const patient = await createUser(t.app);
    expect((await put(input(await current()), patient)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url: '/api/staff/lab', payload: {} })).statusCode).toBe(401);
  });
});

describe('what the lab details reach', () => {
  let t: TestApp;
  let admin: StaffAccount;
  const edited = { address_lines: ['12 Station Road', 'Ajmer, Rajasthan 305001'], phones: ['+91 145 262 0000'], email: 'care@ajmerlab.example' };
  beforeAll(async () => {
    t = await makeApp();
    admin = await createStaff(t.app, 'admin');
    const saved = (await t.app.inject({ method: 'GET', url: '/api/staff/lab', headers: bearer(admin) })).json() as StaffLabDetails;
    const res = await t.app.inject({ method: 'PUT', url: '/api/staff/lab', headers: bearer(admin), payload: { ...input(saved), name: 'Ajmer Diagnostics', ...edited } });
    expect(res.statusCode).toBe(200);
  });
  afterAll(() => t.close());

  const footerOf = (mail: { text: string; html?: string }) => {
    for (const line of ['Ajmer Diagnostics', ...edited.address_lines, 'Phone: +91 145 262 0000', 'care@ajmerlab.example']) {
      expect(mail.text).toContain(line);
      expect(mail.html ?? '').toContain(line);
    }
    expect(mail.text).not.toContain(DEFAULT_LAB_DETAILS.phones[0]);
  };

  it('signs the booking confirmation and the password reset e-mails with the edited name, address, phone and e-mail', async () => {
    await book(t.app);
    footerOf(t.mail.at(-1)!);
    const user = await createUser(t.app);
    expect((await t.app.inject({ method: 'POST', url: '/api/send-reset-email/', payload: { email: user.email }, remoteAddress: '10.230.0.9' })).statusCode).toBe(200);
    const reset = t.mail.at(-1)!;
    expect(reset.to).toBe(user.email);
    expect(reset.subject).toBe('Reset your Ajmer Diagnostics password');
    footerOf(reset);
  });
});

describe('the accreditation on a report', () => {
  const accreditation = { body: 'NABL', certificate_number: 'MC-5521', valid_until: '2027-03-31', scope: 'Haematology' };
  const snapshot = (released_at: string, a: typeof accreditation | null): ReportSnapshot => ({
    lab: { name: 'Lab Centre Diagnostics', address: ['MI Road'], phone: '+91 141 236 7890', email: 'info@example.com', accreditation: a },
    patient: { name: 'Ravi Kumar', age: '45 years', sex: 'male', booking_id: 'AbCdEfGhIjKlMnOp' },
    collected_at: released_at,
    received_at: released_at,
    released_at,
    version: 1,
    verification_code: 'ABCD2345',
    amendment_reason: null,
    pathologist: { name: 'Dr Asha Rao', qualification: 'MD (Pathology)', registration_no: 'RMC-1' },
    tests: [{ name: 'Glucose, fasting', sample_type: 'Plasma', rows: [{ name: 'Glucose', value: '92', unit: 'mg/dL', interval: '70 - 99', flag: null, method: 'GOD-POD' }] }],
  });
  const text = async (pdf: Buffer) => {
    const parser = new PDFParse({ data: new Uint8Array(pdf) });
    try {
      return (await parser.getText()).text;
    } finally {
      await parser.destroy();
    }
  };

  it('is printed on a report released while it was in force (India date), and not on one released after it lapsed', async () => {
    // 18:40 UTC on 31 March is already 1 April in India: lapsed.
    expect(accreditationLine(snapshot('2027-03-31T18:00:00.000Z', accreditation))).toBe('Accredited by NABL · Certificate MC-5521 · valid until Wed, 31 Mar 2027');
    expect(accreditationLine(snapshot('2027-03-31T18:40:00.000Z', accreditation))).toBeNull();
    expect(accreditationLine(snapshot('2026-01-10T08:00:00.000Z', null))).toBeNull();
    const inForce = await text(await renderReport(snapshot('2026-11-24T08:00:00.000Z', accreditation), 'http://lab.test'));
    expect(inForce).toContain('Accredited by NABL');
    expect(inForce).toContain('MC-5521');
    const lapsed = await text(await renderReport(snapshot('2027-04-02T08:00:00.000Z', accreditation), 'http://lab.test'));
    expect(lapsed).not.toContain('MC-5521');
    expect(lapsed).toContain('End of report');
  });
});

describe('the lab details row', () => {
  it('is there with the demo lab after the migration, on a database that had data before it', async () => {
    await withDatabaseAt('008-lab-details-and-images', async ({ db }) => {
      const row = await db.selectFrom('lab_details').selectAll().executeTakeFirstOrThrow();
      expect(row.version).toBe(1);
      expect(JSON.parse(row.details_json)).toEqual(DEFAULT_LAB_DETAILS);
    });
  });
});

describe('accreditationInForce', () => {
  const accreditation = { body: 'NABL', certificate_number: 'MC-1', valid_until: '2027-03-31', scope: '' };
  it('holds up to and on the last valid day, not after it, and never without an accreditation', () => {
    expect(accreditationInForce({ accreditation }, '2027-03-30')).toBe(true);
    expect(accreditationInForce({ accreditation }, '2027-03-31')).toBe(true);
    expect(accreditationInForce({ accreditation }, '2027-04-01')).toBe(false);
    expect(accreditationInForce({ accreditation: null }, '2020-01-01')).toBe(false);
  });
});
