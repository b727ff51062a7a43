// Samples (docs/samples.md): the container each test is drawn into and the volume it needs (staff set
// them; a test without its own setting takes a default), the containers a visit's tests are drawn into
// (grouped into the fewest), their accession numbers taken at collection, their labels (a PDF of Code
// 128 barcodes for 50 × 25 mm rolls or an A4 sheet) and their receipt at the lab's bench by a scan.
import { z } from 'zod';
import { clockTime, idText, isoDate } from './common.ts';
import { m, say } from './i18n/message.ts';

/** the containers the lab draws into; 'none' for a test that needs no sample (imaging, ECG) */
export const CONTAINER_CODES = ['edta', 'sst', 'fluoride', 'citrate', 'heparin', 'blood_culture', 'urine', 'sterile', 'stool', 'sputum', 'swab', 'formalin', 'none'] as const;
export type ContainerCode = (typeof CONTAINER_CODES)[number];

/** what staff read on the phone, the bench and the label: the tube's name and cap colour */
export const CONTAINER_NAMES: Record<ContainerCode, string> = {
  edta: 'EDTA (lavender top)',
  sst: 'Serum / SST (gold top)',
  fluoride: 'Fluoride (grey top)',
  citrate: 'Citrate (light blue top)',
  heparin: 'Heparin (green top)',
  blood_culture: 'Blood culture bottle',
  urine: 'Urine container',
  sterile: 'Sterile container',
  stool: 'Stool container',
  sputum: 'Sputum container',
  swab: 'Swab in transport medium',
  formalin: 'Formalin container',
  none: 'No sample',
};

export const containerCodeSchema = z.enum(CONTAINER_CODES, say('samples.container_rule'));

/**
 * "261128-0001": the India date of collection (YYMMDD) and the day's running number. The barcode
 * carries the digits alone (Code 128's digit pairs make it half as wide), so a scanner types
 * "2611280001": both are read as the same number.
 */
export const ACCESSION_PATTERN = /^\d{6}-?\d{4,9}$/;
export const accessionSchema = z
  .string(say('samples.accession_rule'))
  .trim()
  .regex(ACCESSION_PATTERN, say('samples.accession_rule'))
  .transform((v) => (v.includes('-') ? v : `${v.slice(0, 6)}-${v.slice(6)}`));

/** what a label's barcode encodes for an accession number */
export const accessionBarcode = (accession: string) => accession.replace('-', '');

export const testContainerSchema = z.object({
  test_id: z.number().int(),
  test_name: z.string(),
  container: containerCodeSchema,
  container_name: z.string(),
  volume_ml: z.number(),
  /** false: the default for the test (docs/samples.md) stands, nobody set it */
  set_by_staff: z.boolean(),
  /** the report's promised hours from receipt, and the cut-off time of day (HH:MM India; null: none) */
  turnaround_hours: z.number().int(),
  cutoff: z.string().nullable(),
  /** false: the default turnaround stands */
  turnaround_set_by_staff: z.boolean(),
});
export type TestContainer = z.infer<typeof testContainerSchema>;
export const testContainerListSchema = z.array(testContainerSchema);

export const testContainerParams = z.object({ id: idText(m('label.test_id')) });

/** PUT /api/staff/samples/containers/{id}: the test's id */
export const testContainerRequestSchema = z.object({
  container: containerCodeSchema,
  volume_ml: z
    .number(say('samples.volume_rule'))
    .min(0, say('samples.volume_rule'))
    .max(50, say('samples.volume_rule'))
    .refine((v) => Math.abs(v * 10 - Math.round(v * 10)) < 1e-9, say('samples.volume_rule')),
});
export type TestContainerRequest = z.infer<typeof testContainerRequestSchema>;

/** PUT /api/staff/samples/turnaround/{id}: a test's promised hours from receipt and its cut-off (null: none) */
export const testTurnaroundRequestSchema = z.object({
  hours: z.number(say('samples.turnaround_rule')).int(say('samples.turnaround_rule')).min(1, say('samples.turnaround_rule')).max(720, say('samples.turnaround_rule')),
  cutoff: clockTime.nullable(),
});
export type TestTurnaroundRequest = z.infer<typeof testTurnaroundRequestSchema>;

export const sampleStatusSchema = z.enum(['collected', 'received', 'rejected']);

/** why a container is rejected, or what was wrong with one accepted with a problem */
export const SAMPLE_PROBLEMS = ['haemolysed', 'clotted', 'insufficient', 'wrong_container', 'unlabelled', 'delayed', 'lipaemic'] as const;
export type SampleProblem = (typeof SAMPLE_PROBLEMS)[number];
export const sampleProblemSchema = z.enum(SAMPLE_PROBLEMS, say('samples.problem_rule'));

/** a container to draw for a visit (before collection) or drawn (after) */
export const plannedContainerSchema = z.object({
  container: containerCodeSchema,
  container_name: z.string(),
  volume_ml: z.number(),
  tests: z.array(z.string()),
});
export type PlannedContainer = z.infer<typeof plannedContainerSchema>;

export const sampleSchema = plannedContainerSchema.extend({
  accession: z.string(),
  status: sampleStatusSchema,
  collected_at: z.string(),
  received_at: z.string().nullable(),
  /** a rejected container's reason; an accepted one's problem (the report marks its results) */
  reject_reason: sampleProblemSchema.nullable(),
  problem: sampleProblemSchema.nullable(),
  /** when its report is promised (ISO), fixed at receipt; null before */
  expected_at: z.string().nullable(),
});
export type Sample = z.infer<typeof sampleSchema>;

