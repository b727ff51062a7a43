// Samples (docs/samples.md): containers per test (defaults, set by the lab, audited), a visit's tests
// grouped into the fewest containers, the collection (accession numbers, the visit moved on, sent twice
// changes nothing), 200 collections at once (no gap, no duplicate), the label PDF whose barcode decodes
// back to the accession number, receipt at the bench by a scan, rejection (the patient told in their
// language, audited), a sample accepted with a problem marked on the report, who may do what, and bad
// input named.
import { accessionBarcode, inIndia } from '@lab/contract';
import { BarcodeFormat, BinaryBitmap, DecodeHintType, HybridBinarizer, MultiFormatReader, RGBLuminanceSource } from '@zxing/library';
import { PDFParse } from 'pdf-parse';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, makeApp, openDate, pdfText, type TestApp } from './helpers.ts';
import { book, createStaff, type StaffAccount } from './staff-helpers.ts';

let t: TestApp;
let admin: StaffAccount;
let desk: StaffAccount;
let phlebotomist: StaffAccount;
let technician: StaffAccount;
let pathologist: StaffAccount;
let tests: Map<string, number>;
const MM = 72 / 25.4;

const as = (who: StaffAccount | null, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/staff${url}`, headers: who ? bearer(who) : {}, ...(payload ? { payload } : {}) });

const testId = (name: string) => tests.get(name)!;

async function approved(names: string[], extra: Parameters<typeof book>[1] = {}): Promise<string> {
  const id = await book(t.app, { tests: names.map(testId), ...extra });
  const res = await as(desk, 'POST', `/appointments/${id}/status`, { status: 'approved' });
  expect(res.statusCode, res.body).toBe(200);
  return id;
}

beforeAll(async () => {
  t = await makeApp({ RATE_LIMITS: 'off' });
  admin = await createStaff(t.app, 'admin', { first_name: 'Anil', last_name: 'Kapoor' });
  desk = await createStaff(t.app, 'reception', { first_name: 'Asha', last_name: 'Rao' });
  phlebotomist = await createStaff(t.app, 'phlebotomist', { first_name: 'Ravi', last_name: 'Yadav' });
  technician = await createStaff(t.app, 'technician', { first_name: 'Vikram', last_name: 'Singh' });
  pathologist = await createStaff(t.app, 'pathologist', { first_name: 'Neha', last_name: 'Gupta' });
  const list = (await t.app.inject({ method: 'GET', url: '/api/tests/' })).json() as { id: number; name: string }[];
  tests = new Map(list.map((x) => [x.name, x.id]));
});
afterAll(() => t.close());

/** the first Code 128 symbol on the first page of `pdf`, rendered at print resolution */
async function decodeFirstBarcode(pdf: Buffer, cell?: { left: number; top: number }): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    const shot = await parser.getScreenshot({ scale: 6, first: 1, imageDataUrl: false, imageBuffer: true });
    let image = sharp(Buffer.from(shot.pages[0]!.data)).flatten({ background: '#ffffff' });
    // on a sheet, the first label's cell (50 × 25 mm at 6 pixels a point)
    if (cell) image = sharp(await image.extract({ left: Math.round(cell.left * MM * 6), top: Math.round(cell.top * MM * 6), width: Math.round(50 * MM * 6), height: Math.round(25 * MM * 6) }).png().toBuffer());
    const { data, info } = await image.greyscale().raw().toBuffer({ resolveWithObject: true });
    const source = new RGBLuminanceSource(new Uint8ClampedArray(data), info.width, info.height);
    const reader = new MultiFormatReader();
    reader.setHints(new Map<DecodeHintType, unknown>([[DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.CODE_128]], [DecodeHintType.TRY_HARDER, true]]));
    return reader.decode(new BinaryBitmap(new HybridBinarizer(source))).getText();
  } finally {
    await parser.destroy();
  }
}

describe('containers per test', () => {
  it('lists every active test with a container, the demo tests with their own', async () => {
    const res = await as(phlebotomist, 'GET', '/samples/containers');
    expect(res.statusCode).toBe(200);
    const list = res.json() as Array<{ test_name: string; container: string; volume_ml: number; set_by_staff: boolean }>;
    expect(list.length).toBe(tests.size);
    const of = (name: string) => list.find((x) => x.test_name === name)!;
    expect(of('Complete Blood Count (CBC)')).toMatchObject({ container: 'edta', volume_ml: 2, set_by_staff: false });
    expect(of('Lipid Profile')).toMatchObject({ container: 'sst', volume_ml: 1 });
    expect(of('Fasting Blood Sugar')).toMatchObject({ container: 'fluoride' });
    expect(of('Chest X-ray')).toMatchObject({ container: 'none', volume_ml: 0 });
  });

  it('lets the lab set a test\'s container and volume, audited; refuses others and bad input by field', async () => {
    const id = testId('Serum Calcium');
    expect((await as(phlebotomist, 'PUT', `/samples/containers/${id}`, { container: 'heparin', volume_ml: 1.5 })).statusCode).toBe(403);
    const res = await as(technician, 'PUT', `/samples/containers/${id}`, { container: 'heparin', volume_ml: 1.5 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ test_id: id, container: 'heparin', volume_ml: 1.5, set_by_staff: true });
    const audit = await t.app.deps.db.selectFrom('audit_log').select(['before_json', 'after_json']).where('entity', '=', 'test').where('entity_id', '=', String(id)).where('action', '=', 'container').execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.before_json!)).toEqual({ container: 'sst', volume_ul: 500 });
    expect(JSON.parse(audit[0]!.after_json!)).toEqual({ container: 'heparin', volume_ul: 1500 });

    const bad = await as(technician, 'PUT', `/samples/containers/${id}`, { container: 'bucket', volume_ml: 51 });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(['container', 'volume_ml']);
    const fraction = await as(technician, 'PUT', `/samples/containers/${id}`, { container: 'sst', volume_ml: 0.25 });
    expect(fraction.statusCode).toBe(400);
    expect(fraction.json()).toHaveProperty('volume_ml');
    expect((await as(technician, 'PUT', '/samples/containers/99999999999', { container: 'sst', volume_ml: 1 })).statusCode).toBe(400);
    expect((await as(technician, 'PUT', '/samples/containers/2147483647', { container: 'sst', volume_ml: 1 })).statusCode).toBe(404);
    // back to the default's values for the tests below
    expect((await as(technician, 'PUT', `/samples/containers/${id}`, { container: 'sst', volume_ml: 0.5 })).statusCode).toBe(200);
  });
});

describe('a visit\'s containers', () => {
  it('groups the tests into the fewest containers: serum tests share a tube while they fit', async () => {
    const id = await approved(['Liver Function Test (LFT)', 'Kidney Function Test (KFT)', 'Lipid Profile', 'Complete Blood Count (CBC)', 'HbA1c (Glycated Haemoglobin)', 'Fasting Blood Sugar', 'Chest X-ray']);
    const res = await as(phlebotomist, 'GET', `/samples/appointments/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().samples).toEqual([]);
    expect(res.json().planned).toEqual([
      { container: 'edta', container_name: 'EDTA (lavender top)', volume_ml: 2.5, tests: ['Complete Blood Count (CBC)', 'HbA1c (Glycated Haemoglobin)'] },
      { container: 'sst', container_name: 'Serum / SST (gold top)', volume_ml: 3, tests: ['Liver Function Test (LFT)', 'Kidney Function Test (KFT)', 'Lipid Profile'] },
      { container: 'fluoride', container_name: 'Fluoride (grey top)', volume_ml: 1, tests: ['Fasting Blood Sugar'] },
    ]);
  });

  it('opens a second tube when the volumes outgrow one', async () => {
    // 2 + 1.5 + 1.5 + 1 ml of serum: more than the 5 ml one SST holds
    const id = await approved(['Allergy Testing', 'Hormonal Assays', 'Vitamin and Mineral Analysis', 'Vitamin D (25-OH)']);
    const planned = (await as(phlebotomist, 'GET', `/samples/appointments/${id}`)).json().planned as Array<{ container: string; volume_ml: number }>;
    expect(planned.map((p) => p.container)).toEqual(['sst', 'sst']);
    expect(planned.map((p) => p.volume_ml).sort()).toEqual([1, 5]);
  });
});

