// The report as a PDF (pdfkit, in the server; no browser), laid out as ISO 15189:2012 clause 5.8.3 asks
// and Indian accredited labs print it: the lab, the patient (name, age, sex, booking id) on every
// page, sample and collection/receipt/release times in India time, each test's results with units,
// intervals, bold H/L flags and critical values marked, the method, the releasing pathologist,
// "Page X of Y", "End of report", and a QR code with a short code opening the verification page.
import { accreditationInForce, FLAG_LABELS, formatDayDate, inIndia, isCritical, paths } from '@lab/contract';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { formatIst } from '../../lib/time.ts';
import type { ReportSnapshot } from './service.ts';

const MARGIN = 40;
const PAGE = { width: 595.28, height: 841.89 }; // A4 in points
const CONTENT_TOP = 190;
const CONTENT_BOTTOM = PAGE.height - 70;
const COLS = [
  { title: 'Test / Parameter', x: MARGIN, width: 150 },
  { title: 'Result', x: MARGIN + 155, width: 85 },
  { title: 'Unit', x: MARGIN + 245, width: 55 },
  { title: 'Reference interval', x: MARGIN + 305, width: 95 },
  { title: 'Method', x: MARGIN + 405, width: 110 },
] as const;

const when = (iso: string | null) => (iso ? formatIst(iso) : 'Not recorded');

/**
 * The accreditation line of every page, only when the lab held it in force on the day the report was
 * released (India time): a lapsed certificate is never claimed, and a report keeps what held when issued.
 */
export function accreditationLine(s: Pick<ReportSnapshot, 'lab' | 'released_at'>): string | null {
  const a = s.lab.accreditation ?? null;
  if (!a || !accreditationInForce({ accreditation: a }, inIndia(Date.parse(s.released_at)).date)) return null;
  return `Accredited by ${a.body} · Certificate ${a.certificate_number} · valid until ${formatDayDate(a.valid_until)}`;
}

