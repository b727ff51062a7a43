// The layout of the report PDF, in English and Hindi, read back as text (pdf-parse, page by page): a
// test's rows may run on to the next page but never without the test's heading (repeated there,
// "(continued)"), a heading never ends a page alone, the block under the lab's name keeps each value on
// its line (a long sample list never runs into the rule and the column titles), and every reference
// interval is written one way, whoever wrote it.
import type { Locale } from '@lab/contract';
import { uniformInterval } from '@lab/contract';
import { PDFParse } from 'pdf-parse';
import { describe, expect, it } from 'vitest';
import { renderReport } from '../src/modules/reports/pdf.ts';
import type { ReportSnapshot } from '../src/modules/reports/snapshot.ts';

const SAMPLES = ['Urine (random, midstream)', 'Whole blood (EDTA)', 'Serum', 'Plasma (fluoride)'];

/** tests of the sizes given; row k of test "Tn" is named "Tn row k" */
function snapshot(sizes: number[]): ReportSnapshot {
  return {
    lab: { name: 'Lab Centre Diagnostics', address: ['MI Road', 'Jaipur 302001'], phone: '+91 141 236 7890', email: 'info@lab.example' },
    patient: { name: 'Ravi Kumar Verma', age: '45 years', sex: 'male', booking_id: 'x'.repeat(25), booking_reference: 'LC-2MUR-JB' },
    collected_at: '2026-11-23T04:30:00.000Z',
    received_at: '2026-11-23T04:30:00.000Z',
    released_at: '2026-11-23T09:15:00.000Z',
    version: 1,
    verification_code: 'ABCD2345',
    amendment_reason: null,
    pathologist: { name: 'Kavita Menon', qualification: 'MD (Pathology)', registration_no: 'RMC-20931' },
    tests: sizes.map((size, n) => ({
      name: `T${n + 1}`,
      sample_type: SAMPLES[n % SAMPLES.length]!,
      rows: Array.from({ length: size }, (_, k) => ({
        name: `T${n + 1} row ${k + 1}`,
        value: '5',
        unit: '%',
        interval: ['1-6', '40 - 80', '1–6', '<200', '0.3 to 1.2'][k % 5]!,
        flag: null,
        method: k % 3 ? 'Flow cytometry (VCS), smear verified' : 'Calculated',
      })),
    })),
  };
}

async function pages(s: ReportSnapshot, language: Locale): Promise<string[][]> {
  const parser = new PDFParse({ data: new Uint8Array(await renderReport(s, 'http://lab.test', language)) });
  try {
    return (await parser.getText()).pages.map((p) => p.text.split('\n'));
  } finally {
    await parser.destroy();
  }
}

const HEADING = /^(T\d+)(?: \(continued\)| \(जारी\))?\s+(?:Sample|सैंपल)/;
const ROW = /^(T\d+) row \d+ /;

describe.each(['en', 'hi'] as const)('the report in %s', (language) => {
  it('repeats a test’s heading, "(continued)", where its rows run on to a new page, and never leaves a heading alone', async () => {
    // Sizes that put page breaks inside tests and right after headings, whatever the fonts' heights.
    const sizes = [7, 13, 5, 21, 9, 17, 3, 11, 2, 15, 6, 19];
    const all = await pages(snapshot(sizes), language);
    expect(all.length).toBeGreaterThan(2);
    let continued = 0;
    for (const [n, lines] of all.entries()) {
      const seen = new Set<string>();
      const headings: string[] = [];
      for (const line of lines) {
        const heading = HEADING.exec(line);
        if (heading) {
          seen.add(heading[1]!);
          headings.push(heading[1]!);
          if (/\((continued|जारी)\)/.test(line)) continued++;
        }
        const row = ROW.exec(line);
        // a row below its own test's heading on its own page
        if (row) expect(seen.has(row[1]!), `page ${n + 1}: "${line}" has no heading above it`).toBe(true);
      }
      // every heading on the page has a row of its test under it on that page
      for (const test of headings) expect(lines.some((l) => l.startsWith(`${test} row `)), `page ${n + 1}: heading ${test} alone`).toBe(true);
    }
    expect(continued).toBeGreaterThan(0);
    // every row printed, once
    const rows = all.flat().filter((l) => ROW.test(l));
    expect(rows).toHaveLength(sizes.reduce((a, b) => a + b, 0));
  }, 30_000);

  it('keeps the sample line of the block above the table on one line, clear of the column titles', async () => {
    const [first] = await pages(snapshot([3, 3, 3, 3]), language);
    const at = first!.findIndex((l) => /^(Sample|सैंपल):/.test(l));
    expect(at).toBeGreaterThan(0);
    expect(first![at]).toMatch(/…$/);
    // the next line is the table's column titles, not the rest of the sample list
    expect(first![at + 1]).toMatch(language === 'en' ? /^Test \/ Parameter/ : /पैरामीटर/);
    expect(first!.join('\n')).toContain(language === 'en' ? 'Booking reference: LC-2MUR-JB' : 'LC-2MUR-JB');
    expect(first!.join('\n')).not.toContain('x'.repeat(25));
  }, 30_000);

  it('writes every reference interval one way', async () => {
    const text = (await pages(snapshot([5]), language)).flat();
    const intervalOf = (k: number) => text.find((l) => l.startsWith(`T1 row ${k} `))!;
    expect(intervalOf(1)).toContain('% 1 - 6 ');
    expect(intervalOf(2)).toContain('% 40 - 80 ');
    expect(intervalOf(3)).toContain('% 1 - 6 ');
    expect(intervalOf(4)).toContain('% < 200 ');
    expect(intervalOf(5)).toContain('% 0.3 - 1.2 ');
  }, 30_000);
});

describe('uniformInterval', () => {
  it('writes ranges and bounds as intervalText does, and leaves other text alone', () => {
    expect(['1-6', '1–6', '1 — 6', '1 to 6', '1 - 6', '-2-3', '<200', '> 40', 'Nil', 'Non-reactive', ''].map(uniformInterval)).toEqual([
      '1 - 6', '1 - 6', '1 - 6', '1 - 6', '1 - 6', '-2 - 3', '< 200', '> 40', 'Nil', 'Non-reactive', '',
    ]);
  });
});
