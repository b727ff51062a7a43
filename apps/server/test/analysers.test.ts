// Results from analysers over HL7 v2/MLLP (docs/analysers.md), on a real TCP socket: the listener
// started by the app on a free loopback port, spoken to by @medplum/hl7's client (another
// implementation of MLLP than the listener's) and, where the test needs raw bytes or a second source
// address, by a plain socket. A CBC becomes 14 drafts with flags; a duplicate changes nothing; each bad
// input gets its negative acknowledgement with nothing written; mapping edits apply to the next
// message; two analysers at once; and the values reach a report only through a technician's "final"
// and another person's release.
import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { Hl7Message } from '@medplum/core';
import { Hl7Client } from '@medplum/hl7';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { frame, MllpDecoder } from '../src/modules/analysers/mllp.ts';
import { purgeOldMessages } from '../src/modules/analysers/queries.ts';
import { prepareMessage } from '../src/modules/analysers/simulator.ts';
import { AU480_CODES, XN_1000_CODES } from '../../../test-support/analysers.ts';
import { type Account, makeApp, type TestApp } from './helpers.ts';
import { asStaff, labTeam, testIdsByName } from './report-helpers.ts';
import { book } from './staff-helpers.ts';

let t: TestApp;
let admin: Account;
let technician: Account;
let phlebotomist: Account;
let anil: Account;
let kavita: Account;
let testIds: Map<string, number>;
let port: number;

const sample = (name: string) => readFileSync(path.join(import.meta.dirname, '../analyser-samples', name), 'utf8');
const CBC = sample('cbc-xn1000.hl7');
const LIPID = sample('lipid-au480.hl7');


beforeAll(async () => {
  t = await makeApp({ ANALYSER_PORT: '0', ANALYSER_HOST: '127.0.0.1', ANALYSERS: 'XN-1000@127.0.0.1,AU480@127.0.0.2' });
  port = t.app.analyserListener!.port;
  ({ admin, technician, phlebotomist, pathologist: anil, secondPathologist: kavita } = await labTeam(t.app));
  testIds = await testIdsByName(t.app);
}, 60_000);
afterAll(() => t?.close());

const staff = (who: Account, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) => asStaff(t.app, who, method, url, payload);

/** a visit of these tests with its containers drawn and the patient's age and sex entered: answers its id and first container's accession number */
async function collectedVisit(tests: string[], name = 'Ravi Verma'): Promise<{ id: string; accession: string }> {
  const id = await book(t.app, { tests: tests.map((n) => testIds.get(n)!), user_name: name });
  expect((await staff(admin, 'POST', `/appointments/${id}/status`, { status: 'approved' })).statusCode).toBe(200);
  const drawn = await staff(phlebotomist, 'POST', `/samples/appointments/${id}/collect`, {});
  expect(drawn.statusCode, drawn.body).toBe(200);
  expect((await staff(technician, 'PUT', `/results/${id}/patient`, { age_years: 46, sex: 'male' })).statusCode).toBe(200);
  const { accession } = await t.app.deps.db.selectFrom('samples').select('accession').where('appointment_id', '=', id).orderBy('id').executeTakeFirstOrThrow();
  return { id, accession };
}

/** every parameter of the catalogue by test and name */
async function parameterIds(test: string): Promise<Map<string, number>> {
  const rows = await t.app.deps.db.selectFrom('test_parameters').select(['id', 'name']).where('test_id', '=', testIds.get(test)!).execute();
  return new Map(rows.map((r) => [r.name, r.id]));
}

async function mapCodes(analyser: string, test: string, codes: Record<string, string>, extra: Record<string, object> = {}): Promise<void> {
  const ids = await parameterIds(test);
  for (const [code, name] of Object.entries(codes)) {
    const res = await staff(anil, 'PUT', `/analysers/${analyser}/codes/${encodeURIComponent(code)}`, { state: 'mapped', parameter_id: ids.get(name), ...extra[code] });
    expect(res.statusCode, res.body).toBe(200);
  }
}

