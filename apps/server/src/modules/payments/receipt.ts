// The receipt of a paid bill as a PDF, with the library the report uses (pdfkit, on the server): the
// lab, the invoice number, the patient, what was billed, and every payment and refund with its mode,
// reference and time (India), so the patient and an accountant read the same figures as the bill.
import { type Bill, type LabDetails, paymentModeLabels, type StaffPayment } from '@lab/contract';
import PDFDocument from 'pdfkit';
import { formatIst } from '../../lib/time.ts';

const MARGIN = 48;
const WIDTH = 595.28 - 2 * MARGIN; // A4

const rs = (rupees: number) => `Rs ${rupees.toFixed(2)}`;

export async function renderReceipt(bill: Bill, payments: readonly StaffPayment[], lab: LabDetails): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, info: { Title: `Receipt ${bill.invoice_no}`, Author: lab.name } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });

  doc.font('Helvetica-Bold').fontSize(15).fillColor('#0f766e').text(lab.name);
  doc.font('Helvetica').fontSize(9).fillColor('#333333').text([...lab.address_lines, [lab.phones[0], lab.email].filter(Boolean).join(' · ')].join('\n'));
  doc.moveDown().font('Helvetica-Bold').fontSize(13).fillColor('#000000').text('Payment receipt');
  doc.font('Helvetica').fontSize(10);
  const line = (k: string, v: string) => doc.font('Helvetica-Bold').text(`${k}: `, { continued: true }).font('Helvetica').text(v);
  line('Invoice number', bill.invoice_no);
  if (bill.kind === 'appointment') line('Booking reference', bill.reference);
  line('Patient', bill.patient_name);
  line('Billed on', formatIst(bill.generated_at));

  doc.moveDown().font('Helvetica-Bold').text('Billed');
  doc.font('Helvetica');
  for (const t of bill.tests) doc.text(`${t.name}  ${rs(t.price)}`, { width: WIDTH });
  if (bill.package_name) doc.text(`Priced as the package ${bill.package_name}`);
  line('Total', rs(bill.total_price));

  doc.moveDown().font('Helvetica-Bold').text('Payments');
  doc.font('Helvetica');
  for (const p of payments.filter((x) => x.status === 'confirmed')) {
    const what = p.kind === 'refund' ? 'Refund' : 'Received';
    const ref = p.reference ? `, ref. ${p.reference}` : '';
    doc.text(`${what} ${rs(p.amount)} by ${paymentModeLabels[p.mode]}${ref}, ${p.received_at ? formatIst(p.received_at) : ''}`, { width: WIDTH });
  }
  line('Amount paid', rs(bill.amount_paid));
  line('Status', bill.payment_status === 'paid' ? 'Paid' : bill.payment_status);
  doc.moveDown().fontSize(8).fillColor('#555555').text('A computer-generated receipt; no signature is needed.');
  doc.end();
  await done;
  return Buffer.concat(chunks);
}