describe('collection', () => {
  it('gives each container the next accession number of the day and moves the visit to collected, once', async () => {
    const id = await approved(['Lipid Profile', 'Complete Blood Count (CBC)'], { user_name: 'Kavya Menon', patient_age_years: 34, patient_sex: 'female' });
    const before = Date.now();
    const res = await as(phlebotomist, 'POST', `/samples/appointments/${id}/collect`, {});
    expect(res.statusCode, res.body).toBe(200);
    const samples = res.json().samples as Array<{ accession: string; container: string; status: string; tests: string[] }>;
    expect(samples.map((s) => s.container)).toEqual(['edta', 'sst']);
    const day = inIndia(before).date;
    const prefix = `${day.slice(2, 4)}${day.slice(5, 7)}${day.slice(8, 10)}-`;
    for (const s of samples) expect(s.accession.startsWith(prefix)).toBe(true);
    const [a, b] = samples.map((s) => Number(s.accession.slice(7)));
    expect(b).toBe(a! + 1);
    expect(samples.every((s) => s.status === 'collected')).toBe(true);
    const appointment = await t.app.deps.db.selectFrom('appointments').select(['status', 'sample_collected_at']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(appointment.status).toBe('sample_collected');
    expect(appointment.sample_collected_at).not.toBeNull();
    const audit = await t.app.deps.db.selectFrom('audit_log').select(['action', 'after_json']).where('entity', '=', 'appointment').where('entity_id', '=', id).orderBy('id').execute();
    expect(audit.map((x) => x.action)).toEqual(['status', 'status', 'samples_collected']);
    expect(JSON.parse(audit[2]!.after_json!).accessions).toEqual(samples.map((s) => s.accession));

    // sent again (the phone lost the answer): the same containers, no new number taken
    const again = await as(phlebotomist, 'POST', `/samples/appointments/${id}/collect`, {});
    expect(again.statusCode).toBe(200);
    expect(again.json().samples.map((s: { accession: string }) => s.accession)).toEqual(samples.map((s) => s.accession));
    expect(await t.app.deps.db.selectFrom('samples').select('id').where('appointment_id', '=', id).execute()).toHaveLength(2);
  });

  it('keeps the time the phone collected at, and refuses one out of range by field', async () => {
    const id = await approved(['Complete Blood Count (CBC)']);
    const earlier = new Date(Date.now() - 3 * 3_600_000).toISOString();
    expect((await as(phlebotomist, 'POST', `/samples/appointments/${id}/collect`, { collected_at: new Date(Date.now() + 3_600_000).toISOString() })).json()).toHaveProperty('collected_at');
    expect((await as(phlebotomist, 'POST', `/samples/appointments/${id}/collect`, { collected_at: 'yesterday' })).json()).toHaveProperty('collected_at');
    const res = await as(phlebotomist, 'POST', `/samples/appointments/${id}/collect`, { collected_at: earlier });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().samples[0].collected_at).toBe(earlier);
  });

  it('refuses a visit not approved, a stranger and a patient\'s role', async () => {
    const id = await book(t.app, { tests: [testId('Complete Blood Count (CBC)')] });
    const res = await as(phlebotomist, 'POST', `/samples/appointments/${id}/collect`, {});
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('Samples can be collected once the appointment is approved.');
    expect((await as(phlebotomist, 'POST', '/samples/appointments/AAAAAAAAAAAAAAAA/collect', {})).statusCode).toBe(404);
    expect((await as(null, 'POST', `/samples/appointments/${id}/collect`, {})).statusCode).toBe(401);
  });

  it('gives 200 collections at once distinct, consecutive accession numbers', { timeout: 240_000 }, async () => {
    const ids: string[] = [];
    for (let i = 0; i < 200; i++) ids.push(await approved(['Complete Blood Count (CBC)']));
    const answers = await Promise.all(ids.map((id, i) => as(i % 2 ? phlebotomist : desk, 'POST', `/samples/appointments/${id}/collect`, {})));
    for (const r of answers) expect(r.statusCode, r.body).toBe(200);
    const numbers = answers.map((r) => r.json().samples[0].accession as string);
    expect(new Set(numbers).size).toBe(200);
    const sequence = numbers.map((n) => Number(n.slice(7))).sort((a, b) => a - b);
    const first = sequence[0]!;
    // numbers run per India day: the day's earlier containers (the file's other tests) come first, whatever the
    // day is (India's midnight is 18:30 UTC, so the file's containers may span two days)
    const day = numbers[0]!.slice(0, 6);
    expect(numbers.every((n) => n.startsWith(`${day}-`))).toBe(true);
    const earlier = await t.app.deps.db.selectFrom('samples').select((eb) => eb.fn.countAll<number>().as('n')).where('accession', 'like', `${day}-%`).where('accession', 'not in', numbers).executeTakeFirstOrThrow();
    expect(first).toBe(Number(earlier.n) + 1);
    expect(sequence).toEqual(Array.from({ length: 200 }, (_, i) => first + i));
  });
});

