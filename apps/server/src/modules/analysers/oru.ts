// What an analyser's result message says, read from HL7 v2 with @medplum/core's parser: the ORU^R01
// (observation result) an instrument sends per sample. Pure: the listener (listener.ts) and the rules
// (service.ts) use it; tests read sample files with it.
import type { Hl7Message } from '@medplum/core';

// @medplum/core is large (a FHIR client besides the HL7 parser): loaded when the listener starts
// (listener.ts), not at every server's start, most of which have no analyser.
let parser: typeof Hl7Message | undefined;
export async function loadParser(): Promise<void> {
  parser ??= (await import('@medplum/core')).Hl7Message;
}

export interface Observation {
  /** OBX-1 */
  setId: string;
  /** OBX-2: NM (number), ST/TX (text), CE/CWE (coded) */
  valueType: string;
  /** OBX-3's identifier and text */
  code: string;
  codeText: string;
  /** OBX-5, as sent */
  value: string;
  /** OBX-6's identifier (the unit) */
  unit: string;
  /** OBX-8: the instrument's own flags (H, L, A, …), repetitions joined by "~" */
  flags: string;
  /** OBX-11: F final, C corrected, P preliminary, X cannot be obtained, … */
  status: string;
  /** OBX-14 as ISO time, or null */
  observedAt: string | null;
}

export interface ResultMessage {
  /** MSH-9 as "ORU^R01" */
  type: string;
  /** MSH-10 */
  controlId: string;
  /** MSH-11: P production, T training, D debugging */
  processingId: string;
  /** the container's accession number: OBR-3 (filler order number), else OBR-2, else SPM-2 */
  accession: string;
  /** PID: the identifiers (PID-3), name words (PID-5), birth date (PID-7, YYYY-MM-DD) and sex (PID-8) */
  patient: { ids: string[]; name: string[]; birthDate: string | null; sex: string } | null;
  observations: Observation[];
}

export class MessageError extends Error {
  constructor(
    readonly ackCode: 'AE' | 'AR',
    message: string,
  ) {
    super(message);
  }
}

/** HL7's TS (YYYYMMDDHHMM[SS[.S]][+/-ZZZZ]) as an ISO instant; without a zone it is India time */
export function hl7Time(ts: string): string | null {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})?(\d{2})?(\d{2})?(?:\.\d+)?([+-]\d{4})?$/.exec(ts.trim());
  if (!m) return null;
  const [, y, mo, d, h = '00', mi = '00', s = '00', zone = '+0530'] = m;
  const iso = `${y}-${mo}-${d}T${h}:${mi}:${s}${zone.slice(0, 3)}:${zone.slice(3)}`;
  const t = Date.parse(iso);
  return Number.isNaN(t) ? null : new Date(t).toISOString();
}

/** HL7's DT (YYYYMMDD…) as YYYY-MM-DD, or null */
function hl7Date(dt: string): string | null {
  const m = /^(\d{4})(\d{2})(\d{2})/.exec(dt.trim());
  return m ? `${m[1]}-${m[2]}-${m[3]}` : null;
}

const words = (s: string) =>
  s
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** the message's header, whatever its type: enough to answer it (null: not HL7 at all); after loadParser() */
export function parseMessage(text: string): Hl7Message | null {
  if (!parser) throw new Error('loadParser() first');
  if (!text.startsWith('MSH')) return null;
  try {
    const message = parser.parse(text);
    return message.getSegment('MSH') ? message : null;
  } catch {
    return null;
  }
}

export const messageType = (message: Hl7Message) => [message.header.getComponent(9, 1), message.header.getComponent(9, 2)].filter(Boolean).join('^');

/** an ORU^R01 read into what the lab needs; a message that cannot be one is a MessageError */
export function readResultMessage(message: Hl7Message): ResultMessage {
  const type = messageType(message);
  if (type !== 'ORU^R01') throw new MessageError('AR', `Message type ${type || '(none)'} is not accepted here: send results as ORU^R01.`);
  const controlId = message.header.getField(10).toString().trim();
  if (!controlId) throw new MessageError('AR', 'MSH-10 (message control id) is empty.');
  const processingId = message.header.getComponent(11, 1) || 'P';
  const obr = message.getSegment('OBR');
  const spm = message.getSegment('SPM');
  const accession = (obr?.getComponent(3, 1) || obr?.getComponent(2, 1) || spm?.getComponent(2, 1) || '').trim();
  if (!accession) throw new MessageError('AE', 'No accession number: OBR-3 (or OBR-2, SPM-2) must carry the container’s barcode.');
  const pid = message.getSegment('PID');
  const patient = pid
    ? {
        ids: pid
          .getField(3)
          .components.map((c) => (c[0] ?? '').trim())
          .filter(Boolean),
        name: words([pid.getComponent(5, 1), pid.getComponent(5, 2), pid.getComponent(5, 3)].join(' ')),
        birthDate: hl7Date(pid.getComponent(7, 1)),
        sex: pid.getComponent(8, 1).trim().toUpperCase(),
      }
    : null;
  const observations = message.getAllSegments('OBX').map(
    (obx): Observation => ({
      setId: obx.getField(1).toString(),
      valueType: obx.getComponent(2, 1).trim().toUpperCase(),
      code: obx.getComponent(3, 1).trim(),
      codeText: (obx.getComponent(3, 2) || obx.getComponent(3, 1)).trim(),
      value: obx.getComponent(5, 1).trim(),
      unit: obx.getComponent(6, 1).trim(),
      flags: obx
        .getField(8)
        .components.map((c) => (c[0] ?? '').trim())
        .filter(Boolean)
        .join('~'),
      status: obx.getComponent(11, 1).trim().toUpperCase(),
      observedAt: hl7Time(obx.getComponent(14, 1)),
    }),
  );
  if (observations.length === 0) throw new MessageError('AE', 'The message has no OBX (result) segment.');
  const noCode = observations.find((o) => !o.code);
  if (noCode) throw new MessageError('AE', `OBX ${noCode.setId}: OBX-3 (the test code) is empty.`);
  return { type, controlId, processingId, accession, patient, observations };
}

/**
 * Whether the message's patient is the visit's: an identifier that is the booking's id or reference
 * settles it; otherwise every name word sent must be in the patient's name, and the sex and birth date,
 * where both sides have them, must agree. A message without PID names no one and is taken by its
 * container alone. Answers what disagrees, or null.
 */
export function patientMismatch(patient: ResultMessage['patient'], visit: { id: string; reference: string | null; user_name: string; patient_sex: string | null; patient_date_of_birth: string | null }): string | null {
  if (!patient) return null;
  if (patient.ids.some((id) => id === visit.id || (visit.reference !== null && id.toUpperCase() === visit.reference.toUpperCase()))) return null;
  const known = new Set(words(visit.user_name));
  if (patient.name.length > 0 && !patient.name.every((w) => known.has(w))) return 'the name (PID-5)';
  const sex = patient.sex === 'M' ? 'male' : patient.sex === 'F' ? 'female' : null;
  if (sex && visit.patient_sex && sex !== visit.patient_sex) return 'the sex (PID-8)';
  if (patient.birthDate && visit.patient_date_of_birth && patient.birthDate !== visit.patient_date_of_birth) return 'the date of birth (PID-7)';
  return null;
}
