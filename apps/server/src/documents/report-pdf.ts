// The PDFs patients download, made so a flood of downloads cannot stall the lab (docs/decisions/047):
// - a released report version never changes, so its PDF is drawn once per language and kept in the
//   database (report_pdfs, migration 035); every later download, by any process, is a read;
// - downloads of one version that arrive while it is being drawn wait for that one drawing;
// - each drawing (a report not yet kept, or a receipt, which changes with its payments and is not kept)
//   counts against the client address's budget (429 with Retry-After past it), and waits in the PDF
//   thread's bounded queue (503 with Retry-After when it is full);
// - downloads of any kind count against a wider budget of the address, so a client that floods even
//   kept PDFs is soon answered a cheap 429 instead of taking the server's time from other patients.
import { type Locale, m } from '@lab/contract';
import type { Deps } from '../lib/context.ts';
import { HttpError } from '../lib/errors.ts';
import { tooMany } from '../lib/rate-limit.ts';
import type { ReportSnapshot } from '../modules/reports/snapshot.ts';
import { renderPdf } from './pdf-thread.ts';

/** PDFs one address may have drawn in the window: a family's reports in both languages, a desk's receipts */
export const PDF_RENDER_LIMIT = { name: 'pdf-render', max: 20, windowMs: 10 * 60_000 };
/** PDF downloads one address may make in the window, drawn or kept: far above any person's, or a clinic's */
export const PDF_DOWNLOAD_LIMIT = { name: 'pdf-download', max: 60, windowMs: 60_000 };
export const TOO_MANY_PDFS = m('documents.too_many');

type PdfDeps = Pick<Deps, 'db' | 'config' | 'counters'>;

/** counts one download against the address's budget (reports and receipts, kept or drawn); 429 past it */
export async function countDownload(deps: PdfDeps, address: string): Promise<void> {
  if (!deps.config.rateLimits) return;
  const { count, resetMs } = await deps.counters.add(`${PDF_DOWNLOAD_LIMIT.name}:${address}`, PDF_DOWNLOAD_LIMIT.windowMs);
  if (count > PDF_DOWNLOAD_LIMIT.max) throw tooMany(TOO_MANY_PDFS, resetMs);
}

/**
 * Runs `draw` as one drawing of the address's budget: a 429 past the budget; a drawing that came to
 * nothing (the full queue's 503 among them) is given back.
 */
export async function withinRenderBudget<T>(deps: PdfDeps, address: string, draw: () => Promise<T>): Promise<T> {
  if (!deps.config.rateLimits) return draw();
  const key = `${PDF_RENDER_LIMIT.name}:${address}`;
  const { count, resetMs } = await deps.counters.add(key, PDF_RENDER_LIMIT.windowMs);
  if (count > PDF_RENDER_LIMIT.max) throw tooMany(TOO_MANY_PDFS, resetMs);
  try {
    return await draw();
  } catch (err) {
    await deps.counters.add(key, PDF_RENDER_LIMIT.windowMs, -1);
    throw err;
  }
}

export interface ReportPdf {
  pdf: Buffer;
  /** the booking reference people read ("LC-7K4M-Q2"), for the file's name */
  reference: string;
  version: number;
}

/** drawings in progress in this process, by report row and language */
const drawing = new Map<string, Promise<Buffer>>();

/**
 * The PDF of the appointment's current released report in `language`: kept bytes when there are, else
 * drawn (once, however many ask at the same time) and kept. null when there is no released report.
 */
