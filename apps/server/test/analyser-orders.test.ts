// Orders out to the analysers (docs/analysers.md, decision 073), against fake instruments: MLLP servers
// this test starts on loopback that record every frame and answer as told (AA, AE, AR, silence, or a
// dropped connection). Receiving a container at the bench queues, in its own transaction, an order per
// analyser that takes orders and has codes for its tests; the e-mail jobs' runner (driven by hand, on a
// clock the test moves) delivers it, retries it with backoff, and fails it for good on AE at once or
// after its last attempt; every attempt and answer is in the message log of the container, and the
// analysers screen counts the failures.
import net from 'node:net';
import { Hl7Message } from '@medplum/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { analyserSettings } from '../src/config.ts';
import { frame, MllpDecoder } from '../src/modules/analysers/mllp.ts';
import { buildOrder } from '../src/modules/analysers/orders.ts';
import { forgetMessagesOf } from '../src/modules/analysers/queries.ts';
import { AU480_CODES, XN_1000_CODES } from '../../../test-support/analysers.ts';
import { type Account, makeApp, TestClock, type TestApp } from './helpers.ts';
import { asStaff, labTeam, testIdsByName } from './report-helpers.ts';
import { book } from './staff-helpers.ts';

type Answer = 'AA' | 'AE' | 'AR' | 'silence' | 'drop';

/** an instrument's MLLP server: records each message, answers each with the next of `answers` (then `otherwise`) */
class FakeInstrument {
  received: string[] = [];
  answers: Answer[] = [];
  otherwise: Answer = 'AA';
  private server = net.createServer((socket) => {
    const decoder = new MllpDecoder();
    socket.on('data', (d) => {
      for (const bytes of decoder.push(d)) {
        const text = bytes.toString('utf8');
        this.received.push(text);
        const answer = this.answers.shift() ?? this.otherwise;
        if (answer === 'drop') socket.destroy();
        else if (answer !== 'silence') {
          const ack = Hl7Message.parse(text).buildAck({ ackCode: answer });
          if (answer !== 'AA') ack.getSegment('MSA')!.setField(3, answer === 'AE' ? 'Unknown test code' : 'Busy');
          socket.write(frame(ack.toString()));
        }
      }
    });
    socket.on('error', () => {});
  });
  port = 0;
  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
  }
  reset(): void {
    this.received = [];
    this.answers = [];
    this.otherwise = 'AA';
  }
  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

const BACKOFF = 60_000;
const clock = new TestClock();
const xn = new FakeInstrument();
const au = new FakeInstrument();
let t: TestApp;
let technician: Account;
let phlebotomist: Account;
let admin: Account;
let anil: Account;
let testIds: Map<string, number>;

beforeAll(async () => {
  await Promise.all([xn.start(), au.start()]);
  t = await makeApp(
    {
      ANALYSER_PORT: '0',
      ANALYSER_HOST: '127.0.0.1',
      // the XN-1000 takes ORM^O01, the AU480 OML^O21; the C311 has codes for the lipid profile too, and orders off
      ANALYSERS: `XN-1000@127.0.0.1>ORM@127.0.0.1:${xn.port},AU480@127.0.0.2>OML@127.0.0.1:${au.port},C311@127.0.0.3`,
      ANALYSER_ACK_TIMEOUT_MS: '3000',
    },
    { clock, mailJobs: 'manual', mailRunner: { backoffMs: BACKOFF, maxAttempts: 3 } },
  );
  ({ admin, technician, phlebotomist, pathologist: anil } = await labTeam(t.app));
  testIds = await testIdsByName(t.app);
  await mapCodes('XN-1000', 'Complete Blood Count (CBC)', XN_1000_CODES);
  await mapCodes('AU480', 'Lipid Profile', AU480_CODES);
  await mapCodes('C311', 'Lipid Profile', AU480_CODES);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await Promise.all([xn.close(), au.close()]);
});
beforeEach(() => {
  xn.reset();
  au.reset();
});