describe('labels and the bench', () => {
  let visit: string;
  let accessions: string[];
  beforeAll(async () => {
    visit = await approved(['Lipid Profile', 'Complete Blood Count (CBC)'], { user_name: 'Rohan Das', patient_age_years: 52, patient_sex: 'male' });
    accessions = (await as(phlebotomist, 'POST', `/samples/appointments/${visit}/collect`, {})).json().samples.map((s: { accession: string }) => s.accession);
  });

  it('prints a 50 × 25 mm label per container whose barcode decodes back to the accession number', async () => {
    const res = await as(phlebotomist, 'GET', `/samples/appointments/${visit}/labels`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(res.rawPayload);
    for (const a of accessions) expect(text).toContain(a);
    expect(text).toContain('Rohan Das');
    expect(text).toContain('52 Y / M');
    expect(text).toContain('EDTA (lavender top)');
    expect(await decodeFirstBarcode(res.rawPayload)).toBe(accessionBarcode(accessions[0]!));
    const parser = new PDFParse({ data: new Uint8Array(res.rawPayload) });
    const info = await parser.getInfo({ parsePageInfo: true });
    await parser.destroy();
    expect(info.total).toBe(2);
    const page = info.pages[0]!;
    expect(Math.round(page.width)).toBe(142); // 50 mm in points
    expect(Math.round(page.height)).toBe(71); // 25 mm
  });

  it('prints them on an A4 sheet too', async () => {
    const res = await as(desk, 'GET', `/samples/appointments/${visit}/labels?format=a4`);
    expect(res.statusCode).toBe(200);
    const parser = new PDFParse({ data: new Uint8Array(res.rawPayload) });
    const info = await parser.getInfo({ parsePageInfo: true });
    await parser.destroy();
    expect(info.total).toBe(1);
    expect(Math.round(info.pages[0]!.width)).toBe(595);
    expect(await decodeFirstBarcode(res.rawPayload, { left: 5, top: 11 })).toBe(accessionBarcode(accessions[0]!));
    expect((await as(desk, 'GET', `/samples/appointments/${visit}/labels?format=a5`)).statusCode).toBe(400);
  });

  it('receives a container from a scan (the digits a scanner types), once', async () => {
    expect((await as(phlebotomist, 'POST', '/samples/receive', { accession: accessions[0] })).statusCode).toBe(403);
    const res = await as(technician, 'POST', '/samples/receive', { accession: accessionBarcode(accessions[0]!) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ accession: accessions[0], appointment_id: visit, status: 'received' });
    expect(res.json().received_at).not.toBeNull();
    const again = await as(technician, 'POST', '/samples/receive', { accession: accessions[0] });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatch(/^This container was already received at \d{4}-\d{2}-\d{2} \d{2}:\d{2}\.$/);
    const appointment = await t.app.deps.db.selectFrom('appointments').select(['sample_received_at']).where('id', '=', visit).executeTakeFirstOrThrow();
    expect(appointment.sample_received_at).toBe(res.json().received_at);
    const audit = await t.app.deps.db.selectFrom('audit_log').select('action').where('entity', '=', 'sample').where('entity_id', '=', accessions[0]!).execute();
    expect(audit.map((a) => a.action)).toEqual(['received']);
    // the second container leaves the visit's received time as the first one's
    expect((await as(technician, 'POST', '/samples/receive', { accession: accessions[1] })).statusCode).toBe(200);
    const later = await t.app.deps.db.selectFrom('appointments').select(['sample_received_at']).where('id', '=', visit).executeTakeFirstOrThrow();
    expect(later.sample_received_at).toBe(res.json().received_at);
  });

  it('names a bad or unknown scan', async () => {
    const bad = await as(technician, 'POST', '/samples/receive', { accession: 'abc\u0000' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('accession');
    const unknown = await as(technician, 'POST', '/samples/receive', { accession: '000101-9999' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe('No container has this accession number.');
    expect((await as(admin, 'POST', '/samples/receive', {})).json()).toHaveProperty('accession');
  });
});

describe('rejection and problems', () => {
  it('rejects a container with its reason, audited, and tells the patient by e-mail and phone in the booking\'s language', async () => {
    const id = await approved(['Lipid Profile', 'Complete Blood Count (CBC)'], { user_name: 'सीमा वर्मा', user_email: 'seema@example.com', user_phone: '9876501234', language: 'hi', channels: ['email', 'sms'] } as Parameters<typeof book>[1]);
    await t.app.inject({ method: 'PUT', url: `/api/staff/samples/containers/${testId('Lipid Profile')}`, headers: bearer(technician), payload: { container: 'sst', volume_ml: 1 } });
    const samples = (await as(phlebotomist, 'POST', `/samples/appointments/${id}/collect`, {})).json().samples as Array<{ accession: string; container: string }>;
    const serum = samples.find((x) => x.container === 'sst')!.accession;
    const mailsBefore = t.mail.length;
    expect((await as(phlebotomist, 'POST', '/samples/reject', { accession: serum, reason: 'haemolysed' })).statusCode).toBe(403);
    const bad = await as(technician, 'POST', '/samples/reject', { accession: serum, reason: 'spilt' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('reason');
    const res = await as(technician, 'POST', '/samples/reject', { accession: serum, reason: 'haemolysed' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ accession: serum, status: 'rejected', reject_reason: 'haemolysed', tests: ['Lipid Profile'] });
    const mail = t.mail.slice(mailsBefore).find((x) => x.to === 'seema@example.com')!;
    expect(mail.subject).toMatch(/नया सैंपल चाहिए/);
    expect(mail.text).toContain('हीमोलाइज़्ड');
    expect(mail.text).toContain('Lipid Profile');
    expect(mail.text).toContain('निःशुल्क');
    const jobs = await t.app.deps.db.selectFrom('mail_jobs').select(['kind', 'channel']).where('appointment_id', '=', id).where('kind', '=', 'sample-rejected').execute();
    expect(jobs.map((j) => j.channel).sort()).toEqual(['email', 'sms']);
    const audit = await t.app.deps.db.selectFrom('audit_log').select(['action', 'after_json']).where('entity', '=', 'sample').where('entity_id', '=', serum).execute();
    expect(audit.map((a) => [a.action, JSON.parse(a.after_json!).reason])).toEqual([['rejected', 'haemolysed']]);
    // rejected once: a second rejection and a receipt are refused, naming the reason
    const again = await as(technician, 'POST', '/samples/reject', { accession: serum, reason: 'clotted' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('This container was rejected (haemolysed); a new sample is to be collected.');
    expect((await as(technician, 'POST', '/samples/receive', { accession: serum })).statusCode).toBe(409);

    // the free recollection: the e-mail's link picks a slot once, without signing in
    const link = /http:\/\/lab\.test(\/recollect\/[^\s]+)/.exec(mail.text)![1]!;
    const token = decodeURIComponent(link.slice('/recollect/'.length));
    const shown = await t.app.inject({ method: 'GET', url: `/api/recollections/${encodeURIComponent(token)}/` });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json()).toEqual({ reference: expect.any(String), tests: ['Lipid Profile'], reason: 'haemolysed', home_sample: false, date: null, time: null });
    const forged = `${token.slice(0, -4)}0000`;
    expect((await t.app.inject({ method: 'GET', url: `/api/recollections/${encodeURIComponent(forged)}/` })).statusCode).toBe(404);
    const past = await t.app.inject({ method: 'POST', url: `/api/recollections/${encodeURIComponent(token)}/`, payload: { date: '2020-01-01', time: '09:30' } });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toHaveProperty('date');
    const day = openDate(3);
    const picked = await t.app.inject({ method: 'POST', url: `/api/recollections/${encodeURIComponent(token)}/`, payload: { date: day, time: '09:30' } });
    expect(picked.statusCode, picked.body).toBe(200);
    expect(picked.json()).toMatchObject({ date: day, time: '09:30' });
    const twice = await t.app.inject({ method: 'POST', url: `/api/recollections/${encodeURIComponent(token)}/`, payload: { date: day, time: '10:00' } });
    expect(twice.statusCode).toBe(409);
    const booked = await t.app.deps.db.selectFrom('audit_log').select('after_json').where('entity_id', '=', id).where('action', '=', 'recollection_booked').execute();
    expect(booked.map((b) => JSON.parse(b.after_json!))).toMatchObject([{ date: day, time: '09:30' }]);

    // the phlebotomist draws the serum tube again: a new accession number, the visit stays collected, no bill
    const visit = (await as(phlebotomist, 'GET', `/samples/appointments/${id}`)).json();
    expect(visit.planned.map((p: { container: string; tests: string[] }) => [p.container, p.tests])).toEqual([['sst', ['Lipid Profile']]]);
    const redrawn = await as(phlebotomist, 'POST', `/samples/appointments/${id}/collect`, {});
    expect(redrawn.statusCode, redrawn.body).toBe(200);
    const after = redrawn.json().samples as Array<{ accession: string; container: string; status: string }>;
    expect(after.map((x) => [x.container, x.status])).toEqual([['edta', 'collected'], ['sst', 'rejected'], ['sst', 'collected']]);
    expect(after[2]!.accession).not.toBe(serum);
    expect(redrawn.json().planned).toEqual([]);
    expect((await as(phlebotomist, 'POST', `/samples/appointments/${id}/collect`, {})).json().samples).toHaveLength(3);
    const bills = await t.app.deps.db.selectFrom('bills').select('id').where('appointment_id', '=', id).execute();
    expect(bills).toHaveLength(1);
  });

  it('marks the report\'s results from a sample accepted with a problem', { timeout: 60_000 }, async () => {
    const id = await approved(['Complete Blood Count (CBC)', 'Lipid Profile'], { user_name: 'Arjun Nair' });
    const samples = (await as(phlebotomist, 'POST', `/samples/appointments/${id}/collect`, {})).json().samples as Array<{ accession: string; container: string }>;
    const edta = samples.find((x) => x.container === 'edta')!.accession;
    const serum = samples.find((x) => x.container === 'sst')!.accession;
    const res = await as(technician, 'POST', '/samples/receive', { accession: edta, problem: 'haemolysed' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().problem).toBe('haemolysed');
    expect((await as(technician, 'POST', '/samples/receive', { accession: serum })).json().problem).toBeNull();
    expect((await as(desk, 'PUT', `/results/${id}/patient`, { age_years: 45, sex: 'male' })).statusCode).toBe(200);
    const rows = (await as(technician, 'GET', `/results/${id}`)).json().rows as Array<{ parameter_id: number; name: string; test_name: string }>;
    const normal: Record<string, string> = {
      Haemoglobin: '14.5', 'Total Leucocyte Count': '7.20', 'RBC Count': '5.00', 'Haematocrit (PCV)': '44.0', MCV: '88.0', MCH: '29.0', MCHC: '33.0',
      'RDW-CV': '13.0', 'Platelet Count': '250', Neutrophils: '60', Lymphocytes: '30', Monocytes: '6', Eosinophils: '3', Basophils: '1',
      'Total Cholesterol': '180', Triglycerides: '140', 'HDL Cholesterol': '50', 'LDL Cholesterol': '100', 'VLDL Cholesterol': '28',
    };
    const entered = await as(technician, 'PUT', `/results/${id}`, { results: rows.map((r) => ({ parameter_id: r.parameter_id, value: normal[r.name] ?? '1.0' })), final: true });
    expect(entered.statusCode, entered.body).toBe(200);
    const released = await as(pathologist, 'POST', `/results/${id}/release`);
    expect(released.statusCode, released.body).toBe(200);
    const pdf = await as(technician, 'GET', `/results/${id}/reports/1/pdf`);
    expect(pdf.statusCode).toBe(200);
    const text = (await pdfText(pdf.rawPayload)).replace(/\s+/g, ' ');
    // once: under the blood count, not under the lipids drawn into the serum tube
    expect(text.match(/Sample haemolysed; the result may be affected\./g)).toHaveLength(1);
    expect(text.indexOf('Sample haemolysed')).toBeGreaterThan(text.indexOf('Complete Blood Count'));
    expect(text.indexOf('Sample haemolysed')).toBeLessThan(text.indexOf('Lipid Profile'));
  });
});