/** sends through @medplum/hl7's client and answers the acknowledgement's code and text */
async function send(message: string): Promise<{ code: string; text: string; controlId: string }> {
  const client = new Hl7Client({ host: '127.0.0.1', port, connectTimeout: 5_000 });
  try {
    const ack = await client.sendAndWait(Hl7Message.parse(message), { timeoutMs: 10_000 });
    const msa = ack.getSegment('MSA')!;
    // as an analyser shows it: HL7's escape sequences read back
    const text = msa.getField(3).toString().replace(/\\([EFSRT])\\/g, (_e, c: string) => ({ E: '\\', F: '|', S: '^', R: '~', T: '&' })[c]!);
    return { code: msa.getField(1).toString(), text, controlId: msa.getField(2).toString() };
  } finally {
    await client.close();
  }
}

/** sends raw bytes from a given loopback address on a plain socket; answers the acknowledgements received, or [] if the server closed the connection */
function sendRaw(bytes: Buffer, from = '127.0.0.1', expected = 1): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port, localAddress: from });
    const decoder = new MllpDecoder();
    const acks: string[] = [];
    socket.on('connect', () => (expected === 0 ? socket.end(bytes) : socket.write(bytes)));
    socket.on('data', (d) => {
      acks.push(...decoder.push(d).map((b) => b.toString('utf8')));
      if (acks.length >= expected) socket.end();
    });
    socket.on('close', () => resolve(acks));
    socket.on('error', reject);
    setTimeout(() => socket.destroy(), 10_000).unref();
  });
}
const msaOf = (ack: string) => ack.split('\r').find((s) => s.startsWith('MSA'))!.split('|');

const worksheet = async (id: string) => (await staff(technician, 'GET', `/results/${id}`)).json() as { rows: Array<{ name: string; value: string | null; flag: string | null; status: string | null; entered_by: number | null; source?: { analyser: string; measured_at: string | null; instrument_flags: string | null } | null }> };
/** the technician reviews the worksheet and marks every value final as it stands */
async function markFinal(id: string, who: Account) {
  const rows = (await staff(who, 'GET', `/results/${id}`)).json().rows as Array<{ parameter_id: number; value: string }>;
  return staff(who, 'PUT', `/results/${id}`, { results: rows.map((r) => ({ parameter_id: r.parameter_id, value: r.value })), final: true });
}
const resultCount = async (id: string) => Number((await t.app.deps.db.selectFrom('results').select((eb) => eb.fn.countAll<number>().as('n')).where('appointment_id', '=', id).executeTakeFirstOrThrow()).n);

