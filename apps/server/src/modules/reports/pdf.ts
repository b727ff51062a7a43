// The report as a PDF (pdfkit, in the server; no browser), laid out as ISO 15189:2012 clause 5.8.3 asks
// and Indian accredited labs print it: the lab, the patient (name, age, sex, the booking reference
// people read aloud) on every page, sample and collection/receipt/release times in India time, each
// test's results with units, intervals, bold H/L flags and critical values marked, the method, the
// releasing pathologist, "Page X of Y", "End of report", and a QR code with a short code opening the
// verification page. A test's rows may run on to the next page, never without the test's heading: it is
// repeated there, "(continued)", and a heading never ends a page alone (docs/features.md, "The report").
import { accreditationInForce, formatAbhaNumber, htmlLang, inIndia, isCritical, type Locale, paths, sampleProblemSchema, uniformInterval } from '@lab/contract';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { fitLine, pdfText } from '../../lib/pdf-text.ts';
import { inLanguage } from '../../lib/bilingual.ts';
import { mailWords } from '../messaging/words/index.ts';
import type { ReportSnapshot } from './snapshot.ts';

const MARGIN = 40;
const PAGE = { width: 595.28, height: 841.89 }; // A4 in points
const CONTENT_TOP = 190;
const CONTENT_BOTTOM = PAGE.height - 70;
/** the columns of the results table: where each starts and how wide it is; titles from the words */
const COLS = [
  { x: MARGIN, width: 150 },
  { x: MARGIN + 155, width: 85 },
  { x: MARGIN + 245, width: 55 },
  { x: MARGIN + 305, width: 95 },
  { x: MARGIN + 405, width: 110 },
] as const;
/** a label and its value in the block under the lab's name (patient, booking, times, samples) */
const LABEL_WIDTH = 85;
const VALUE_WIDTH = 170;
/** a test's heading: its name on the left, its sample line on the right */
const TITLE_WIDTH = 370;
const SAMPLE_WIDTH = 135;

/**
 * The accreditation line of every page, only when the lab held it in force on the day the report was
 * released (India time): a lapsed certificate is never claimed, and a report keeps what held when issued.
 */
export function accreditationLine(s: Pick<ReportSnapshot, 'lab' | 'released_at'>, language: Locale = 'en'): string | null {
  const a = s.lab.accreditation ?? null;
  if (!a || !accreditationInForce({ accreditation: a }, inIndia(Date.parse(s.released_at)).date)) return null;
  return mailWords[language].report.accredited(a.body, a.certificate_number, a.valid_until);
}

