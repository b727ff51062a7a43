// Orders out to the analysers (docs/analysers.md, decision 073): when a container is received at the
// bench, each analyser configured to take orders (ANALYSERS "…>ORM@host:port") that has codes for the
// container's tests is sent them, so a host-query instrument knows what to run. The order is written as
// a job (the e-mail jobs' table and runner: messaging/runner.ts) in the receipt's own transaction, so it
// exists exactly when the receipt is committed; the runner delivers it at least once, with retries and
// backoff, over MLLP to the instrument's own server; each attempt and the instrument's answer are kept in
// the message log beside the results it sends back.
import net from 'node:net';
import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { AnalyserOrders, AnalyserSettings } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import type { JobHandler } from '../messaging/runner.ts';
import { insertHandledJob, type MailJob } from '../messaging/queries.ts';
import { appointmentById } from '../reports/queries.ts';
import { frame, MllpDecoder } from './mllp.ts';
import { loadParser, parseMessage } from './oru.ts';
import * as q from './queries.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** the job's kind, and its channel in mail_jobs */
export const ORDER_KIND = 'analyser-order';
export const ORDER_CHANNEL = 'analyser';

/** at most one order per container and analyser (a second receipt cannot happen; the key makes sure) */
export const orderKey = (sampleId: number, analyser: string) => `${ORDER_KIND}:${sampleId}:${analyser}`;

/** what the job carries: the message as it goes out, every attempt the same (one control id, so the instrument can tell a repeat) */
export interface OrderJob {
  analyser: string;
  sampleId: number;
  accession: string;
  type: AnalyserOrders['type'];
  controlId: string;
  message: string;
}

// ---- building the message -------------------------------------------------------------------------

const HL7_ESCAPES: Record<string, string> = { '\\': '\\E\\', '|': '\\F\\', '^': '\\S\\', '~': '\\R\\', '&': '\\T\\' };
/** a value for one component: HL7's delimiters written as its escape sequences, line breaks as spaces */
export const escapeHl7 = (s: string) => s.replace(/[\r\n]+/g, ' ').replace(/[\\|^~&]/g, (c) => HL7_ESCAPES[c]!);

/** HL7's TS in India time: 20261128143000+0530 */
export function hl7Timestamp(at: Date | string): string {
  const t = new Date(typeof at === 'string' ? Date.parse(at) : at.getTime());
  return `${new Date(t.getTime() + 330 * 60_000).toISOString().replace(/[-:T]/g, '').slice(0, 14)}+0530`;
}

/** the container's specimen for SPM-4, from HL7 table 0487 */
const SPECIMEN_TYPES: Record<string, [string, string]> = {
  edta: ['BLD', 'Whole blood'],
  sst: ['SER', 'Serum'],
  fluoride: ['PLAS', 'Plasma'],
  citrate: ['PLAS', 'Plasma'],
  heparin: ['PLAS', 'Plasma'],
  blood_culture: ['BLD', 'Whole blood'],
  urine: ['UR', 'Urine'],
  stool: ['STL', 'Stool'],
  sputum: ['SPT', 'Sputum'],
  swab: ['SWAB', 'Swab'],
};

export interface OrderFacts {
  type: AnalyserOrders['type'];
  analyser: string;
  controlId: string;
  at: Date;
  accession: string;
  container: string;
  collectedAt: string;
  patient: { reference: string | null; name: string; sex: string | null; dateOfBirth: string | null };
  /** the analyser's own codes and texts, in the order sent */
  tests: Array<{ code: string; text: string }>;
}

/**
 * An HL7 v2.5 order (segments separated by CR): MSH, PID, PV1, then per test an ORC (NW, new order) and
 * an OBR with the accession number as placer and filler order number and the analyser's code in OBR-4
 * (OBR-4 does not repeat, so one OBR per test); an OML^O21 adds an SPM after each OBR with the accession
 * number and the specimen type. A name "Ravi Verma" is sent as family "Verma", given "Ravi".
 */
