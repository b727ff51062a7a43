// The PDF thread: renders each report or receipt it is handed (see pdf-thread.ts) and answers its bytes.
// Background work (decision 043): under contention the request thread gets the core first.
import { runInBackground, serveThread } from '../lib/thread.ts';
import { renderReceipt } from '../modules/payments/receipt.ts';
import { renderReport } from '../modules/reports/pdf.ts';
import type { PdfJob } from './pdf-thread.ts';

runInBackground();
serveThread(
  async (job: PdfJob): Promise<Uint8Array> =>
    job.kind === 'report' ? renderReport(job.snapshot, job.publicUrl, job.language) : renderReceipt(job.bill, job.payments, job.lab, job.language),
);