/** the PDF bytes of a released report version */
export async function renderReport(s: ReportSnapshot, publicUrl: string): Promise<Buffer> {
  const url = `${publicUrl}${paths.verify(s.verification_code)}`;
  const qr = await QRCode.toBuffer(url, { margin: 1, width: 160, errorCorrectionLevel: 'M' });
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, bufferPages: true, info: { Title: `Test report ${s.patient.booking_id}`, Author: s.lab.name } });
  const accredited = accreditationLine(s);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });

  const header = () => {
    doc.font('Helvetica-Bold').fontSize(15).fillColor('#0f766e').text(s.lab.name, MARGIN, MARGIN, { width: 380 });
    doc.font('Helvetica').fontSize(8.5).fillColor('#333333').text([...s.lab.address, `${s.lab.phone} · ${s.lab.email}`].join('\n'), MARGIN, MARGIN + 19, { width: 380 });
    doc.image(qr, PAGE.width - MARGIN - 62, MARGIN - 4, { width: 62 });
    doc.fontSize(7).text(`Verify: ${s.verification_code}`, PAGE.width - MARGIN - 90, MARGIN + 60, { width: 90, align: 'right' });
    doc.moveTo(MARGIN, 112).lineTo(PAGE.width - MARGIN, 112).strokeColor('#0f766e').lineWidth(1).stroke();

    const left: Array<[string, string]> = [
      ['Patient', s.patient.name],
      ['Age / Sex', `${s.patient.age} / ${s.patient.sex ? s.patient.sex[0]!.toUpperCase() + s.patient.sex.slice(1) : ''}`],
      ['Booking ID', s.patient.booking_id],
      ['Report version', s.version > 1 ? `${s.version} (amended)` : String(s.version)],
    ];
    const right: Array<[string, string]> = [
      ['Collected', when(s.collected_at)],
      ['Received', when(s.received_at)],
      ['Released', when(s.released_at)],
      ['Sample', [...new Set(s.tests.map((t) => t.sample_type).filter(Boolean))].join(', ')],
    ];
    const block = (rows: Array<[string, string]>, x: number) =>
      rows.forEach(([k, v], n) => {
        doc.font('Helvetica-Bold').fontSize(8.5).fillColor('#000000').text(`${k}:`, x, 120 + n * 13, { width: 75 });
        doc.font('Helvetica').text(v, x + 75, 120 + n * 13, { width: 180, lineBreak: false, ellipsis: true });
      });
    block(left, MARGIN);
    block(right, MARGIN + 260);
    doc.moveTo(MARGIN, 176).lineTo(PAGE.width - MARGIN, 176).strokeColor('#999999').lineWidth(0.5).stroke();
    doc.font('Helvetica-Bold').fontSize(8.5);
    for (const c of COLS) doc.text(c.title, c.x, CONTENT_TOP - 11, { width: c.width });
  };

  let y = CONTENT_TOP + 4;
  const ensure = (height: number) => {
    if (y + height > CONTENT_BOTTOM) {
      doc.addPage();
      header();
      y = CONTENT_TOP + 4;
    }
  };
  header();

  if (s.amendment_reason) {
    doc.font('Helvetica-Bold').fontSize(9).fillColor('#b91c1c').text(`Amended report (replaces version ${s.version - 1}). Reason: ${s.amendment_reason}`, MARGIN, y, { width: PAGE.width - 2 * MARGIN });
    y = doc.y + 6;
  }

  for (const t of s.tests) {
    ensure(30);
    doc.font('Helvetica-Bold').fontSize(10).fillColor('#0f766e').text(t.name, MARGIN, y, { width: 380 });
    doc.font('Helvetica').fontSize(8).fillColor('#555555').text(`Sample: ${t.sample_type}`, MARGIN + 380, y + 1, { width: 135, align: 'right' });
    y += 16;
    for (const r of t.rows) {
      const critical = isCritical(r.flag);
      const result = r.flag ? `${r.value} ${r.flag === 'LL' ? 'L' : r.flag === 'HH' ? 'H' : r.flag}${critical ? ' (critical)' : ''}` : r.value;
      doc.font('Helvetica').fontSize(8.5);
      const height = Math.max(...COLS.map((c, n) => doc.heightOfString([r.name, result, r.unit, r.interval, r.method][n]!, { width: c.width }))) + 4;
      ensure(height);
      doc.fillColor('#000000').text(r.name, COLS[0].x, y, { width: COLS[0].width });
      doc.font(r.flag ? 'Helvetica-Bold' : 'Helvetica').fillColor(critical ? '#b91c1c' : '#000000').text(result, COLS[1].x, y, { width: COLS[1].width });
      doc.font('Helvetica').fillColor('#000000').text(r.unit, COLS[2].x, y, { width: COLS[2].width });
      doc.text(r.interval, COLS[3].x, y, { width: COLS[3].width });
      doc.fillColor('#444444').text(r.method, COLS[4].x, y, { width: COLS[4].width });
      y += height;
    }
    y += 8;
  }

  ensure(95);
  doc.font('Helvetica').fontSize(7.5).fillColor('#444444').text(
    `Flags: H = ${FLAG_LABELS.H}, L = ${FLAG_LABELS.L}, (critical) = outside critical limits, A = ${FLAG_LABELS.A}. Reference intervals are for the patient's age and sex as recorded. Verify this report at ${url} (code ${s.verification_code}).`,
    MARGIN,
    y,
    { width: PAGE.width - 2 * MARGIN },
  );
  y = doc.y + 20;
  doc.font('Helvetica-Bold').fontSize(9).fillColor('#000000').text(s.pathologist.name, MARGIN + 300, y, { width: 215, align: 'right' });
  doc.font('Helvetica').fontSize(8.5).text(`${s.pathologist.qualification}\nReg. No. ${s.pathologist.registration_no}\nPathologist (released the report)`, MARGIN + 300, doc.y, { width: 215, align: 'right' });
  y = doc.y + 12;
  doc.font('Helvetica-Bold').fontSize(9).text('*** End of report ***', MARGIN, y, { width: PAGE.width - 2 * MARGIN, align: 'center' });

  const range = doc.bufferedPageRange();
  for (let n = 0; n < range.count; n++) {
    doc.switchToPage(range.start + n);
    if (accredited) doc.font('Helvetica').fontSize(8).fillColor('#333333').text(accredited, MARGIN, PAGE.height - 68, { width: PAGE.width - 2 * MARGIN, align: 'center', lineBreak: false, ellipsis: true });
    doc.font('Helvetica').fontSize(8).fillColor('#555555').text(`Page ${n + 1} of ${range.count}`, MARGIN, PAGE.height - 56, { width: PAGE.width - 2 * MARGIN, align: 'center', lineBreak: false });
  }
  doc.end();
  await done;
  return Buffer.concat(chunks);
}