/** a visit's containers: to draw (`planned`, before collection) and drawn (`samples`, with accession numbers) */
export const appointmentSamplesSchema = z.object({
  appointment_id: z.string(),
  planned: z.array(plannedContainerSchema),
  samples: z.array(sampleSchema),
});
export type AppointmentSamples = z.infer<typeof appointmentSamplesSchema>;

/**
 * POST /api/staff/samples/appointments/{id}/collect: when the sample was drawn (the phone's clock, kept
 * while it was offline); unset: now. Sent twice (a phone that lost the answer), it answers the first.
 */
export const collectRequestSchema = z.object({
  collected_at: z.iso.datetime({ offset: true, ...say('validation.date_format') }).optional(),
});
export type CollectRequest = z.infer<typeof collectRequestSchema>;

/**
 * POST /api/staff/samples/receive: the accession number a desk scanner typed; `problem`: accepted with
 * one (a haemolysed sample still tested: the report says its result may be affected)
 */
export const receiveRequestSchema = z.object({ accession: accessionSchema, problem: sampleProblemSchema.optional() });

/** POST /api/staff/samples/reject: the container and why; the patient is told and a new sample is drawn free */
export const rejectRequestSchema = z.object({ accession: accessionSchema, reason: sampleProblemSchema });

export const receivedSampleSchema = sampleSchema.extend({ appointment_id: z.string() });
export type ReceivedSample = z.infer<typeof receivedSampleSchema>;

export const labelFormatSchema = z.enum(['roll', 'a4']);
export const labelsQuerySchema = z.object({ format: labelFormatSchema.default('roll') });

/** a visit's sample labels as PDF bytes (they show the patient's name: read-logged against the visit) */
export const labelsPdfSchema = z.custom<Uint8Array<ArrayBufferLike>>((v) => v instanceof Uint8Array).describe('application/pdf (sample labels)');

/** GET /api/recollections/{token}: the visit whose sample is drawn again, free, and the slot picked (null: not yet) */
export const recollectionSchema = z.object({
  reference: z.string(),
  tests: z.array(z.string()),
  reason: sampleProblemSchema,
  home_sample: z.boolean(),
  date: z.string().nullable(),
  time: z.string().nullable(),
});
export type Recollection = z.infer<typeof recollectionSchema>;

export const recollectionParams = z.object({ token: z.string().max(200) });

/** POST /api/recollections/{token}: the slot the patient picks */
export const recollectionRequestSchema = z.object({ date: isoDate, time: clockTime });
export type RecollectionRequest = z.infer<typeof recollectionRequestSchema>;

/** a container received and waiting for its report, in the turnaround queue (soonest expected first) */
export const turnaroundQueueItemSchema = z.object({
  accession: z.string(),
  appointment_id: z.string(),
  reference: z.string(),
  patient_name: z.string(),
  container: containerCodeSchema,
  container_name: z.string(),
  tests: z.array(z.string()),
  received_at: z.string(),
  expected_at: z.string(),
  /** the expected time has passed (by the server's clock) */
  overdue: z.boolean(),
});
export type TurnaroundQueueItem = z.infer<typeof turnaroundQueueItemSchema>;

/** GET /api/staff/samples/queue: the first containers by expected time; `more`: others wait behind them */
export const turnaroundQueueSchema = z.object({ now: z.string(), items: z.array(turnaroundQueueItemSchema), more: z.boolean() });
export type TurnaroundQueue = z.infer<typeof turnaroundQueueSchema>;
export const turnaroundQueueQuerySchema = z.object({
  limit: z.coerce.number(say('samples.queue_limit_rule')).int(say('samples.queue_limit_rule')).min(1, say('samples.queue_limit_rule')).max(200, say('samples.queue_limit_rule')).default(50),
});

/**
 * GET /api/staff/samples/tat: the turnaround-time report (decision 072) of `weeks` India weeks (Monday to
 * Sunday) ending with the week of `to` (an India date; default today), of one test or all.
 */
export const tatReportQuerySchema = z.object({
  weeks: z.coerce.number(say('samples.tat_weeks_rule')).int(say('samples.tat_weeks_rule')).min(1, say('samples.tat_weeks_rule')).max(52, say('samples.tat_weeks_rule')).default(8),
  to: isoDate.optional(),
  test_id: idText(m('label.test_id')).optional(),
});
export type TatReportQuery = z.input<typeof tatReportQuerySchema>;

/** a test's figures over one week or the whole range: hours are a bucket's upper edge (samples/tat.ts) */
export const tatFiguresSchema = z.object({
  /** tests released (a container's test once, at its visit's first release) */
  released: z.number().int(),
  /** hours from receipt to release; `cap_hours` means that many or more */
  median_hours: z.number(),
  p90_hours: z.number(),
  /** released at or before the expected time fixed at receipt */
  on_time: z.number().int(),
  /** on_time / released, 0 to 1 */
  on_time_share: z.number(),
});
export type TatFigures = z.infer<typeof tatFiguresSchema>;

export const tatReportSchema = z.object({
  /** the Mondays of the weeks reported, oldest first */
  weeks: z.array(z.string()),
  from: z.string(),
  /** the range's last day (a Sunday) */
  to: z.string(),
  /** hours at and above which waits share one bucket */
  cap_hours: z.number(),
  tests: z.array(
    z.object({
      test_id: z.number().int(),
      test_name: z.string(),
      /** weeks with a release only, oldest first */
      weeks: z.array(tatFiguresSchema.extend({ week: z.string() })),
      total: tatFiguresSchema,
    }),
  ),
});
export type TatReport = z.infer<typeof tatReportSchema>;