export function buildOrder(f: OrderFacts): string {
  const [event, structure] = f.type === 'ORM^O01' ? ['ORM^O01', 'ORM_O01'] : ['OML^O21', 'OML_O21'];
  const words = f.patient.name.trim().split(/\s+/).filter(Boolean);
  const family = words.length > 1 ? words[words.length - 1]! : (words[0] ?? '');
  const given = words.length > 1 ? words.slice(0, -1).join(' ') : '';
  const sex = f.patient.sex === 'male' ? 'M' : f.patient.sex === 'female' ? 'F' : 'U';
  const dob = f.patient.dateOfBirth ? f.patient.dateOfBirth.replace(/-/g, '') : '';
  const accession = escapeHl7(f.accession);
  const collected = hl7Timestamp(f.collectedAt);
  const now = hl7Timestamp(f.at);
  const [specimen, specimenText] = SPECIMEN_TYPES[f.container] ?? ['XXX', 'To be specified'];
  const segments = [
    `MSH|^~\\&|LAB|LAB|${escapeHl7(f.analyser)}|${escapeHl7(f.analyser)}|${now}||${event}^${structure}|${escapeHl7(f.controlId)}|P|2.5`,
    `PID|1||${f.patient.reference ? `${escapeHl7(f.patient.reference)}^^^LAB^PI` : ''}||${escapeHl7(family)}^${escapeHl7(given)}||${dob}|${sex}`,
    'PV1|1|O',
  ];
  f.tests.forEach((t, i) => {
    segments.push(`ORC|NW|${accession}|${accession}||||||${now}`);
    segments.push(`OBR|${i + 1}|${accession}|${accession}|${escapeHl7(t.code)}^${escapeHl7(t.text)}^L|||${collected}`);
    if (f.type === 'OML^O21') segments.push(`SPM|1|${accession}^${accession}||${specimen}^${specimenText}^HL70487|||||||||||||${collected}`);
  });
  return segments.join('\r');
}

const freshControlId = () => `ORD${Date.now().toString(36).toUpperCase()}${randomBytes(3).toString('hex').toUpperCase()}`;

// ---- writing the jobs at receipt --------------------------------------------------------------------

/**
 * In the receipt's transaction: an order job per analyser that takes orders and has codes for the
 * container's tests (the mapping read backwards: the tests' active parameters that the analyser's mapped
 * codes report). A container with nothing for an analyser sends it nothing. Answers the analysers sent to.
 */
export async function queueOrders(trx: Db, settings: AnalyserSettings | undefined, sampleId: number, now: Date): Promise<string[]> {
  const takers = (settings?.analysers ?? []).filter((a) => a.orders !== null);
  if (takers.length === 0) return [];
  const sample = await trx.selectFrom('samples').select(['id', 'accession', 'appointment_id', 'container', 'collected_at']).where('id', '=', sampleId).executeTakeFirstOrThrow();
  const codes = await q.orderCodesOf(
    trx,
    takers.map((a) => a.name),
    sampleId,
  );
  if (codes.length === 0) return [];
  const visit = (await appointmentById(trx, sample.appointment_id))!;
  const sent: string[] = [];
  const at = now.toISOString();
  for (const a of takers) {
    const tests = codes.filter((c) => c.analyser === a.name).map((c) => ({ code: c.code, text: c.code_text }));
    if (tests.length === 0) continue;
    const controlId = freshControlId();
    const message = buildOrder({
      type: a.orders!.type,
      analyser: a.name,
      controlId,
      at: now,
      accession: sample.accession,
      container: sample.container,
      collectedAt: sample.collected_at,
      patient: { reference: visit.reference, name: visit.user_name, sex: visit.patient_sex, dateOfBirth: visit.patient_date_of_birth },
      tests,
    });
    const job: OrderJob = { analyser: a.name, sampleId, accession: sample.accession, type: a.orders!.type, controlId, message };
    await insertHandledJob(trx, {
      kind: ORDER_KIND,
      channel: ORDER_CHANNEL,
      // the visit's id is a capability, and its e-mail log is not the place of an instrument's order: none
      appointmentId: null,
      uniqueKey: orderKey(sampleId, a.name),
      recipient: a.name,
      subject: `${a.orders!.type} ${sample.accession}`,
      messageJson: JSON.stringify(job),
      runAt: at,
      at,
    });
    sent.push(a.name);
  }
  return sent;
}

// ---- delivering them -------------------------------------------------------------------------------

export class NoAnswer extends Error {}

/**
 * One message over MLLP to an instrument's server, on a connection of its own: answers the first framed
 * reply (the acknowledgement), or throws NoAnswer when the connection fails, closes or stays silent past
 * `timeoutMs`.
 */
export function exchange(target: { host: string; port: number }, message: string, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: target.host, port: target.port });
    const decoder = new MllpDecoder();
    let done = false;
    const finish = (err: Error | null, reply?: string) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      if (err) reject(err);
      else resolve(reply!);
    };
    const timer = setTimeout(() => finish(new NoAnswer(`No acknowledgement within ${timeoutMs} ms.`)), timeoutMs);
    socket.on('connect', () => socket.write(frame(message)));
    socket.on('data', (d) => {
      try {
        const [first] = decoder.push(d);
        if (first) finish(null, first.toString('utf8'));
      } catch (err) {
        finish(new NoAnswer(`The answer could not be read: ${err instanceof Error ? err.message : String(err)}`));
      }
    });
    socket.on('error', (err) => finish(new NoAnswer(`Connection to ${target.host}:${target.port} failed: ${err.message}`)));
    socket.on('close', () => finish(new NoAnswer('The instrument closed the connection without an acknowledgement.')));
  });
}

