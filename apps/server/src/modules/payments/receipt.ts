// The receipt of a paid bill as a PDF, with the library the report uses (pdfkit, on the server): the
// lab, the invoice number, the patient, what was billed, and every payment and refund with its mode,
// reference and time (India), so the patient and an accountant read the same figures as the bill.
import { type Bill, htmlLang, type LabDetails, type Locale, type StaffPayment } from '@lab/contract';
import PDFDocument from 'pdfkit';
import { pdfText } from '../../lib/pdf-text.ts';
import { mailWords } from '../messaging/words/index.ts';

const MARGIN = 48;
const WIDTH = 595.28 - 2 * MARGIN; // A4

const rs = (rupees: number) => `Rs ${rupees.toFixed(2)}`;

export async function renderReceipt(bill: Bill, payments: readonly StaffPayment[], lab: LabDetails, language: Locale = 'en'): Promise<Buffer> {
  const w = mailWords[language];
  const r = w.receipt;
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, lang: htmlLang[language], info: { Title: r.title(bill.invoice_no), Author: lab.name } });
  const t = pdfText(doc, language);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });

  doc.fontSize(15).fillColor('#0f766e');
  t.write(lab.name, 'bold');
  doc.fontSize(9).fillColor('#333333');
  t.write([...lab.address_lines, [lab.phones[0], lab.email].filter(Boolean).join(' · ')].join('\n'), 'regular');
  doc.moveDown().fontSize(13).fillColor('#000000');
  t.write(r.heading, 'bold');
  doc.fontSize(10);
  const line = (k: string, v: string) => {
    t.write(`${k}: `, 'bold', undefined, undefined, { continued: true });
    t.write(v, 'regular');
  };
  line(r.invoice, bill.invoice_no);
  if (bill.kind === 'appointment') line(w.booking.reference, bill.reference);
  line(w.report.patient, bill.patient_name);
  line(r.billedOn, w.dateTime(bill.generated_at));

  doc.moveDown();
  t.write(r.billed, 'bold');
  // The bill's own lines (modules/billing/lines.ts), so the PDF adds up as the bill does.
  for (const l of bill.lines) {
    t.write(`${r.billLine(l.kind, l.name)}  ${l.amount < 0 ? '- ' : ''}${rs(Math.abs(l.amount))}`, 'regular', undefined, undefined, { width: WIDTH });
    if (l.includes.length > 0) t.write(r.included(l.includes.join(', ')), 'regular', undefined, undefined, { width: WIDTH });
  }
  line(w.booking.total, rs(bill.total_price));

  doc.moveDown();
  t.write(r.payments, 'bold');
  for (const p of payments.filter((x) => x.status === 'confirmed')) {
    t.write(r.payment(p.kind === 'refund', rs(p.amount), r.modes[p.mode], p.reference, p.received_at ? w.dateTime(p.received_at) : ''), 'regular', undefined, undefined, { width: WIDTH });
  }
  line(r.paid, rs(bill.amount_paid));
  line(r.status, bill.payment_status === 'paid' ? r.statusPaid : bill.payment_status);
  doc.moveDown().fontSize(8).fillColor('#555555');
  t.write(r.computerMade, 'regular');
  doc.end();
  await done;
  return Buffer.concat(chunks);
}
