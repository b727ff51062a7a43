// Analysers (docs/analysers.md): the instruments that send results over HL7 v2/MLLP, what each one's
// test codes mean in the catalogue (kept by staff; an unknown code is listed, never guessed), and every
// message in and out with its acknowledgement. Staff-only: the console's words are English.
import { z } from 'zod';
import { text } from './common.ts';
import { accessionSchema } from './samples.ts';

/** an analyser's name as configured (ANALYSERS): also its path segment */
export const analyserNameSchema = z
  .string()
  .trim()
  .min(1, 'Give the analyser’s name.')
  .max(40, 'An analyser’s name is at most 40 characters.')
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'An analyser’s name is letters, digits and . _ - only.');

export const analyserParams = z.object({ name: analyserNameSchema });
export const analyserCodeParams = z.object({
  name: analyserNameSchema,
  code: text(60, 'code').pipe(z.string().min(1, 'Give the code.')),
});

export const analyserCodeStateSchema = z.enum(['unmapped', 'mapped', 'ignored']);

export const analyserCodeSchema = z.object({
  code: z.string(),
  /** OBX-3's text as the analyser first sent it */
  code_text: z.string(),
  state: analyserCodeStateSchema,
  parameter_id: z.number().int().nullable(),
  /** the parameter it maps to, as staff read it: "Complete Blood Count · Haemoglobin (g/dL)" */
  parameter_label: z.string().nullable(),
  /** the analyser's unit the factor converts from, and the factor to the catalogue's unit */
  unit: z.string().nullable(),
  factor: z.number().nullable(),
  first_seen_at: z.string(),
  updated_at: z.string(),
});
export type AnalyserCode = z.infer<typeof analyserCodeSchema>;

export const analyserSchema = z.object({
  name: z.string(),
  /** the addresses it may connect from */
  addresses: z.array(z.string()),
  /** codes seen and not yet mapped or ignored: its results wait for them */
  unmapped: z.number().int(),
  last_message_at: z.string().nullable(),
  last_ack_code: z.string().nullable(),
  /** where its orders go when a container is received (ANALYSERS "…>ORM@host:port"); null: orders off */
  orders: z.object({ type: z.enum(['ORM^O01', 'OML^O21']), host: z.string(), port: z.number().int() }).nullable(),
  /** its orders that failed for good in the last 90 days (refused, or unanswered after every retry) */
  failed_orders: z.number().int(),
});
export type Analyser = z.infer<typeof analyserSchema>;

export const analyserListSchema = z.object({
  /** the port the listener takes messages on; null: no listener configured (ANALYSER_PORT) */
  port: z.number().int().nullable(),
  analysers: z.array(analyserSchema),
});
export type AnalyserList = z.infer<typeof analyserListSchema>;

export const analyserCodeListSchema = z.object({ analyser: z.string(), codes: z.array(analyserCodeSchema) });
export type AnalyserCodeList = z.infer<typeof analyserCodeListSchema>;

/** staff's decision on a code: map it to a parameter (with a factor when the units differ), ignore it, or leave it waiting */
export const analyserCodeRequestSchema = z
  .object({
    state: analyserCodeStateSchema,
    parameter_id: z.number({ error: 'Choose the parameter this code reports.' }).int().min(1).max(2_147_483_647).nullable().optional(),
    unit: text(30, 'unit').nullable().optional(),
    factor: z.number({ error: 'The factor is a number.' }).positive('The factor is above 0.').max(1_000_000, 'The factor is at most 1,000,000.').nullable().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.state === 'mapped' && !v.parameter_id) ctx.addIssue({ code: 'custom', path: ['parameter_id'], message: 'Choose the parameter this code reports.' });
    if ((v.factor ?? null) !== null && !v.unit) ctx.addIssue({ code: 'custom', path: ['unit'], message: 'Name the analyser’s unit the factor converts from.' });
  });
export type AnalyserCodeRequest = z.infer<typeof analyserCodeRequestSchema>;

export const analyserMessageSchema = z.object({
  id: z.number().int(),
  analyser: z.string(),
  direction: z.enum(['in', 'out']),
  message_type: z.string().nullable(),
  control_id: z.string().nullable(),
  accession: z.string().nullable(),
  /** the visit of the container it named, once found */
  appointment_id: z.string().nullable(),
  /** the message as it travelled, segments on lines */
  raw: z.string(),
  ack_code: z.string().nullable(),
  ack_text: z.string().nullable(),
  /** the acknowledgement as sent (null on the analyser's own ACKs) */
  ack_raw: z.string().nullable(),
  created_at: z.string(),
});
export type AnalyserMessage = z.infer<typeof analyserMessageSchema>;

export const analyserMessageListSchema = z.object({ messages: z.array(analyserMessageSchema), next_before: z.number().int().nullable() });
export type AnalyserMessageList = z.infer<typeof analyserMessageListSchema>;

export const analyserMessagesQuerySchema = z.object({
  before: z.coerce.number({ error: 'before is a message id.' }).int('before is a message id.').min(1).max(2_147_483_647, 'before is a message id.').optional(),
});

/** the parameters a code may map to, found by a word of the test's or the parameter's name */
export const analyserParameterQuerySchema = z.object({ q: text(60, 'search').pipe(z.string().min(2, 'Type at least 2 letters.')) });
export const analyserParameterListSchema = z.object({
  parameters: z.array(z.object({ id: z.number().int(), test_name: z.string(), name: z.string(), unit: z.string(), result_type: z.string() })),
});
export type AnalyserParameterList = z.infer<typeof analyserParameterListSchema>;

export const sampleMessagesParams = z.object({ accession: accessionSchema });
