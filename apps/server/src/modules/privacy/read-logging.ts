// The staff read log as a property of the answer (decisions 033, 040, 048): no staff route writes its
// own read-log line. When a route under /api/staff is registered, its success answer's schema is
// walked once for the places where it shows a patient (a name, phone, e-mail or address beside the
// appointment, bill, message, correction request or grievance it belongs to); every 2xx answer of
// that route then hands what it showed to the process's ReadLog. A new route that answers with such a
// schema logs by itself; one whose answer shows a patient in a shape nobody has described here is
// found by `unreadPersonalData` (the staff read-log test walks every staff route with it).
import {
  analyserMessageListSchema,
  type AnalyserMessageList,
  doctorSchema,
  duesSchema,
  fhirBundleSchema,
  mailDeliveryLogSchema,
  labelsPdfSchema,
  pdfBodySchema,
  type ReadKind,
  staffAccountSchema,
  staffBillSchema,
  staffContactMessageSchema,
  staffCorrectionSchema,
  staffGrievanceSchema,
  staffLabDetailsSchema,
  staffReadEntrySchema,
  breachAffectedSchema,
  worksheetSchema,
} from '@lab/contract';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { z } from 'zod';
import type { App } from '../../lib/context.ts';
import { readerOf } from './access-log.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * For an answer of bytes made from data (a CSV of a list): the schema of that data. The handler
     * sends the data with a serializer that makes the bytes (`reply.serializer`), so the read log
     * sees the data before it becomes bytes.
     */
    answerShows?: z.ZodType;
    /** worked out by logReadsOfAnswers when the route is registered */
    readFindings?: Finding[];
  }
}

/** what an answer showed: appointments, bills, contact messages and a patient's requests, by what of them */
export interface Shown {
  appointments: Array<[ReadKind, string]>;
  bills: number[];
  messages: number[];
  corrections: number[];
  grievances: number[];
}

interface AnswerReader {
  /** the subjects one value of the schema shows; `params`: the request's path parameters */
  shows(value: any, params: Record<string, string>, into: Shown): void;
}

/** field names that carry a patient's name, phone, e-mail or address */
export const PERSONAL_FIELDS = ['patient_name', 'user_name', 'user_email', 'user_phone', 'phone', 'email', 'address', 'patient'] as const;

const appointment =
  (kind: ReadKind, key: string): AnswerReader['shows'] =>
  (value, _params, into) => {
    if (typeof value?.[key] === 'string') into.appointments.push([kind, value[key]]);
  };

/** the schemas whose subject is not the plain rule's (see `plainReader`), by identity */
const READERS = new Map<z.ZodType, AnswerReader>([
  // the worksheet shows the results too (read as 'results' since the read log began)
  [worksheetSchema, { shows: appointment('results', 'appointment_id') }],
  [staffBillSchema, { shows: (v, _p, into) => typeof v?.id === 'number' && into.bills.push(v.id) }],
  [duesSchema.element, { shows: (v, _p, into) => { for (const b of v?.bills ?? []) if (typeof b?.bill_id === 'number') into.bills.push(b.bill_id); } }],
  [staffContactMessageSchema, { shows: (v, _p, into) => typeof v?.id === 'number' && into.messages.push(v.id) }],
  // a patient's own requests to the lab (their name and e-mail beside them): logged against the patient
  [staffCorrectionSchema, { shows: (v, _p, into) => typeof v?.id === 'number' && into.corrections.push(v.id) }],
  [staffGrievanceSchema, { shows: (v, _p, into) => typeof v?.id === 'number' && into.grievances.push(v.id) }],
  // the addresses a visit's e-mails went to, and a report's PDF: the appointment is the path's
  [mailDeliveryLogSchema, { shows: (_v, p, into) => p.id && into.appointments.push(['mail_log', p.id]) }],
  [pdfBodySchema, { shows: (_v, p, into) => p.id && into.appointments.push(['report', p.id]) }],
  // a report version as a FHIR document (docs/abdm.md): read as its PDF is
  [fhirBundleSchema, { shows: (_v, p, into) => p.id && into.appointments.push(['report', p.id]) }],
  // a visit's sample labels print the patient's name: the appointment is the path's
  [labelsPdfSchema, { shows: (_v, p, into) => p.id && into.appointments.push(['appointment', p.id]) }],
  // an analyser's messages carry the patient's name and results (HL7's PID and OBX): the results of each visit they name
  [analyserMessageListSchema, { shows: (v: AnalyserMessageList, _p, into) => v.messages.forEach((m) => m.appointment_id && into.appointments.push(['results', m.appointment_id])) }],
]);

/**
 * Answers that show people without being a patient's record read by staff: the lab's own details,
 * staff accounts, the referring doctors' directory (a doctor's professional contact), and the read log
 * and the breach register themselves (an admin's oversight; the register lists whom a breach touched).
 * A patient's own requests to the lab (corrections, grievances) are read-logged, with read kinds of
 * their own (READERS).
 */
const NOT_READS = new Set<z.ZodType>([staffLabDetailsSchema, staffAccountSchema, doctorSchema, staffReadEntrySchema, breachAffectedSchema]);

type Step = string | '[]';
export interface Finding {
  path: Step[];
  reader: AnswerReader;
}

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Record<string, any> } })._zod.def;

/**
 * The plain rule for an object that shows a patient: its `appointment_id`, else its `id` when that is
 * a string (appointment ids are the only ids that are strings), else its `bill_id`.
 */