const staff = (who: Account, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => asStaff(t.app, who, method, url, payload);

async function mapCodes(analyser: string, test: string, codes: Record<string, string>): Promise<void> {
  const rows = await t.app.deps.db.selectFrom('test_parameters').select(['id', 'name']).where('test_id', '=', testIds.get(test)!).execute();
  const ids = new Map(rows.map((r) => [r.name, r.id]));
  for (const [code, name] of Object.entries(codes)) {
    const res = await staff(anil, 'PUT', `/analysers/${analyser}/codes/${encodeURIComponent(code)}`, { state: 'mapped', parameter_id: ids.get(name) });
    expect(res.statusCode, res.body).toBe(200);
  }
}

/** a visit of these tests, collected: its containers' accession numbers by container */
async function collected(tests: string[]): Promise<Map<string, string>> {
  return (await collectedVisit(tests)).containers;
}

async function collectedVisit(tests: string[]): Promise<{ id: string; containers: Map<string, string> }> {
  const id = await book(t.app, { tests: tests.map((n) => testIds.get(n)!) });
  expect((await staff(admin, 'POST', `/appointments/${id}/status`, { status: 'approved' })).statusCode).toBe(200);
  const drawn = await staff(phlebotomist, 'POST', `/samples/appointments/${id}/collect`, {});
  expect(drawn.statusCode, drawn.body).toBe(200);
  const rows = await t.app.deps.db.selectFrom('samples').select(['accession', 'container']).where('appointment_id', '=', id).execute();
  return { id, containers: new Map(rows.map((r) => [r.container, r.accession])) };
}

async function receive(accession: string): Promise<void> {
  const res = await staff(technician, 'POST', '/samples/receive', { accession });
  expect(res.statusCode, res.body).toBe(200);
}

const orderJobs = (analyser: string) => t.app.deps.db.selectFrom('mail_jobs').selectAll().where('channel', '=', 'analyser').where('recipient', '=', analyser).orderBy('id').execute();
const lastOrder = async (analyser: string) => (await orderJobs(analyser)).at(-1)!;
const messagesOf = async (accession: string) =>
  (await staff(technician, 'GET', `/samples/${accession}/analyser-messages`)).json().messages as Array<{ direction: string; message_type: string; control_id: string; analyser: string; raw: string; ack_code: string | null; ack_text: string | null }>;
const segment = (message: Hl7Message, name: string) => message.getAllSegments(name);

describe('orders out at receipt', () => {
  it('sends the XN-1000 an ORM^O01 with the accession and its codes for the CBC container, and nothing to the others', async () => {
    const containers = await collected(['Complete Blood Count (CBC)']);
    const accession = containers.get('edta')!;
    // nothing goes before the container is received
    expect(await orderJobs('XN-1000').then((j) => j.filter((x) => x.subject.endsWith(accession)))).toHaveLength(0);
    await receive(accession);
    const job = await lastOrder('XN-1000');
    expect(job).toMatchObject({ state: 'queued', kind: 'analyser-order', appointment_id: null, subject: `ORM^O01 ${accession}` });
    await t.app.mailJobs.runDue();

    expect(xn.received).toHaveLength(1);
    expect(au.received).toHaveLength(0);
    const order = Hl7Message.parse(xn.received[0]!);
    expect(order.header.getComponent(9, 1)).toBe('ORM');
    expect(order.header.getComponent(9, 2)).toBe('O01');
    expect(order.header.getField(12).toString()).toBe('2.5');
    expect(order.getSegment('PID')!.getComponent(5, 1)).toBe('Kumar');
    expect(order.getSegment('PID')!.getComponent(5, 2)).toBe('Ravi');
    const obrs = segment(order, 'OBR');
    expect(segment(order, 'ORC').every((orc) => orc.getField(1).toString() === 'NW' && orc.getComponent(2, 1) === accession)).toBe(true);
    expect(obrs.every((obr) => obr.getComponent(2, 1) === accession && obr.getComponent(3, 1) === accession)).toBe(true);
    expect(obrs.map((obr) => obr.getComponent(4, 1)).sort()).toEqual(Object.keys(XN_1000_CODES).sort());
    expect(segment(order, 'SPM')).toHaveLength(0);
    // written with the receipt, audited with it; a second scan is refused and queues nothing
    const audit = await t.app.deps.db.selectFrom('audit_log').select('after_json').where('entity', '=', 'sample').where('entity_id', '=', accession).where('action', '=', 'received').executeTakeFirstOrThrow();
    expect(JSON.parse(audit.after_json!)).toMatchObject({ orders_to: ['XN-1000'] });
    expect((await staff(technician, 'POST', '/samples/receive', { accession })).statusCode).toBe(409);
    expect((await orderJobs('XN-1000')).filter((j) => j.subject.endsWith(accession))).toHaveLength(1);

    expect(await lastOrder('XN-1000')).toMatchObject({ state: 'sent', attempts: 1, message_json: null });
    const log = await messagesOf(accession);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ direction: 'out', analyser: 'XN-1000', message_type: 'ORM^O01', ack_code: 'AA', control_id: order.header.getField(10).toString() });
  });

  it('sends the AU480 an OML^O21 with the specimen for the lipid container; the C311, with orders off, gets nothing', async () => {
    const containers = await collected(['Lipid Profile']);
    const [container, accession] = [...containers.entries()][0]!;
    await receive(accession);
    expect(await orderJobs('C311')).toHaveLength(0);
    await t.app.mailJobs.runDue();
    expect(au.received).toHaveLength(1);
    expect(xn.received).toHaveLength(0);
    const order = Hl7Message.parse(au.received[0]!);
    expect(order.header.getComponent(9, 1)).toBe('OML');
    expect(order.header.getComponent(9, 2)).toBe('O21');
    expect(segment(order, 'OBR').map((obr) => obr.getComponent(4, 1)).sort()).toEqual(Object.keys(AU480_CODES).sort());
    const spms = segment(order, 'SPM');
    expect(spms).toHaveLength(Object.keys(AU480_CODES).length);
    expect(spms[0]!.getComponent(2, 1)).toBe(accession);
    expect(spms[0]!.getComponent(4, 1)).toBe(container === 'sst' ? 'SER' : 'PLAS');
    expect(await lastOrder('AU480')).toMatchObject({ state: 'sent' });
  });

  it('sends nothing for a container whose tests no analyser has codes for', async () => {
    const before = (await t.app.deps.db.selectFrom('mail_jobs').select('id').where('channel', '=', 'analyser').execute()).length;
    const other = 'HbA1c (Glycated Haemoglobin)';
    expect(testIds.has(other)).toBe(true);
    const containers = await collected([other]);
    for (const accession of containers.values()) await receive(accession);
    await t.app.mailJobs.runDue();
    expect((await t.app.deps.db.selectFrom('mail_jobs').select('id').where('channel', '=', 'analyser').execute()).length).toBe(before);
    expect(xn.received).toHaveLength(0);
    expect(au.received).toHaveLength(0);
  });
});

