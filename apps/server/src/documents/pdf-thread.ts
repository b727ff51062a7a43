// The PDFs patients download (reports, receipts), laid out in a worker thread (pdf-worker.ts): pdfkit
// with shaped Devanagari takes hundreds of milliseconds of CPU for a Hindi page, which must not hold the
// event loop. One thread, kept warm, so its font and shaping caches serve every document after the first;
// it runs as background work (decision 043), so requests go first when both want a core. The work
// waiting for it is bounded (pdf-queue.ts, decision 047): a full queue answers 503 at once.
import type { Bill, LabDetails, Locale, StaffPayment } from '@lab/contract';
import { workerThread } from '../lib/thread.ts';
import type { ReportSnapshot } from '../modules/reports/snapshot.ts';
import { BoundedQueue } from './pdf-queue.ts';

export type PdfJob =
  | { kind: 'report'; snapshot: ReportSnapshot; publicUrl: string; language: Locale }
  | { kind: 'receipt'; bill: Bill; payments: readonly StaffPayment[]; lab: LabDetails; language: Locale };

/** documents drawn or waiting at once in this process: about eight seconds of Hindi reports */
export const PDF_QUEUE_MAX = 8;

/** the one queue of this process's PDF thread */
export const pdfQueue = new BoundedQueue(PDF_QUEUE_MAX);

let thread: ReturnType<typeof workerThread<PdfJob, Uint8Array>> | undefined;

/** the PDF of the job, rendered off the event loop; a 503 (Retry-After) when the queue is full */
export async function renderPdf(job: PdfJob): Promise<Buffer> {
  thread ??= workerThread<PdfJob, Uint8Array>({ js: new URL('./pdf-worker.js', import.meta.url), ts: new URL('./pdf-worker.ts', import.meta.url) });
  const t = thread;
  const bytes = await pdfQueue.run(() => t.call(job));
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