function plainReader(shape: Record<string, z.ZodType>): AnswerReader | undefined {
  if (shape.appointment_id) return { shows: appointment('appointment', 'appointment_id') };
  if (shape.id && defOf(shape.id).type === 'string') return { shows: appointment('appointment', 'id') };
  if (shape.bill_id) return { shows: (v, _p, into) => typeof v?.bill_id === 'number' && into.bills.push(v.bill_id) };
  return undefined;
}

/** where in answers of `schema` a patient is shown, and how each place is read; `unread`: places no rule reads */
function walk(schema: z.ZodType, path: Step[], found: Finding[], unread: string[], seen: Set<z.ZodType>): void {
  const known = READERS.get(schema);
  if (known) {
    found.push({ path, reader: known });
    return;
  }
  if (NOT_READS.has(schema) || seen.has(schema)) return;
  seen.add(schema);
  const def = defOf(schema);
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      const personal = PERSONAL_FIELDS.filter((f) => f in shape);
      if (personal.length) {
        const plain = plainReader(shape);
        if (plain) found.push({ path, reader: plain });
        else unread.push(`${path.join('.') || '(answer)'}: ${personal.join(', ')}`);
      }
      for (const [key, value] of Object.entries(shape)) if (key !== 'patient' || !personal.length) walk(value, [...path, key], found, unread, seen);
      break;
    }
    case 'array':
      walk(def.element, [...path, '[]'], found, unread, seen);
      break;
    case 'nullable':
    case 'optional':
    case 'default':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      walk(def.innerType, path, found, unread, seen);
      break;
    case 'union':
      for (const option of def.options as z.ZodType[]) walk(option, path, found, unread, seen);
      break;
    case 'intersection':
      walk(def.left, path, found, unread, seen);
      walk(def.right, path, found, unread, seen);
      break;
    case 'pipe':
      walk(def.out, path, found, unread, seen);
      break;
    case 'lazy':
      walk(def.getter(), path, found, unread, seen);
      break;
    case 'custom':
      // bytes (a CSV, a PDF) show what they were made from, which their schema cannot say
      unread.push(`${path.join('.') || '(answer)'}: bytes of ${schema.description ?? 'unknown content'} (say what they show with config.answerShows)`);
      break;
  }
  seen.delete(schema);
}

type Route = Pick<RouteOptions, 'schema' | 'config'>;

/** the success schemas a route declares (2xx); for bytes made from data, the data's */
function successSchemas(route: Route): z.ZodType[] {
  const shows = (route.config as { answerShows?: z.ZodType } | undefined)?.answerShows;
  if (shows) return [shows];
  const response = (route.schema?.response ?? {}) as Record<string, z.ZodType>;
  return Object.entries(response)
    .filter(([status]) => /^2\d\d$|^2xx$/.test(status))
    .map(([, schema]) => schema);
}

/** the places of a route's answers that show a patient; empty for a route that shows none */
export function readsOf(route: Route): Finding[] {
  const found: Finding[] = [];
  for (const schema of successSchemas(route)) walk(schema, [], found, [], new Set());
  return found;
}

/** places where a route's answer shows a patient that no rule here reads (the test fails on any) */
export function unreadPersonalData(route: Route): string[] {
  const unread: string[] = [];
  for (const schema of successSchemas(route)) walk(schema, [], [], unread, new Set());
  return unread;
}

function valuesAt(value: unknown, path: Step[]): unknown[] {
  let values = [value];
  for (const step of path) {
    values = values.flatMap((v) => {
      if (step === '[]') return Array.isArray(v) ? v : [];
      return v !== null && typeof v === 'object' ? [(v as Record<string, unknown>)[step]] : [];
    });
  }
  return values.filter((v) => v !== undefined && v !== null);
}

/** what an answer (its payload before serialisation, or undefined for bytes) showed */
export function shownBy(findings: Finding[], payload: unknown, params: Record<string, string>): Shown {
  const into: Shown = { appointments: [], bills: [], messages: [], corrections: [], grievances: [] };
  for (const { path, reader } of findings) {
    // an answer of bytes (a PDF) is read from its path parameters alone
    const values = payload === undefined ? (path.length === 0 ? [undefined] : []) : valuesAt(payload, path);
    for (const value of values) reader.shows(value, params, into);
  }
  return into;
}

const payloads = new WeakMap<FastifyRequest, unknown>();

/**
 * Hooks of the staff tree: each route's readings are worked out as it is registered, the answer's
 * payload is kept as it is serialised, and a 2xx answer hands what it showed to the read log.
 */
export function logReadsOfAnswers(staff: App): void {
  staff.addHook('onRoute', (route) => {
    const findings = readsOf(route);
    if (findings.length === 0) return;
    route.config = { ...route.config, readFindings: findings };
  });
  staff.addHook('preSerialization', async (request, _reply, payload) => {
    payloads.set(request, payload);
    return payload;
  });
  staff.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload) => {
    const findings = request.routeOptions.config.readFindings;
    // HEAD shows nothing; a refusal shows nothing
    if (!findings || request.method === 'HEAD' || reply.statusCode < 200 || reply.statusCode > 299 || !request.auth || !request.staffRole) return payload;
    const shown = shownBy(findings, payloads.get(request), request.params as Record<string, string>);
    const { readLog, now } = staff.deps;
    const reader = readerOf(request);
    const at = now();
    const byKind = new Map<ReadKind, string[]>();
    for (const [kind, id] of shown.appointments) byKind.set(kind, [...(byKind.get(kind) ?? []), id]);
    for (const [kind, ids] of byKind) readLog.appointments(reader, at, kind, ids);
    readLog.bills(reader, at, shown.bills);
    readLog.messages(reader, at, shown.messages);
    readLog.requests(reader, at, 'correction', shown.corrections);
    readLog.requests(reader, at, 'grievance', shown.grievances);
    return payload;
  });
}