describe('delivery', () => {
  it('retries a dropped connection and a silence with backoff, with the same control id, until the instrument acknowledges', async () => {
    xn.answers = ['drop', 'silence'];
    const accession = (await collected(['Complete Blood Count (CBC)'])).get('edta')!;
    await receive(accession);
    await t.app.mailJobs.runDue();
    expect(await lastOrder('XN-1000')).toMatchObject({ state: 'retrying', attempts: 1, run_at: new Date(clock.ms + BACKOFF).toISOString() });
    // not due yet: nothing sent
    await t.app.mailJobs.runDue();
    expect(xn.received).toHaveLength(1);
    clock.advance(BACKOFF);
    await t.app.mailJobs.runDue();
    expect(await lastOrder('XN-1000')).toMatchObject({ state: 'retrying', attempts: 2 });
    clock.advance(2 * BACKOFF);
    await t.app.mailJobs.runDue();
    expect(await lastOrder('XN-1000')).toMatchObject({ state: 'sent', attempts: 3 });
    expect(xn.received).toHaveLength(3);
    expect(new Set(xn.received).size).toBe(1);
    // once acknowledged, never again
    clock.advance(10 * BACKOFF);
    await t.app.mailJobs.runDue();
    expect(xn.received).toHaveLength(3);
    const log = (await messagesOf(accession)).reverse();
    expect(log.map((m) => m.ack_code)).toEqual([null, null, 'AA']);
    expect(log[0]!.ack_text).toMatch(/closed the connection/);
    expect(log[1]!.ack_text).toMatch(/No acknowledgement within 3000 ms/);
  });

  it('fails an order the instrument rejects (AR) after its last attempt, shown to staff', async () => {
    const failedBefore = ((await staff(technician, 'GET', '/analysers')).json().analysers as Array<{ name: string; failed_orders: number }>).find((a) => a.name === 'XN-1000')!.failed_orders;
    xn.otherwise = 'AR';
    const accession = (await collected(['Complete Blood Count (CBC)'])).get('edta')!;
    await receive(accession);
    await t.app.mailJobs.runDue();
    expect(await lastOrder('XN-1000')).toMatchObject({ state: 'retrying', attempts: 1, last_error: 'AR: Busy' });
    clock.advance(BACKOFF);
    await t.app.mailJobs.runDue();
    clock.advance(2 * BACKOFF);
    await t.app.mailJobs.runDue();
    expect(await lastOrder('XN-1000')).toMatchObject({ state: 'failed', attempts: 3, message_json: null });
    clock.advance(10 * BACKOFF);
    await t.app.mailJobs.runDue();
    expect(xn.received).toHaveLength(3);
    const log = await messagesOf(accession);
    expect(log.map((m) => m.ack_code)).toEqual(['AR', 'AR', 'AR']);
    expect(log[0]!.ack_text).toMatch(/Failed for good after 3 attempts/);
    const list = (await staff(technician, 'GET', '/analysers')).json().analysers as Array<{ name: string; failed_orders: number; orders: object | null }>;
    expect(list.find((a) => a.name === 'XN-1000')).toMatchObject({ failed_orders: failedBefore + 1, orders: { type: 'ORM^O01', host: '127.0.0.1', port: xn.port } });
    expect(list.find((a) => a.name === 'C311')).toMatchObject({ failed_orders: 0, orders: null });
  });

  it('fails an order the instrument refuses for its content (AE) at once', async () => {
    xn.otherwise = 'AE';
    const accession = (await collected(['Complete Blood Count (CBC)'])).get('edta')!;
    await receive(accession);
    await t.app.mailJobs.runDue();
    expect(await lastOrder('XN-1000')).toMatchObject({ state: 'failed', attempts: 1, last_error: 'AE: Unknown test code' });
    clock.advance(10 * BACKOFF);
    await t.app.mailJobs.runDue();
    expect(xn.received).toHaveLength(1);
    const [only] = await messagesOf(accession);
    expect(only).toMatchObject({ ack_code: 'AE' });
    expect(only!.ack_text).toMatch(/Failed for good after 1 attempt\./);
  });
});

