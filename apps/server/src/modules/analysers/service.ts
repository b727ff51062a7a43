// The rules of an analyser's message (docs/analysers.md, decision 070). One ORU^R01 is taken whole or
// not at all: in one transaction its container is found by accession number, its patient checked
// against the visit, each code looked up in the analyser's mapping (converted where the units differ
// by the factor staff set), and the values entered as drafts on the worksheet with their source
// (reports/service.ts, analyserDrafts), audited. Anything wrong answers a negative acknowledgement and
// writes no result; every message and its answer are logged either way, and a code never seen before
// is listed for staff to map. A machine never marks a result final or releases it.
import { accessionSchema, inEnglish } from '@lab/contract';
import type { Hl7Message } from '@medplum/core';
import type { Kysely } from 'kysely';
import type { AnalyserMessagesTable, Database } from '../../db/schema.ts';
import { HttpError } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/unique-violation.ts';
import { recordAudit } from '../audit/record.ts';
import { analyserDrafts, type AnalyserValue } from '../reports/service.ts';
import { appointmentById, parametersOf } from '../reports/queries.ts';
import { sampleByAccession } from '../samples/queries.ts';
import { loadParser, MessageError, messageType, parseMessage, patientMismatch, readResultMessage, type ResultMessage } from './oru.ts';
import * as q from './queries.ts';

type Db = Kysely<Database>;

export type AckCode = 'AA' | 'AE' | 'AR';

export interface Answer {
  code: AckCode;
  text: string;
  /** the acknowledgement to send (segments separated by CR); null: nothing is sent back (an ACK of ours answered) */
  ack: string | null;
}

/** what a message led to, for the log */
interface Outcome {
  code: AckCode;
  text: string;
  /** the acknowledgement, built once: the one logged is the one sent */
  ack: string;
  sampleId: number | null;
  /** set when its results were taken */
  acceptedKey: string | null;
}

type MessageRow = Omit<AnalyserMessagesTable, 'id'>;

/** a message's log row: received from `analyser`, found nothing, taken nothing, unless `fields` say otherwise */
const messageRow = (analyser: string, raw: string, now: Date, fields: Partial<MessageRow>): MessageRow => ({
  analyser,
  direction: 'in',
  message_type: null,
  control_id: null,
  accession: null,
  sample_id: null,
  raw,
  ack_code: null,
  ack_text: null,
  ack_raw: null,
  accepted_key: null,
  created_at: now.toISOString(),
  ...fields,
});

const DUPLICATE = 'Duplicate: a message with this control id was taken already; nothing changed.';

/** an acknowledgement for a message we could not read at all: MSA-2 is empty, as HL7 allows */
function bareAck(code: AckCode, text: string, now: Date): string {
  const ts = now.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return [`MSH|^~\\&|LAB|LAB|||${ts}||ACK|${now.getTime()}|P|2.5.1`, `MSA|${code}||${oneLine(text)}`].join('\r');
}

/** text for MSA-3: one line, HL7's delimiters written as its escape sequences (\\S\\ for ^ …) */
const HL7_ESCAPES: Record<string, string> = { '\\': '\\E\\', '|': '\\F\\', '^': '\\S\\', '~': '\\R\\', '&': '\\T\\' };
const oneLine = (s: string) => s.replace(/[\r\n]+/g, ' ').slice(0, 200).replace(/[\\|^~&]/g, (c) => HL7_ESCAPES[c]!);

function ackOf(message: Hl7Message, code: AckCode, text: string): string {
  const ack = message.buildAck({ ackCode: code });
  if (code !== 'AA' || text) ack.getSegment('MSA')?.setField(3, oneLine(text));
  return ack.toString();
}

/** units as analysers and catalogues spell them: "10*3/uL", "10^3/µL" and "10^3/ul" are one unit */
const normalUnit = (u: string) => u.trim().toLowerCase().replace(/\s+/g, '').replace(/[µμ]/g, 'u').replace(/\*/g, '^');