describe('a CBC from the XN-1000', () => {
  it('lists unknown codes for staff and takes nothing until they are mapped; then 14 drafts with flags and their source', async () => {
    const visit = await collectedVisit(['Complete Blood Count (CBC)']);
    const message = prepareMessage(CBC, { accession: visit.accession });
    const first = await send(message);
    expect(first.code).toBe('AE');
    expect(first.text).toContain('Codes not mapped yet');
    expect(await resultCount(visit.id)).toBe(0);
    const listed = (await staff(technician, 'GET', '/analysers/XN-1000/codes')).json() as { codes: Array<{ code: string; state: string; code_text: string }> };
    expect(listed.codes.map((c) => c.code).sort()).toEqual([...Object.keys(XN_1000_CODES), 'IG%'].sort());
    expect(listed.codes.every((c) => c.state === 'unmapped')).toBe(true);
    expect(listed.codes.find((c) => c.code === 'HGB')!.code_text).toBe('Haemoglobin');
    // a technician reads the mapping but does not change it
    expect((await staff(technician, 'PUT', '/analysers/XN-1000/codes/WBC', { state: 'ignored' })).statusCode).toBe(403);

    // haemoglobin comes in g/L: a factor of 0.1 to the catalogue's g/dL; IG% is not reported by the lab
    await mapCodes('XN-1000', 'Complete Blood Count (CBC)', XN_1000_CODES, { HGB: { unit: 'g/L', factor: 0.1 } });
    expect((await staff(anil, 'PUT', `/analysers/XN-1000/codes/${encodeURIComponent('IG%')}`, { state: 'ignored' })).statusCode).toBe(200);

    const again = await send(message);
    expect(again.code, again.text).toBe('AA');
    const sheet = await worksheet(visit.id);
    expect(sheet.rows).toHaveLength(14);
    expect(sheet.rows.every((r) => r.status === 'draft' && r.entered_by === null && r.source?.analyser === 'XN-1000')).toBe(true);
    const row = (name: string) => sheet.rows.find((r) => r.name === name)!;
    expect(row('Haemoglobin').value).toBe('14.5');
    expect(row('Total Leucocyte Count').value).toBe('7.20');
    // flagged by the catalogue's interval (150–410), with the instrument's own flag beside it
    expect(row('Platelet Count')).toMatchObject({ value: '138', flag: 'L', source: { instrument_flags: 'L' } });
    expect(row('MCV')).toMatchObject({ value: '88.0', flag: null });
    expect(row('MCV').source!.measured_at).toBe('2026-11-28T04:59:00.000Z');
    const audit = await t.app.deps.db.selectFrom('audit_log').select(['actor_user_id', 'after_json']).where('entity_id', '=', visit.id).where('action', '=', 'results_analyser').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor_user_id).toBeNull();
    expect(JSON.parse(audit[0]!.after_json!)).toMatchObject({ analyser: 'XN-1000', accession: visit.accession });
    // the container's messages: what the machine sent, both tries, each with its answer
    const log = (await staff(technician, 'GET', `/samples/${visit.accession}/analyser-messages`)).json() as { messages: Array<{ ack_code: string; raw: string; ack_raw: string; appointment_id: string }> };
    expect(log.messages.map((m) => m.ack_code)).toEqual(['AA', 'AE']);
    expect(log.messages[0]!.raw).toContain('OBX|3|NM|HGB');
    expect(log.messages[0]!.ack_raw).toMatch(/^MSH.*\nMSA\|AA\|/s);
    expect(log.messages[0]!.appointment_id).toBe(visit.id);

    // the duplicate (the analyser did not see our ACK and sent it again) changes nothing
    const before = await t.app.deps.db.selectFrom('results').selectAll().where('appointment_id', '=', visit.id).orderBy('parameter_id').execute();
    const duplicate = await send(message);
    expect(duplicate.code).toBe('AA');
    expect(duplicate.text).toContain('Duplicate');
    expect(await t.app.deps.db.selectFrom('results').selectAll().where('appointment_id', '=', visit.id).orderBy('parameter_id').execute()).toEqual(before);
    expect(await t.app.deps.db.selectFrom('audit_log').select('id').where('entity_id', '=', visit.id).where('action', '=', 'results_analyser').execute()).toHaveLength(1);

    // the values reach a report only through two people: the technician marks them final, a pathologist releases
    const final = await markFinal(visit.id, technician);
    expect(final.statusCode, final.body).toBe(200);
    expect((await worksheet(visit.id)).rows.every((r) => r.status === 'final' && r.entered_by === technician.id)).toBe(true);
    const released = await staff(anil, 'POST', `/results/${visit.id}/release`);
    expect(released.statusCode, released.body).toBe(200);
  });

  it('keeps the pathologist who accepted an analyser’s values from releasing them', async () => {
    const visit = await collectedVisit(['Complete Blood Count (CBC)'], 'Ravi Verma');
    expect((await send(prepareMessage(CBC, { accession: visit.accession }))).code).toBe('AA');
    expect((await markFinal(visit.id, anil)).statusCode).toBe(200);
    const own = await staff(anil, 'POST', `/results/${visit.id}/release`);
    expect(own.statusCode).toBe(409);
    expect((await staff(kavita, 'POST', `/results/${visit.id}/release`)).statusCode).toBe(200);
  });

  it('never overwrites values a technician marked final', async () => {
    const visit = await collectedVisit(['Complete Blood Count (CBC)'], 'Ravi Verma');
    expect((await send(prepareMessage(CBC, { accession: visit.accession }))).code).toBe('AA');
    expect((await markFinal(visit.id, technician)).statusCode).toBe(200);
    const later = await send(prepareMessage(CBC, { accession: visit.accession }));
    expect(later.code).toBe('AE');
    expect(later.text).toContain('already marked final');
  });
});

