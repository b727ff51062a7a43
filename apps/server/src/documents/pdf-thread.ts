// The PDFs patients download (reports, receipts), laid out in a worker thread (pdf-worker.ts): pdfkit
// with shaped Devanagari takes hundreds of milliseconds of CPU for a Hindi page, which must not hold the
// event loop. One thread, kept warm, so its font and shaping caches serve every document after the first.
import type { Bill, LabDetails, Locale, StaffPayment } from '@lab/contract';
import { workerThread } from '../lib/thread.ts';
import type { ReportSnapshot } from '../modules/reports/service.ts';

export type PdfJob =
  | { kind: 'report'; snapshot: ReportSnapshot; publicUrl: string; language: Locale }
  | { kind: 'receipt'; bill: Bill; payments: readonly StaffPayment[]; lab: LabDetails; language: Locale };

let thread: ReturnType<typeof workerThread<PdfJob, Uint8Array>> | undefined;

/** the PDF of the job, rendered off the event loop */
export async function renderPdf(job: PdfJob): Promise<Buffer> {
  thread ??= workerThread<PdfJob, Uint8Array>({ js: new URL('./pdf-worker.js', import.meta.url), ts: new URL('./pdf-worker.ts', import.meta.url) });
  const bytes = await thread.call(job);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