describe('erasure', () => {
  it('clears an erased visit’s order not yet delivered, which is then never sent', async () => {
    xn.answers = ['drop'];
    const visit = await collectedVisit(['Complete Blood Count (CBC)']);
    await receive(visit.containers.get('edta')!);
    await t.app.mailJobs.runDue();
    expect(await lastOrder('XN-1000')).toMatchObject({ state: 'retrying', attempts: 1 });
    await forgetMessagesOf(t.app.deps.db, [visit.id]);
    expect((await lastOrder('XN-1000')).message_json).toBeNull();
    clock.advance(BACKOFF);
    await t.app.mailJobs.runDue();
    expect(await lastOrder('XN-1000')).toMatchObject({ state: 'skipped', last_error: 'Not sent: the order was erased with its visit.' });
    expect(xn.received).toHaveLength(1);
  });
});

describe('the message and the configuration', () => {
  it('escapes HL7 delimiters in the patient name and the codes', () => {
    const text = buildOrder({
      type: 'OML^O21',
      analyser: 'AU480',
      controlId: 'C1',
      at: new Date('2026-11-28T09:00:00Z'),
      accession: '261128-0001',
      container: 'sst',
      collectedAt: '2026-11-28T08:00:00Z',
      patient: { reference: 'AB12CD', name: 'Ravi|Kumar^Sr & Co~ Verma\\', sex: 'male', dateOfBirth: '1980-01-31' },
      tests: [{ code: 'CHOL', text: 'Chol^total|x' }],
    });
    const message = Hl7Message.parse(text);
    const pid = message.getSegment('PID')!;
    expect(text).toContain('PID|1||AB12CD^^^LAB^PI||Verma\\E\\^Ravi\\F\\Kumar\\S\\Sr \\T\\ Co\\R\\||19800131|M');
    expect(pid.getField(8).toString()).toBe('M');
    expect(message.getSegment('OBR')!.getComponent(4, 2)).toBe('Chol\\S\\total\\F\\x');
    expect(message.getSegment('OBR')!.getField(7).toString()).toBe('20261128133000+0530');
    expect(message.getSegment('SPM')!.getComponent(4, 1)).toBe('SER');
    expect(message.header.getField(7).toString()).toBe('20261128143000+0530');
  });

  it('reads ">ORM@host:port" in ANALYSERS and refuses a bad one with a clear message', () => {
    const s = analyserSettings(2575, '0.0.0.0', 'XN-1000@10.0.0.5>ORM@10.0.0.5:5100,XN-1000@10.0.0.6,AU480@10.0.0.7>OML@[fe80::1]:6000,C311@10.0.0.8')!;
    expect(s.analysers).toEqual([
      { name: 'XN-1000', addresses: ['10.0.0.5', '10.0.0.6'], orders: { type: 'ORM^O01', host: '10.0.0.5', port: 5100 } },
      { name: 'AU480', addresses: ['10.0.0.7'], orders: { type: 'OML^O21', host: 'fe80::1', port: 6000 } },
      { name: 'C311', addresses: ['10.0.0.8'], orders: null },
    ]);
    expect(() => analyserSettings(2575, '0.0.0.0', 'XN-1000@10.0.0.5>HL7@10.0.0.5:5100')).toThrow(/ANALYSERS: "XN-1000@10.0.0.5>HL7@10.0.0.5:5100": after ">" give where its orders go, as ORM@host:port or OML@host:port/);
    expect(() => analyserSettings(2575, '0.0.0.0', 'XN-1000@10.0.0.5>ORM@10.0.0.5:70000')).toThrow(/ORM@host:port/);
    expect(() => analyserSettings(2575, '0.0.0.0', 'XN-1000@10.0.0.5>ORM@analyser.local:5100')).toThrow(/an IP address/);
    expect(() => analyserSettings(2575, '0.0.0.0', 'XN-1000@10.0.0.5>ORM@10.0.0.5:5100,XN-1000@10.0.0.6>OML@10.0.0.6:5100')).toThrow(/XN-1000 is given two places for its orders/);
  });
});
