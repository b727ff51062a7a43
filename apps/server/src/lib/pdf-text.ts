// Text in the PDFs (reports, receipts) in either language. English keeps pdfkit's built-in Helvetica,
// as before. Hindi embeds Noto Sans Devanagari from @fontsource/noto-sans-devanagari (read from
// node_modules, nothing fetched at run time); pdfkit subsets each embedded font to the glyphs used and
// shapes it with fontkit (conjuncts, the i-matra before its consonant, reph). Fontsource splits the
// family by script, so a line that mixes Devanagari with Latin (names, codes, units, numbers) is
// written as runs, each in the file that has its glyphs: same family, same metrics, one baseline.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Locale } from '@lab/contract';

export type Weight = 'regular' | 'bold';
type Doc = PDFKit.PDFDocument;
type Options = PDFKit.Mixins.TextOptions;

const FACES = {
  deva: { regular: 'devanagari-400', bold: 'devanagari-700' },
  latin: { regular: 'latin-400', bold: 'latin-700' },
} as const;

let files: Map<string, Buffer> | undefined;
/** the four font files, read once, on the first Hindi document */
function fontFiles(): Map<string, Buffer> {
  if (!files) {
    const resolve = createRequire(import.meta.url).resolve;
    files = new Map();
    for (const script of Object.values(FACES)) {
      for (const face of Object.values(script)) files.set(face, readFileSync(resolve(`@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-${face}-normal.woff`)));
    }
  }
  return files;
}

/** Devanagari letters and signs, joiners, and the spaces between Devanagari words (kept in one shaped run) */
const DEVANAGARI = String.raw`(?:\p{Script_Extensions=Devanagari}|\u200C|\u200D|\u20B9)+`;
const DEVANAGARI_RUN = new RegExp(`${DEVANAGARI}(?:\\s+${DEVANAGARI})*`, 'gu');

/** the text cut into runs of Devanagari and of everything else, in order */
export function scriptRuns(text: string): Array<{ text: string; devanagari: boolean }> {
  const runs: Array<{ text: string; devanagari: boolean }> = [];
  let at = 0;
  for (const m of text.matchAll(DEVANAGARI_RUN)) {
    if (m.index > at) runs.push({ text: text.slice(at, m.index), devanagari: false });
    runs.push({ text: m[0], devanagari: true });
    at = m.index + m[0].length;
  }
  if (at < text.length || runs.length === 0) runs.push({ text: text.slice(at), devanagari: false });
  return runs;
}

/** pdfkit reads an absent x as its options (a default of {}), so a text without a place passes options alone */
function place(doc: Doc, text: string, x: number | undefined, y: number | undefined, options: Options | undefined): void {
  if (x === undefined && y === undefined) doc.text(text, options);
  else doc.text(text, x, y, options);
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * `text` cut to fit `width` on one line at the current size, ending in an ellipsis when it was cut
 * (pdfkit's own `lineBreak: false` still wraps a long line, which then runs into what is below).
 */
export function fitLine(t: Pick<PdfText, 'widthOf'>, text: string, weight: Weight, width: number): string {
  if (t.widthOf(text, weight) <= width) return text;
  // whole letters (a Devanagari syllable with its signs is one), never half of one
  const chars = [...graphemes.segment(text)].map((g) => g.segment);
  let low = 0;
  let high = chars.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (t.widthOf(`${chars.slice(0, mid).join('').trimEnd()}…`, weight) <= width) low = mid;
    else high = mid - 1;
  }
  return `${chars.slice(0, low).join('').trimEnd()}…`;
}

export interface PdfText {
  /** writes `text` at (x, y), or after the last text when they are left out, in the face given */
  write(text: string, weight: Weight, x?: number, y?: number, options?: Options): void;
  /** the height `text` takes at the current size, for laying out table rows */
  heightOf(text: string, weight: Weight, options?: Options): number;
  /** the width `text` takes on one line at the current size */
  widthOf(text: string, weight: Weight): number;
  /** selects the face for pdfkit calls made directly (lines of one script) */
  face(weight: Weight, devanagari?: boolean): void;
}

export function pdfText(doc: Doc, language: Locale): PdfText {
  if (language === 'en') {
    const face = (weight: Weight) => void doc.font(weight === 'bold' ? 'Helvetica-Bold' : 'Helvetica');
    return {
      face,
      write: (text, weight, x, y, options) => {
        face(weight);
        place(doc, text, x, y, options);
      },
      heightOf: (text, weight, options) => {
        face(weight);
        return doc.heightOfString(text, options);
      },
      widthOf: (text, weight) => {
        face(weight);
        return doc.widthOfString(text);
      },
    };
  }
  for (const [face, bytes] of fontFiles()) doc.registerFont(face, bytes);
  const face = (weight: Weight, devanagari = false) => void doc.font(FACES[devanagari ? 'deva' : 'latin'][weight]);
  return {
    face,
    write(text, weight, x, y, options = {}) {
      const runs = scriptRuns(text);
      runs.forEach((run, n) => {
        face(weight, run.devanagari);
        const continued = n < runs.length - 1;
        if (n === 0) place(doc, run.text, x, y, { ...options, continued });
        else doc.text(run.text, { ...options, continued });
      });
    },
    heightOf(text, weight, options) {
      face(weight, scriptRuns(text).some((r) => r.devanagari));
      return doc.heightOfString(text, options);
    },
    widthOf(text, weight) {
      return scriptRuns(text).reduce((sum, run) => {
        face(weight, run.devanagari);
        return sum + doc.widthOfString(run.text);
      }, 0);
    },
  };
}
