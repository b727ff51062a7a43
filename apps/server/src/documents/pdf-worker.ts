// The PDF thread: renders each report or receipt it is handed (see pdf-thread.ts) and answers its bytes.
import { serveThread } from '../lib/thread.ts';
import { renderReceipt } from '../modules/payments/receipt.ts';
import { renderReport } from '../modules/reports/pdf.ts';
import type { PdfJob } from './pdf-thread.ts';

serveThread(
  async (job: PdfJob): Promise<Uint8Array> =>
    job.kind === 'report' ? renderReport(job.snapshot, job.publicUrl, job.language) : renderReceipt(job.bill, job.payments, job.lab, job.language),
);