/** MSA-1 (AA/AE/AR; CA/CE/CR of enhanced mode read as the same), MSA-2 and MSA-3 of a reply, or null when it is not an acknowledgement */
function readAck(raw: string): { code: 'AA' | 'AE' | 'AR'; controlId: string; text: string } | null {
  const message = parseMessage(raw);
  const msa = message?.getSegment('MSA');
  if (!msa) return null;
  const c = msa.getField(1).toString().trim().toUpperCase();
  const code = c === 'AA' || c === 'CA' ? 'AA' : c === 'AE' || c === 'CE' ? 'AE' : c === 'AR' || c === 'CR' ? 'AR' : null;
  if (!code) return null;
  const text = msa
    .getField(3)
    .toString()
    .replace(/\\([EFSRT])\\/g, (_e, x: string) => ({ E: '\\', F: '|', S: '^', R: '~', T: '&' })[x]!);
  return { code, controlId: msa.getField(2).toString().trim(), text };
}

/**
 * The runner's handler of the 'analyser' channel: sends the order to where ANALYSERS says now and reads
 * the answer. AA: delivered. AE (the instrument refuses the content): failed at once, as sending it again
 * cannot help. AR (refused for a reason outside the content: busy, down, not accepting), a silence, a
 * refused or dropped connection: tried again with the runner's backoff, failed after its last attempt.
 * Every attempt is logged with the answer or the reason there was none; a failure for good says so.
 */
export function orderHandler(deps: { db: Kysely<Database>; settings: AnalyserSettings | undefined; log: FastifyBaseLogger; now: () => Date }): JobHandler {
  return async (job: MailJob, attempt) => {
    if (!job.message_json) return { state: 'skipped', error: 'Not sent: the order was erased with its visit.' };
    const order = JSON.parse(job.message_json) as OrderJob;
    const target = deps.settings?.analysers.find((a) => a.name === order.analyser)?.orders;
    const log = (fields: { ack_code: 'AA' | 'AE' | 'AR' | null; ack_text: string; ack_raw: string | null }) =>
      q.logMessage(deps.db, {
        analyser: order.analyser,
        direction: 'out',
        message_type: order.type,
        control_id: order.controlId,
        accession: order.accession,
        sample_id: order.sampleId,
        raw: order.message,
        accepted_key: null,
        created_at: deps.now().toISOString(),
        ...fields,
      });
    if (!target) {
      const error = `Not sent: orders to ${order.analyser} are off (ANALYSERS).`;
      await log({ ack_code: null, ack_text: error, ack_raw: null });
      return { state: 'skipped', error };
    }
    await loadParser();
    const finalNote = (failed: boolean) => (failed ? ` Failed for good after ${attempt.attempts} attempt${attempt.attempts === 1 ? '' : 's'}.` : ` Attempt ${attempt.attempts}; tried again later.`);
    let reply: string;
    try {
      reply = await exchange(target, order.message, deps.settings!.ackTimeoutMs);
    } catch (err) {
      if (!(err instanceof NoAnswer)) throw err;
      await log({ ack_code: null, ack_text: err.message + finalNote(attempt.last), ack_raw: null });
      return { state: 'retry', error: err.message };
    }
    const ack = readAck(reply);
    if (!ack || ack.controlId !== order.controlId) {
      const error = ack ? `The acknowledgement names message ${ack.controlId || '(none)'}, not ${order.controlId}.` : 'The reply is not an HL7 acknowledgement (MSA).';
      await log({ ack_code: null, ack_text: error + finalNote(attempt.last), ack_raw: reply });
      return { state: 'retry', error };
    }
    if (ack.code === 'AA') {
      await log({ ack_code: 'AA', ack_text: ack.text || 'Accepted.', ack_raw: reply });
      return { state: 'sent' };
    }
    const failed = ack.code === 'AE' || attempt.last;
    const error = `${ack.code}: ${ack.text || (ack.code === 'AE' ? 'the instrument refused the order' : 'the instrument did not accept the order')}`;
    await log({ ack_code: ack.code, ack_text: error + finalNote(failed), ack_raw: reply });
    if (failed) deps.log.warn({ analyser: order.analyser, accession: order.accession, ack: ack.code }, 'an order to an analyser failed for good');
    return { state: ack.code === 'AE' ? 'failed' : 'retry', error };
  };
}