export async function reportPdf(deps: PdfDeps, address: string, appointmentId: string, language: Locale): Promise<ReportPdf | null> {
  const { db } = deps;
  const row = await db
    .selectFrom('reports as r')
    .innerJoin('appointments as a', 'a.id', 'r.appointment_id')
    .leftJoin('report_pdfs as p', (join) => join.onRef('p.report_id', '=', 'r.id').on('p.language', '=', language))
    .select(['r.id', 'r.version', 'a.reference', 'p.pdf'])
    .where('r.appointment_id', '=', appointmentId)
    .where('r.status', '=', 'released')
    .orderBy('r.version', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return null;
  const found = { reference: row.reference, version: row.version };
  if (row.pdf) return { pdf: Buffer.from(row.pdf), ...found };

  const key = `${row.id}:${language}`;
  const joined = drawing.get(key);
  if (joined) {
    try {
      return { pdf: await joined, ...found };
    } catch (err) {
      // The address that started the drawing was over its budget: that is its refusal, not this reader's.
      if (!(err instanceof HttpError && err.statusCode === 429)) throw err;
    }
  }
  const pdf = withinRenderBudget(deps, address, async () => {
    const { snapshot_json } = await db.selectFrom('reports').select('snapshot_json').where('id', '=', row.id).executeTakeFirstOrThrow();
    // Reports released before the snapshot kept the reference print the appointment's, read here.
    const kept = JSON.parse(snapshot_json) as ReportSnapshot;
    const snapshot: ReportSnapshot = { ...kept, patient: { ...kept.patient, booking_reference: kept.patient.booking_reference ?? row.reference } };
    const bytes = await renderPdf({ kind: 'report', snapshot, publicUrl: deps.config.publicUrl, language });
    await keep(deps, row.id, language, bytes);
    return bytes;
  });
  drawing.set(key, pdf);
  try {
    return { pdf: await pdf, ...found };
  } finally {
    if (drawing.get(key) === pdf) drawing.delete(key);
  }
}

/**
 * The PDF of one version (any, superseded ones too) for staff, in English: kept bytes when there are,
 * else drawn on the PDF thread (its bounded queue; staff are not counted per address) and kept.
 */
export async function versionPdf(deps: PdfDeps, appointmentId: string, version: number, snapshot: ReportSnapshot): Promise<Buffer> {
  const language: Locale = 'en';
  const row = await deps.db
    .selectFrom('reports as r')
    .innerJoin('appointments as a', 'a.id', 'r.appointment_id')
    .leftJoin('report_pdfs as p', (join) => join.onRef('p.report_id', '=', 'r.id').on('p.language', '=', language))
    .select(['r.id', 'a.reference', 'p.pdf'])
    .where('r.appointment_id', '=', appointmentId)
    .where('r.version', '=', version)
    .executeTakeFirstOrThrow();
  if (row.pdf) return Buffer.from(row.pdf);
  const filled: ReportSnapshot = { ...snapshot, patient: { ...snapshot.patient, booking_reference: snapshot.patient.booking_reference ?? row.reference } };
  const pdf = await renderPdf({ kind: 'report', snapshot: filled, publicUrl: deps.config.publicUrl, language });
  await keep(deps, row.id, language, pdf);
  return pdf;
}

/**
 * Keeps a drawn version. A twin drawn by another process at the same moment is the same document (the
 * first one stays); a report erased while it was drawn is not kept (its foreign key refuses the row).
 */
async function keep(deps: PdfDeps, reportId: number, language: Locale, pdf: Buffer): Promise<void> {
  try {
    await deps.db
      .insertInto('report_pdfs')
      .values({ report_id: reportId, language, pdf, created_at: new Date().toISOString() })
      .onConflict((oc) => oc.columns(['report_id', 'language']).doNothing())
      .execute();
  } catch {
    // the report went meanwhile: this download still gets what it asked for, nothing is kept
  }
}

/** forgets the kept PDFs of these appointments' reports (erasure and retention, in their transaction) */
export async function forgetReportPdfs(trx: PdfDeps['db'], appointmentIds: readonly string[]): Promise<void> {
  if (appointmentIds.length === 0) return;
  await trx
    .deleteFrom('report_pdfs')
    .where('report_id', 'in', (qb) => qb.selectFrom('reports').select('id').where('appointment_id', 'in', [...appointmentIds]))
    .execute();
}
