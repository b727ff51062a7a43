// PDF downloads that cannot stall the lab (decision 047): a released report version is drawn once per
// language and then read (the kept bytes are what the next download gets; downloads at the same moment
// share one drawing); drawing is bounded (503 with Retry-After when the PDF queue is full) and limited
// per address (429 with Retry-After), in the reader's language; the kept PDFs go when the account closes.
// And the report a doctor reads: the booking reference printed, never the appointment id.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfQueue } from '../src/documents/pdf-thread.ts';
import { PDF_DOWNLOAD_LIMIT, PDF_RENDER_LIMIT } from '../src/documents/report-pdf.ts';
import { type Account, bearer, createUser, makeApp, pdfText, type TestApp } from './helpers.ts';
import { CBC_VALUES, labTeam, releaseReport, testIdsByName } from './report-helpers.ts';
import { book } from './staff-helpers.ts';

let t: TestApp;
let admin: Account;
let technician: Account;
let pathologist: Account;
let testIds: Map<string, number>;
let addressNo = 0;
/** an address of its own for each use, so the per-address budget of one check never touches another's */
const freshAddress = () => `10.77.${Math.floor(++addressNo / 250)}.${(addressNo % 250) + 1}`;

beforeAll(async () => {
  t = await makeApp();
  ({ admin, technician, pathologist } = await labTeam(t.app));
  testIds = await testIdsByName(t.app);
}, 60_000);
afterAll(() => t?.close());