/** the visit's values from the message, by the analyser's mapping; throws a MessageError for what cannot be taken */
function valuesOf(m: ResultMessage, mapping: Map<string, Awaited<ReturnType<typeof q.codesOf>>[number]>, params: Awaited<ReturnType<typeof parametersOf>>): { values: AnalyserValue[]; skipped: string[] } {
  const values: AnalyserValue[] = [];
  const skipped: string[] = [];
  for (const o of m.observations) {
    const map = mapping.get(o.code)!;
    if (map.state === 'ignored') continue;
    // X: the instrument could not measure it; D: withdrawn. Nothing to enter; the technician sees the gap.
    if (o.status === 'X' || o.status === 'D') {
      skipped.push(`${o.code} (not measured)`);
      continue;
    }
    const p = params.find((x) => x.id === map.parameter_id);
    if (!p) {
      // measured, but not ordered for this visit (a CBC counter sends every parameter it has)
      skipped.push(`${o.code} (not ordered)`);
      continue;
    }
    let value = o.value;
    if (p.result_type === 'number') {
      if (o.valueType && o.valueType !== 'NM' && o.valueType !== 'SN') throw new MessageError('AE', `OBX ${o.setId} (${o.code}): value type ${o.valueType}, where ${p.name} is a number (NM).`);
      const n = Number(value);
      if (value === '' || !Number.isFinite(n)) throw new MessageError('AE', `OBX ${o.setId} (${o.code}): "${value.slice(0, 20)}" is not a number.`);
      if (o.unit && normalUnit(o.unit) !== normalUnit(p.unit)) {
        if (map.factor === null || !map.unit || normalUnit(map.unit) !== normalUnit(o.unit)) {
          throw new MessageError('AE', `OBX ${o.setId} (${o.code}): unit ${o.unit} differs from the catalogue's ${p.unit || '(none)'} and no factor for ${o.unit} is set.`);
        }
        value = (n * map.factor).toFixed(p.decimals);
      } else {
        value = n.toFixed(p.decimals);
      }
    }
    values.push({ parameter_id: p.id, value, measured_at: o.observedAt, instrument_flags: o.flags || null });
  }
  return { values, skipped };
}

/** the message's results entered as drafts, in one transaction; a MessageError or HttpError leaves nothing written */
async function takeResults(db: Db, analyser: string, m: ResultMessage, raw: string, ackFor: (code: AckCode, text: string) => string, now: Date): Promise<Outcome> {
  const key = `${analyser}|${m.controlId}`;
  let listed: Array<{ code: string; text: string }> = [];
  let sampleId: number | null = null;
  try {
    return await db.transaction().execute(async (trx) => {
      if (await q.accepted(trx, key)) return { code: 'AA', text: DUPLICATE, ack: ackFor('AA', DUPLICATE), sampleId: null, acceptedKey: null };
      const parsed = accessionSchema.safeParse(m.accession);
      const sample = parsed.success ? await sampleByAccession(trx, parsed.data) : undefined;
      if (!sample) throw new MessageError('AE', `Unknown accession number ${m.accession}.`);
      sampleId = sample.id;
      if (sample.status === 'rejected') throw new MessageError('AE', `Container ${sample.accession} was rejected at the bench; its results are not taken.`);
      const visit = (await appointmentById(trx, sample.appointment_id))!;
      const mismatch = patientMismatch(m.patient, visit);
      if (mismatch) throw new MessageError('AE', `Patient mismatch: ${mismatch} does not agree with container ${sample.accession}'s patient.`);
      const codes = [...new Set(m.observations.map((o) => o.code))];
      const mapping = new Map((await q.codesOf(trx, analyser, codes)).map((c) => [c.code, c]));
      listed = codes.filter((c) => !mapping.has(c)).map((c) => ({ code: c, text: m.observations.find((o) => o.code === c)!.codeText }));
      const waiting = codes.filter((c) => !mapping.has(c) || mapping.get(c)!.state === 'unmapped');
      if (waiting.length > 0) throw new MessageError('AE', `Codes not mapped yet: ${waiting.join(', ')}. Map them in the console (Analysers), then send the message again.`);
      const { values, skipped } = valuesOf(m, mapping, await parametersOf(trx, sample.appointment_id));
      if (values.length === 0) throw new MessageError('AE', `No result in this message is ordered for container ${sample.accession}'s visit${skipped.length ? ` (${skipped.join(', ')})` : ''}.`);
      const changed = await analyserDrafts(trx, sample.appointment_id, analyser, values);
      await recordAudit(trx, { actorUserId: null, entity: 'appointment', entityId: sample.appointment_id, action: 'results_analyser', before: null, after: { analyser, accession: sample.accession, control_id: m.controlId, parameters: changed } });
      const text = skipped.length ? `Taken as drafts: ${values.length}; not taken: ${skipped.join(', ')}.` : `Taken as drafts: ${values.length}.`;
      const outcome: Outcome = { code: 'AA', text, ack: ackFor('AA', text), sampleId: sample.id, acceptedKey: key };
      await q.logMessage(trx, messageRow(analyser, raw, now, { message_type: m.type, control_id: m.controlId, accession: m.accession, sample_id: sample.id, ack_code: 'AA', ack_text: text, ack_raw: outcome.ack, accepted_key: key }));
      return outcome;
    });
  } catch (err) {
    // another connection took the same message at the same moment
    if (isUniqueViolation(err, 'accepted_key')) return { code: 'AA', text: DUPLICATE, ack: ackFor('AA', DUPLICATE), sampleId: null, acceptedKey: null };
    const refusal = refusalOf(err);
    if (!refusal) throw err;
    // nothing of the results was written; the codes first seen are listed all the same
    if (listed.length > 0) await q.listNewCodes(db, analyser, listed, now.toISOString());
    return { ...refusal, ack: ackFor(refusal.code, refusal.text), sampleId, acceptedKey: null };
  }
}