describe('bad input gets its negative acknowledgement and writes nothing', () => {
  it('answers AR to what is not HL7 and to a message type it does not take, AE to an unknown accession, a patient mismatch, a wrong value type and a unit without a factor', async () => {
    const visit = await collectedVisit(['Complete Blood Count (CBC)'], 'Ravi Verma');
    const [garbage] = await sendRaw(frame('HELLO this is not HL7'));
    expect(msaOf(garbage!).slice(1, 3)).toEqual(['AR', '']);

    const adt = prepareMessage(CBC, { accession: visit.accession }).replace('ORU^R01^ORU_R01', 'ADT^A01^ADT_A01');
    expect(await send(adt)).toMatchObject({ code: 'AR', text: expect.stringContaining('ADT^A01 is not accepted') });

    expect(await send(prepareMessage(CBC, { accession: '991231-9999' }))).toMatchObject({ code: 'AE', text: 'Unknown accession number 991231-9999.' });
    expect(await send(prepareMessage(CBC, { accession: visit.accession, patientName: 'Sharma^Anil' }))).toMatchObject({ code: 'AE', text: expect.stringContaining('Patient mismatch: the name (PID-5)') });
    const female = prepareMessage(CBC, { accession: visit.accession }).replace('|19800101|M', '|19800101|F');
    expect(await send(female)).toMatchObject({ code: 'AE', text: expect.stringContaining('the sex (PID-8)') });

    const text = prepareMessage(CBC, { accession: visit.accession }).replace('OBX|5|NM|MCV^MCV^99XN||88.0', 'OBX|5|ST|MCV^MCV^99XN||high');
    expect(await send(text)).toMatchObject({ code: 'AE', text: expect.stringContaining('OBX 5 (MCV): value type ST') });
    const notNumber = prepareMessage(CBC, { accession: visit.accession }).replace('||88.0|fL', '||8 8|fL');
    expect(await send(notNumber)).toMatchObject({ code: 'AE', text: expect.stringContaining('is not a number') });
    const mmol = prepareMessage(CBC, { accession: visit.accession }).replace('||33.0|g/dL', '||20.5|mmol/L');
    expect(await send(mmol)).toMatchObject({ code: 'AE', text: expect.stringContaining('unit mmol/L differs') });

    expect(await resultCount(visit.id)).toBe(0);
    const log = (await staff(technician, 'GET', '/analysers/XN-1000/messages')).json() as { messages: Array<{ ack_code: string; ack_text: string }> };
    expect(log.messages.slice(0, 8).map((m) => m.ack_code)).toEqual(['AE', 'AE', 'AE', 'AE', 'AE', 'AE', 'AR', 'AR']);
    const list = (await staff(technician, 'GET', '/analysers')).json() as { port: number; analysers: Array<{ name: string; last_ack_code: string }> };
    expect(list.port).toBe(port);
    expect(list.analysers.find((a) => a.name === 'XN-1000')!.last_ack_code).toBe('AE');
  });

  it('closes a connection from an address that is not an analyser’s, and takes nothing of a message cut off mid-way', async () => {
    const visit = await collectedVisit(['Complete Blood Count (CBC)'], 'Ravi Verma');
    const message = prepareMessage(CBC, { accession: visit.accession });
    expect(await sendRaw(frame(message), '127.0.0.9')).toEqual([]);
    // half a message, then the line drops: nothing acknowledged, nothing written
    const bytes = frame(message);
    expect(await sendRaw(bytes.subarray(0, bytes.length >> 1), '127.0.0.1', 0)).toEqual([]);
    expect(await resultCount(visit.id)).toBe(0);
    // sent again whole, in three pieces, it is taken
    await new Promise<void>((resolve, reject) => {
      const socket = net.connect({ host: '127.0.0.1', port });
      const decoder = new MllpDecoder();
      socket.on('connect', async () => {
        for (const piece of [bytes.subarray(0, 10), bytes.subarray(10, bytes.length - 1), bytes.subarray(bytes.length - 1)]) {
          socket.write(piece);
          await new Promise((r) => setTimeout(r, 20));
        }
      });
      socket.on('data', (d) => {
        const [ack] = decoder.push(d);
        if (!ack) return;
        expect(msaOf(ack.toString())[1]).toBe('AA');
        socket.end();
        resolve();
      });
      socket.on('error', reject);
    });
    expect(await resultCount(visit.id)).toBe(14);
    // two messages in one read are two messages, each answered in order
    const two = await sendRaw(Buffer.concat([frame(message), frame(prepareMessage(CBC, { accession: '991231-9999' }))]), '127.0.0.1', 2);
    expect(two.map((a) => msaOf(a)[1])).toEqual(['AA', 'AE']);
    expect(msaOf(two[0]!)[3]).toContain('Duplicate');
  });
});