const staff = (who: Account, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/staff${url}`, headers: bearer(who), ...(payload ? { payload } : {}) });

/** a CBC booked (by `who`, or a guest), its results entered by the technician and released by the pathologist */
const releasedCbc = (options: { language?: 'en' | 'hi'; who?: Account } = {}) =>
  releaseReport(t.app, { admin, technician, pathologist }, {
    booking: { tests: [testIds.get('Complete Blood Count (CBC)')!], user_name: 'Ravi Kumar Verma', ...(options.language ? { language: options.language } : {}) },
    values: CBC_VALUES,
    ...(options.who ? { who: options.who } : {}),
  });

const download = (id: string, query = '', headers: Record<string, string> = {}, remoteAddress = freshAddress()) =>
  t.app.inject({ method: 'GET', url: `/api/reports/${id}/pdf${query}`, headers, remoteAddress });

const keptRows = async (id: string) =>
  t.app.deps.db.selectFrom('report_pdfs as p').innerJoin('reports as r', 'r.id', 'p.report_id').select(['p.report_id', 'p.language']).where('r.appointment_id', '=', id).execute();

describe('the report a doctor reads', () => {
  it('prints the booking reference, never the appointment id, and every interval one way, in English and Hindi', async () => {
    const { id, reference } = await releasedCbc();
    expect(reference).toMatch(/^LC-[A-Z0-9]{4}-[A-Z0-9]{2}$/);

    const en = await download(id);
    expect(en.statusCode).toBe(200);
    expect(en.headers['content-disposition']).toBe(`attachment; filename="report-${reference}-v1.pdf"`);
    const english = await pdfText(en.rawPayload);
    expect(english).toContain(`Booking reference: ${reference}`);
    expect(english).not.toContain(id);
    // Eosinophils and neutrophils side by side: "1 - 6" as "40 - 80", never "1-6"
    expect(english).toContain('Eosinophils 3 % 1 - 6');
    expect(english).toContain('Neutrophils 60 % 40 - 80');
    // the booking reference may hold "8-4" by chance: only the intervals are looked at
    expect(english.replaceAll(reference, '')).not.toMatch(/\d-\d/);

    const hi = await download(id, '?lang=hi');
    expect(hi.statusCode).toBe(200);
    const hindi = await pdfText(hi.rawPayload);
    expect(hindi).toContain(reference);
    expect(hindi).toContain('नंबर');
    expect(hindi).not.toContain(id);
    expect(hindi).toContain('1 - 6');
  }, 60_000);

  it('derives the reference of a report released before the snapshot kept it from its appointment', async () => {
    const { id, reference } = await releasedCbc();
    // as released before: the snapshot names the appointment by its id only
    const row = await t.app.deps.db.selectFrom('reports').select(['id', 'snapshot_json']).where('appointment_id', '=', id).executeTakeFirstOrThrow();
    const old = JSON.parse(row.snapshot_json) as { patient: Record<string, unknown> };
    delete old.patient.booking_reference;
    old.patient.booking_id = id;
    await t.app.deps.db.updateTable('reports').set({ snapshot_json: JSON.stringify(old) }).where('id', '=', row.id).execute();

    const text = await pdfText((await download(id)).rawPayload);
    expect(text).toContain(`Booking reference: ${reference}`);
    expect(text).not.toContain(id);
  }, 60_000);
});

describe('a released version is drawn once, then read', () => {
  it('answers the second download with the kept bytes, without drawing again', async () => {
    const { id } = await releasedCbc({ language: 'hi' });
    const first = await download(id);
    expect(first.statusCode).toBe(200);
    expect(await keptRows(id)).toEqual([{ report_id: expect.any(Number), language: 'hi' }]);

    // The kept bytes are what the next download gets: replaced here by a marker, the marker comes back.
    const marker = Buffer.from('%PDF-1.3 kept copy');
    await t.app.deps.db.updateTable('report_pdfs').set({ pdf: marker }).where('report_id', '=', (await keptRows(id))[0]!.report_id).execute();
    const drawn = pdfQueue.drawn;
    const second = await download(id);
    expect(second.statusCode).toBe(200);
    expect(second.rawPayload.equals(marker)).toBe(true);
    expect(pdfQueue.drawn).toBe(drawn);

    // The other language is a version of its own, drawn once too.
    expect((await download(id, '?lang=en')).statusCode).toBe(200);
    expect((await keptRows(id)).map((r) => r.language).sort()).toEqual(['en', 'hi']);
  }, 60_000);

  it('keeps the version staff open too, and it is the one the patient downloads', async () => {
    const { id, reference } = await releasedCbc();
    const first = await staff(technician, 'GET', `/results/${id}/reports/1/pdf`);
    expect(first.statusCode).toBe(200);
    expect(await pdfText(first.rawPayload)).toContain(`Booking reference: ${reference}`);
    expect(await keptRows(id)).toEqual([{ report_id: expect.any(Number), language: 'en' }]);
    const drawn = pdfQueue.drawn;
    const again = await staff(technician, 'GET', `/results/${id}/reports/1/pdf`);
    const patient = await download(id, '?lang=en');
    expect(pdfQueue.drawn).toBe(drawn);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(patient.rawPayload.equals(first.rawPayload)).toBe(true);
  }, 60_000);

  it('draws one PDF for downloads that arrive together', async () => {
    const { id } = await releasedCbc();
    const drawn = pdfQueue.drawn;
    const answers = await Promise.all(Array.from({ length: 8 }, () => download(id)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    expect(pdfQueue.drawn - drawn).toBe(1);
    expect(new Set(answers.map((a) => a.rawPayload.toString('base64'))).size).toBe(1);
  }, 60_000);

  it('erases the kept PDFs with the reports when the account closes', async () => {
    const patient = await createUser(t.app);
    const { id } = await releasedCbc({ who: patient });
    expect((await download(id)).statusCode).toBe(200);
    expect(await keptRows(id)).toHaveLength(1);
    const reportIds = (await keptRows(id)).map((r) => r.report_id);

    const closed = await t.app.inject({ method: 'POST', url: '/api/users/me/close/', headers: bearer(patient), payload: { password: patient.password } });
    expect(closed.statusCode).toBe(200);
    expect(await t.app.deps.db.selectFrom('report_pdfs').select('report_id').where('report_id', 'in', reportIds).execute()).toEqual([]);
    expect((await download(id)).statusCode).toBe(404);
  }, 60_000);
});

describe('drawing is bounded and limited', () => {
  it('answers 503 with Retry-After when the PDF queue is full, in the reader’s language, and draws again once there is room', async () => {
    const { id } = await releasedCbc();
    // The queue filled by documents that wait until the test lets them go.
    const holds: Array<() => void> = [];
    const held = Array.from({ length: pdfQueue.max }, () => pdfQueue.run(() => new Promise<void>((resolve) => holds.push(resolve))));
    try {
      const busy = await download(id);
      expect(busy.statusCode).toBe(503);
      expect(Number(busy.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(busy.json()).toEqual({ error: 'Many documents are being prepared right now. Please try again in a few seconds.' });
      const hindi = await download(id, '', { cookie: 'lang=hi' });
      expect(hindi.statusCode).toBe(503);
      expect(hindi.json()).toEqual({ error: 'इस समय बहुत-से दस्तावेज़ तैयार हो रहे हैं। कृपया कुछ सेकंड बाद फिर से कोशिश करें।' });
      expect(await keptRows(id)).toEqual([]);
    } finally {
      for (const release of holds) release();
      await Promise.all(held);
    }
    expect((await download(id)).statusCode).toBe(200);
  }, 60_000);

  it('limits the drawings one address asks for (429 with Retry-After), while kept reports still download', async () => {
    const address = freshAddress();
    const { id } = await releasedCbc();
    // Kept first, from elsewhere: reading it is no drawing.
    expect((await download(id)).statusCode).toBe(200);

    // A paid bill's receipt changes with its payments, so each one is drawn.
    const paid = await book(t.app, { tests: [testIds.get('Complete Blood Count (CBC)')!] });
    const bill = await t.app.deps.db.selectFrom('bills').select(['id', 'total_paise']).where('appointment_id', '=', paid).executeTakeFirstOrThrow();
    expect((await staff(admin, 'POST', `/bills/${bill.id}/payments`, { amount: bill.total_paise / 100, mode: 'cash' })).statusCode).toBe(200);
    const receipt = (headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: `/api/billing/${paid}/receipt.pdf`, headers, remoteAddress: address });

    for (let n = 0; n < PDF_RENDER_LIMIT.max; n++) expect((await receipt()).statusCode).toBe(200);
    const refused = await receipt();
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toEqual({ error: 'Too many documents were asked for from this address. Please try again in 10 minutes.' });
    expect((await receipt({ cookie: 'lang=hi' })).json()).toEqual({ error: 'इस पते से बहुत ज़्यादा दस्तावेज़ माँगे गए। कृपया 10 मिनट बाद फिर से कोशिश करें।' });
    // A report already kept is a read, not a drawing: it still downloads from that address.
    expect((await download(id, '', {}, address)).statusCode).toBe(200);
    // A version not yet kept would be a drawing: refused.
    expect((await download(id, '?lang=hi', {}, address)).statusCode).toBe(429);
  }, 120_000);

  it('limits the downloads of kept PDFs one address makes too, so a flood of reads is answered a cheap 429', async () => {
    const address = freshAddress();
    const { id } = await releasedCbc();
    for (let n = 0; n < PDF_DOWNLOAD_LIMIT.max; n++) expect((await download(id, '', {}, address)).statusCode).toBe(200);
    const refused = await download(id, '', {}, address);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toEqual({ error: 'Too many documents were asked for from this address. Please try again in 1 minute.' });
    // another address, a patient elsewhere, is not touched
    expect((await download(id)).statusCode).toBe(200);
  }, 60_000);
});