/** a rule's refusal as a negative acknowledgement (field errors of the values, conflicts of the visit) */
function refusalOf(err: unknown): { code: AckCode; text: string } | null {
  if (err instanceof MessageError) return { code: err.ackCode, text: err.message };
  if (err instanceof HttpError && err.statusCode < 500) {
    const fields = err.fields ? Object.values(err.fields).flat().map(inEnglish) : [];
    return { code: 'AE', text: fields.length ? fields.join(' ') : err.message };
  }
  return null;
}

/**
 * One message from `analyser`, as received: taken, logged and answered. Never throws for what the
 * message says; a database failure throws, and the listener then sends no acknowledgement, so the
 * analyser sends the message again.
 */
export async function takeMessage(db: Db, analyser: string, raw: string, now = new Date()): Promise<Answer> {
  await loadParser();
  const message = parseMessage(raw);
  if (!message) {
    const text = 'Not an HL7 v2 message: it must begin with an MSH segment.';
    const ack = bareAck('AR', text, now);
    await q.logMessage(db, messageRow(analyser, raw, now, { ack_code: 'AR', ack_text: text, ack_raw: ack }));
    return { code: 'AR', text, ack };
  }
  const type = messageType(message);
  const controlId = message.header.getField(10).toString().trim() || null;
  // the analyser's acknowledgement of an order we sent: kept, not answered
  if (type.startsWith('ACK')) {
    await q.logMessage(db, messageRow(analyser, raw, now, { message_type: type, control_id: controlId, ack_text: message.getSegment('MSA')?.getField(1).toString() ?? null }));
    return { code: 'AA', text: '', ack: null };
  }
  let read: ResultMessage;
  try {
    read = readResultMessage(message);
  } catch (err) {
    if (!(err instanceof MessageError)) throw err;
    const ack = ackOf(message, err.ackCode, err.message);
    await q.logMessage(db, messageRow(analyser, raw, now, { message_type: type || null, control_id: controlId, ack_code: err.ackCode, ack_text: err.message, ack_raw: ack }));
    return { code: err.ackCode, text: err.message, ack };
  }
  const outcome = await takeResults(db, analyser, read, raw, (code, text) => ackOf(message, code, text), now);
  // a taken message was logged in its own transaction
  if (!outcome.acceptedKey) {
    await q.logMessage(db, messageRow(analyser, raw, now, { message_type: read.type, control_id: read.controlId, accession: read.accession, sample_id: outcome.sampleId, ack_code: outcome.code, ack_text: outcome.text, ack_raw: outcome.ack }));
  }
  return { code: outcome.code, text: outcome.text, ack: outcome.ack };
}