describe('mappings and analysers', () => {
  it('applies a mapping edit to the next message', async () => {
    const first = await collectedVisit(['Complete Blood Count (CBC)'], 'Ravi Verma');
    expect((await send(prepareMessage(CBC, { accession: first.accession }))).code).toBe('AA');
    // the lab starts reporting IG%: until it is mapped, messages wait for it
    expect((await staff(anil, 'PUT', `/analysers/XN-1000/codes/${encodeURIComponent('IG%')}`, { state: 'unmapped' })).statusCode).toBe(200);
    const second = await collectedVisit(['Complete Blood Count (CBC)'], 'Ravi Verma');
    expect(await send(prepareMessage(CBC, { accession: second.accession }))).toMatchObject({ code: 'AE', text: expect.stringContaining('IG%') });
    expect((await staff(anil, 'PUT', `/analysers/XN-1000/codes/${encodeURIComponent('IG%')}`, { state: 'ignored' })).statusCode).toBe(200);
    // haemoglobin now comes in g/dL: the factor goes
    const ids = await parameterIds('Complete Blood Count (CBC)');
    expect((await staff(admin, 'PUT', '/analysers/XN-1000/codes/HGB', { state: 'mapped', parameter_id: ids.get('Haemoglobin') })).statusCode).toBe(200);
    const third = await collectedVisit(['Complete Blood Count (CBC)'], 'Ravi Verma');
    expect(await send(prepareMessage(CBC, { accession: third.accession }))).toMatchObject({ code: 'AE', text: expect.stringContaining('unit g/L differs') });
    const gdl = prepareMessage(CBC, { accession: third.accession }).replace('||145|g/L', '||14.5|g/dL');
    expect((await send(gdl)).code).toBe('AA');
    expect((await worksheet(third.id)).rows.find((r) => r.name === 'Haemoglobin')!.value).toBe('14.5');
    const audit = await t.app.deps.db.selectFrom('audit_log').select('action').where('entity', '=', 'analyser_code').where('entity_id', '=', 'XN-1000|HGB').execute();
    expect(audit.length).toBeGreaterThanOrEqual(2);
  });

  it('takes two analysers at once, each known by its address, each its own codes', async () => {
    const cbc = await collectedVisit(['Complete Blood Count (CBC)'], 'Ravi Verma');
    const lipid = await collectedVisit(['Lipid Profile'], 'Ravi Verma');
    await mapCodes('AU480', 'Lipid Profile', AU480_CODES);
    const [a, b] = await Promise.all([sendRaw(frame(prepareMessage(CBC, { accession: cbc.accession }).replace('||145|g/L', '||14.5|g/dL')), '127.0.0.1'), sendRaw(frame(prepareMessage(LIPID, { accession: lipid.accession })), '127.0.0.2')]);
    expect(msaOf(a[0]!)[1], a[0]).toBe('AA');
    expect(msaOf(b[0]!)[1], b[0]).toBe('AA');
    const lipidSheet = await worksheet(lipid.id);
    expect(lipidSheet.rows.every((r) => r.source?.analyser === 'AU480')).toBe(true);
    expect(lipidSheet.rows.find((r) => r.name === 'Total Cholesterol')).toMatchObject({ value: '212', flag: 'H' });
    expect((await worksheet(cbc.id)).rows.every((r) => r.source?.analyser === 'XN-1000')).toBe(true);
    // the same code means nothing to another analyser
    expect((await staff(technician, 'GET', '/analysers/AU480/codes')).json().codes.map((c: { code: string }) => c.code).sort()).toEqual(Object.keys(AU480_CODES).sort());
  });

  it('refuses mappings for an analyser not configured and for a parameter that does not exist', async () => {
    expect((await staff(anil, 'GET', '/analysers/CS-2500/codes')).statusCode).toBe(404);
    const bad = await staff(anil, 'PUT', '/analysers/XN-1000/codes/WBC', { state: 'mapped', parameter_id: 2_000_000_000 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('parameter_id');
    const noUnit = await staff(anil, 'PUT', '/analysers/XN-1000/codes/WBC', { state: 'mapped', parameter_id: 1, factor: 2 });
    expect(noUnit.statusCode).toBe(400);
    expect(noUnit.json()).toHaveProperty('unit');
    const huge = await staff(anil, 'PUT', '/analysers/XN-1000/codes/WBC', { state: 'mapped', parameter_id: 2 ** 40 });
    expect(huge.statusCode).toBe(400);
    // the parameters a code may map to, found by a word
    const found = (await staff(technician, 'GET', '/analysers/parameters?q=haemo')).json() as { parameters: Array<{ name: string; test_name: string }> };
    expect(found.parameters).toContainEqual(expect.objectContaining({ name: 'Haemoglobin', test_name: 'Complete Blood Count (CBC)' }));
    const short = await staff(technician, 'GET', '/analysers/parameters?q=h');
    expect(short.statusCode).toBe(400);
    expect(short.json()).toHaveProperty('q');
  });
});

describe('the message log', () => {
  it('is kept 90 days: the daily retention task removes older messages and leaves the rest', async () => {
    const { db } = t.app.deps;
    const day = 86_400_000;
    const row = (ageDays: number, controlId: string) => ({ analyser: 'XN-1000', direction: 'in' as const, message_type: 'ORU^R01', control_id: controlId, accession: null, sample_id: null, raw: 'MSH|…', ack_code: 'AE' as const, ack_text: 'x', ack_raw: null, accepted_key: null, created_at: new Date(Date.now() - ageDays * day).toISOString() });
    await db.insertInto('analyser_messages').values([row(91, 'OLD-1'), row(120, 'OLD-2'), row(89, 'KEPT-1')]).execute();
    expect(await purgeOldMessages(db, new Date(), 1)).toBeGreaterThanOrEqual(2);
    const left = await db.selectFrom('analyser_messages').select('control_id').where('control_id', 'in', ['OLD-1', 'OLD-2', 'KEPT-1']).execute();
    expect(left.map((r) => r.control_id)).toEqual(['KEPT-1']);
  });
});
