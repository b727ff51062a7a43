// Sample labels as a PDF (pdfkit): one 50 × 25 mm label per page for a roll printer, or the same labels
// on an A4 sheet (4 × 11). Each carries the accession number as a Code 128 barcode (bars from bwip-js,
// drawn as vector rectangles so every printer resolution keeps them sharp) and as text, the patient's
// name with age and sex (or date of birth), the booking reference (a second identifier), the container
// and the collection date and time in India time (docs/samples.md, "Labels").
import { accessionBarcode, CONTAINER_NAMES, type ContainerCode, inIndia } from '@lab/contract';
import bwipjs from 'bwip-js/node';
import PDFDocument from 'pdfkit';
import { fitLine, pdfText } from '../../lib/pdf-text.ts';

const MM = 72 / 25.4;
export const LABEL = { width: 50 * MM, height: 25 * MM };
/** A4 sheet: 4 columns × 11 rows of 50 × 25 mm, 5 mm side and 11 mm top margins */
const SHEET = { columns: 4, rows: 11, left: 5 * MM, top: 11 * MM };
/** a narrow bar: 0.375 mm, three dots of a 203 dpi thermal printer; the symbol leaves over 3.75 mm (ten bars) quiet on each side */
const MODULE = 0.375 * MM;

export interface LabelData {
  accession: string;
  patient_name: string;
  /** "34 Y / F" or "DOB 1990-02-11 / F"; empty when the desk has not recorded them yet */
  patient_line: string;
  reference: string;
  container: ContainerCode;
  collected_at: string;
}

/** the bar and space widths (in modules) of the Code 128 symbol of `text` */
export function code128Widths(text: string): number[] {
  const [symbol] = bwipjs.raw({ bcid: 'code128', text }) as Array<{ sbs: number[] }>;
  return symbol!.sbs;
}

function drawLabel(doc: PDFKit.PDFDocument, t: ReturnType<typeof pdfText>, label: LabelData, x: number, y: number): void {
  const inner = LABEL.width - 4 * MM;
  const left = x + 2 * MM;
  doc.fillColor('#000000').fontSize(7);
  t.write(fitLine(t, label.patient_name, 'bold', inner), 'bold', left, y + 1.5 * MM, { lineBreak: false });
  doc.fontSize(6);
  t.write(fitLine(t, [label.patient_line, label.reference].filter(Boolean).join('  ·  '), 'regular', inner), 'regular', left, y + 4.6 * MM, { lineBreak: false });

  const widths = code128Widths(accessionBarcode(label.accession));
  const total = widths.reduce((a, b) => a + b, 0) * MODULE;
  let bx = x + (LABEL.width - total) / 2;
  const by = y + 7.3 * MM;
  const height = 9 * MM;
  widths.forEach((w, i) => {
    if (i % 2 === 0) doc.rect(bx, by, w * MODULE, height).fill('#000000');
    bx += w * MODULE;
  });

  doc.fontSize(8);
  t.write(label.accession, 'bold', left, y + 17 * MM, { lineBreak: false });
  doc.fontSize(6);
  const container = CONTAINER_NAMES[label.container];
  t.write(fitLine(t, container, 'regular', inner / 2), 'regular', x + LABEL.width / 2, y + 17.4 * MM, { width: inner / 2, align: 'right', lineBreak: false });
  const at = inIndia(Date.parse(label.collected_at));
  t.write(`Collected ${at.date} ${at.time} IST`, 'regular', left, y + 21 * MM, { lineBreak: false });
}

/** the PDF bytes of `labels`: one per page of a 50 × 25 mm roll, or 44 to an A4 sheet */
export async function renderLabels(labels: readonly LabelData[], format: 'roll' | 'a4'): Promise<Buffer> {
  const roll = format === 'roll';
  const doc = new PDFDocument({ size: roll ? [LABEL.width, LABEL.height] : 'A4', margin: 0, autoFirstPage: false, info: { Title: 'Sample labels' } });
  const devanagari = labels.some((l) => /[\u0900-\u097f]/.test(l.patient_name));
  const t = pdfText(doc, devanagari ? 'hi' : 'en');
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  const perSheet = SHEET.columns * SHEET.rows;
  labels.forEach((label, i) => {
    if (roll) {
      doc.addPage();
      drawLabel(doc, t, label, 0, 0);
      return;
    }
    const cell = i % perSheet;
    if (cell === 0) doc.addPage();
    drawLabel(doc, t, label, SHEET.left + (cell % SHEET.columns) * LABEL.width, SHEET.top + Math.floor(cell / SHEET.columns) * LABEL.height);
  });
  if (labels.length === 0) doc.addPage();
  doc.end();
  await done;
  return Buffer.concat(chunks);
}