/** the PDF bytes of a released report version, in the language given (the appointment's, unless asked otherwise) */
export async function renderReport(s: ReportSnapshot, publicUrl: string, language: Locale = 'en'): Promise<Buffer> {
  const w = mailWords[language];
  const r = w.report;
  const when = (iso: string | null) => (iso ? w.dateTime(iso) : r.notRecorded);
  const url = `${publicUrl}${paths.verify(s.verification_code)}`;
  // Reports released before the snapshot kept the reference carry the id only; the server fills it in.
  const reference = s.patient.booking_reference ?? s.patient.booking_id;
  const qr = await QRCode.toBuffer(url, { margin: 1, width: 160, errorCorrectionLevel: 'M' });
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, bufferPages: true, lang: htmlLang[language], info: { Title: r.title(reference), Author: s.lab.name } });
  const t = pdfText(doc, language);
  const accredited = accreditationLine(s, language);
  // the lab's address as it wrote it in Hindi, on a Hindi report (its name is its brand, in Latin letters)
  const address = (language === 'hi' && s.lab.address_hi) || s.lab.address;
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });

  const header = () => {
    doc.fontSize(15).fillColor('#0f766e');
    t.write(s.lab.name, 'bold', MARGIN, MARGIN, { width: 380 });
    doc.fontSize(8.5).fillColor('#333333');
    t.write([...address, `${s.lab.phone} · ${s.lab.email}`].join('\n'), 'regular', MARGIN, MARGIN + 19, { width: 380 });
    doc.image(qr, PAGE.width - MARGIN - 62, MARGIN - 4, { width: 62 });
    doc.fontSize(7);
    t.write(r.verify(s.verification_code), 'regular', PAGE.width - MARGIN - 90, MARGIN + 60, { width: 90, align: 'right' });
    doc.moveTo(MARGIN, 112).lineTo(PAGE.width - MARGIN, 112).strokeColor('#0f766e').lineWidth(1).stroke();

    const left: Array<[string, string]> = [
      [r.patient, s.patient.name],
      [r.ageSex, `${r.age(s.patient.age)} / ${s.patient.sex ? ((r.sex as Record<string, string>)[s.patient.sex] ?? s.patient.sex) : ''}`],
      [r.bookingReference, reference],
      [r.version, s.version > 1 ? r.amendedVersion(s.version) : String(s.version)],
    ];
    // the patient's ABHA when known at release (docs/abdm.md): a fifth line, the block set a little closer
    const abha = [s.patient.abha_number ? formatAbhaNumber(s.patient.abha_number) : null, s.patient.abha_address].filter(Boolean).join(' · ');
    if (abha) left.push([r.abha, abha]);
    const step = left.length > 4 ? 11 : 13;
    const right: Array<[string, string]> = [
      [r.collected, when(s.collected_at)],
      [r.received, when(s.received_at)],
      [r.released, when(s.released_at)],
      [r.sample, [...new Set(s.tests.map((x) => x.sample_type).filter(Boolean))].join(', ')],
    ];
    const block = (rows: Array<[string, string]>, x: number) =>
      rows.forEach(([k, v], n) => {
        doc.fontSize(8.5).fillColor('#000000');
        t.write(`${k}:`, 'bold', x, 120 + n * step, { width: LABEL_WIDTH });
        // One line each, whatever its length: a longer value is set smaller, then cut, so it never runs
        // into the rule and the column titles below the block.
        if (t.widthOf(v, 'regular') > VALUE_WIDTH) doc.fontSize(7.5);
        t.write(fitLine(t, v, 'regular', VALUE_WIDTH), 'regular', x + LABEL_WIDTH, 120 + n * step, { width: VALUE_WIDTH + 10, lineBreak: false });
      });
    block(left, MARGIN);
    block(right, MARGIN + 260);
    doc.moveTo(MARGIN, 176).lineTo(PAGE.width - MARGIN, 176).strokeColor('#999999').lineWidth(0.5).stroke();
    doc.fontSize(8.5);
    COLS.forEach((c, n) => t.write(r.columns[n]!, 'bold', c.x, CONTENT_TOP - 11, { width: c.width }));
  };

  let y = CONTENT_TOP + 4;
  const newPage = () => {
    doc.addPage();
    header();
    y = CONTENT_TOP + 4;
  };
  const ensure = (height: number) => {
    if (y + height > CONTENT_BOTTOM) newPage();
  };
  header();

  if (s.amendment_reason) {
    doc.fontSize(9).fillColor('#b91c1c');
    t.write(r.amended(s.version - 1, s.amendment_reason), 'bold', MARGIN, y, { width: PAGE.width - 2 * MARGIN });
    y = doc.y + 6;
  }

  for (const test of s.tests) {
    const name = inLanguage(language, test.name, test.name_hi);
    const sample = r.sampleOf(test.sample_type);
    // The heading's height: the name (left) or the sample line (right), whichever wraps to more lines,
    // so a long sample type never runs into the rows below it.
    const headingHeight = (title: string) => {
      doc.fontSize(10);
      const left = t.heightOf(title, 'bold', { width: TITLE_WIDTH });
      doc.fontSize(8);
      return Math.max(16, left + 4, t.heightOf(sample, 'regular', { width: SAMPLE_WIDTH }) + 6);
    };
    const heading = (title: string) => {
      const height = headingHeight(title);
      doc.fontSize(10).fillColor('#0f766e');
      t.write(title, 'bold', MARGIN, y, { width: TITLE_WIDTH });
      doc.fontSize(8).fillColor('#555555');
      t.write(sample, 'regular', PAGE.width - MARGIN - SAMPLE_WIDTH, y + 1, { width: SAMPLE_WIDTH, align: 'right' });
      y += height;
    };
    const rows = test.rows.map((row) => {
      const critical = isCritical(row.flag);
      const result = row.flag ? `${row.value} ${row.flag === 'LL' ? 'L' : row.flag === 'HH' ? 'H' : row.flag}${critical ? r.critical : ''}` : row.value;
      const cells = [row.name, result, row.unit, uniformInterval(row.interval), row.method] as const;
      doc.fontSize(8.5);
      const height = Math.max(...COLS.map((c, n) => t.heightOf(cells[n] ?? '', 'regular', { width: c.width }))) + 4;
      return { row, critical, cells, height };
    });
    // The heading and its first row together, or both on the next page.
    if (y + headingHeight(name) + (rows[0]?.height ?? 0) > CONTENT_BOTTOM) newPage();
    heading(name);
    for (const { row, critical, cells, height } of rows) {
      if (y + height > CONTENT_BOTTOM) {
        newPage();
        heading(r.continued(name));
      }
      doc.fontSize(8.5).fillColor('#000000');
      t.write(cells[0], 'regular', COLS[0].x, y, { width: COLS[0].width });
      doc.fillColor(critical ? '#b91c1c' : '#000000');
      t.write(cells[1], row.flag ? 'bold' : 'regular', COLS[1].x, y, { width: COLS[1].width });
      doc.fillColor('#000000');
      t.write(cells[2], 'regular', COLS[2].x, y, { width: COLS[2].width });
      t.write(cells[3], 'regular', COLS[3].x, y, { width: COLS[3].width });
      doc.fillColor('#444444');
      t.write(cells[4], 'regular', COLS[4].x, y, { width: COLS[4].width });
      y += height;
    }
    // a sample accepted with a problem (docs/samples.md): the results drawn from it carry the warning
    const problem = sampleProblemSchema.safeParse(s.specimens?.find((x) => x.problem && x.tests.includes(test.name))?.problem).data;
    if (problem) {
      ensure(14);
      doc.fontSize(8).fillColor('#b45309');
      t.write(r.sampleProblem(problem), 'bold', MARGIN, y + 2, { width: PAGE.width - 2 * MARGIN });
      y = doc.y + 2;
    }
    y += 8;
  }

  ensure(95);
  doc.fontSize(7.5).fillColor('#444444');
  t.write(r.legend(url, s.verification_code), 'regular', MARGIN, y, { width: PAGE.width - 2 * MARGIN });
  y = doc.y + 20;
  doc.fontSize(9).fillColor('#000000');
  t.write(s.pathologist.name, 'bold', MARGIN + 300, y, { width: 215, align: 'right' });
  doc.fontSize(8.5);
  t.write(`${s.pathologist.qualification}\n${r.registration(s.pathologist.registration_no)}\n${r.releasedBy}`, 'regular', MARGIN + 300, doc.y, { width: 215, align: 'right' });
  y = doc.y + 12;
  doc.fontSize(9);
  t.write(r.end, 'bold', MARGIN, y, { width: PAGE.width - 2 * MARGIN, align: 'center' });

  const range = doc.bufferedPageRange();
  for (let n = 0; n < range.count; n++) {
    doc.switchToPage(range.start + n);
    if (accredited) {
      doc.fontSize(8).fillColor('#333333');
      t.write(accredited, 'regular', MARGIN, PAGE.height - 68, { width: PAGE.width - 2 * MARGIN, align: 'center', lineBreak: false, ellipsis: true });
    }
    doc.fontSize(8).fillColor('#555555');
    t.write(r.page(n + 1, range.count), 'regular', MARGIN, PAGE.height - 56, { width: PAGE.width - 2 * MARGIN, align: 'center', lineBreak: false });
    // the referring doctor on every page, at the left of the page number's line (docs/families-and-doctors.md)
    if (s.referred_by) t.write(fitLine(t, r.referredBy(s.referred_by), 'regular', 200), 'regular', MARGIN, PAGE.height - 56, { width: 200, lineBreak: false });
  }
  doc.end();
  await done;
  return Buffer.concat(chunks);
}
