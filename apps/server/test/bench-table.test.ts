// The README's table of benchmark figures (README.md, "Figures", rendered by bench/table.ts) is what
// bench/results/latest.json gives, and it judges a goal as the benches do (bench/lib/judge.ts): a figure
// taken above a load average of 1.5 at the benchmark's start is "not judged", never "met".
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { benchName } from '../../../bench/lib/benches.ts';
import { LOAD_LIMIT } from '../../../bench/lib/judge.ts';
import { END_MARKER, goals, type Latest, readLatest, readmePath, renderTable, row, START_MARKER } from '../../../bench/table.ts';

const pdfGoal = goals.find((g) => g.bench === './pdf-reports.ts')!;
const pdfName = benchName('./pdf-reports.ts');
/** the PDF bench's figures as it returns them: p95 well within its budget of 300 ms */
const pdfFigures = (loadAverage: number) => ({ pages: 3, bytes: 16415, runs: 150, medianMs: 19.9, p95Ms: 27, reportsPerSecond: 47.9, cpuMsPerReport: 20.1, loadAverage, withinBudget: true });
const latestWith = (figures: unknown): Latest => ({ at: '2026-11-29T01:00:00.000Z', measuredAt: { [pdfName]: '2026-11-29T00:58:00.000Z' }, [pdfName]: figures });
const VERDICT = 4;

describe("the README's table of benchmark figures", () => {
  it('is what bench/results/latest.json gives (run `node --import tsx bench/table.ts` after a benchmark)', () => {
    const readme = fs.readFileSync(readmePath, 'utf8');
    const start = readme.indexOf(START_MARKER);
    const end = readme.indexOf(END_MARKER);
    expect(start).toBeGreaterThan(-1);
    expect(end).toBeGreaterThan(start);
    expect(readme.slice(start + START_MARKER.length, end).trim()).toBe(renderTable(readLatest()));
  });

  it('marks a figure taken above a load average of 1.5 "not judged", not "met"', () => {
    expect(LOAD_LIMIT).toBe(1.5);
    const loaded = row(pdfGoal, latestWith(pdfFigures(2.4)));
    expect(loaded[VERDICT]).toBe('not judged: load 2.4');
    expect(renderTable(latestWith(pdfFigures(2.4)))).toContain('| p95 27 ms | 2.4 | not judged: load 2.4 | 2026-11-29 |');
    // the same figure on a quiet machine, and at the limit itself, is met: the verdict above is the load's
    expect(row(pdfGoal, latestWith(pdfFigures(1.2)))[VERDICT]).toBe('met');
    expect(row(pdfGoal, latestWith(pdfFigures(1.5)))[VERDICT]).toBe('met');
    expect(row(pdfGoal, latestWith(pdfFigures(1.51)))[VERDICT]).toBe('not judged: load 1.51');
    // a figure over its budget on a quiet machine is missed; on a loaded one, still not judged
    expect(row(pdfGoal, latestWith({ ...pdfFigures(0.8), p95Ms: 412 }))[VERDICT]).toBe('missed');
    expect(row(pdfGoal, latestWith({ ...pdfFigures(3), p95Ms: 412 }))[VERDICT]).toBe('not judged: load 3');
  });

  it('never judges figures that carry no start load, and says which goals are not measured yet', () => {
    const { loadAverage: _, ...noLoad } = pdfFigures(0.5);
    expect(row(pdfGoal, latestWith(noLoad)).slice(2, 5)).toEqual(['p95 27 ms', 'unknown', 'not judged: load unknown']);
    const empty = renderTable({ at: '2026-11-29T01:00:00.000Z' });
    for (const g of goals) expect(empty).toContain(`| ${g.what.replace(/\|/g, '\\|')} | ${g.goal} | not measured yet |`);
    expect(row(pdfGoal, latestWith({ error: 'Error: boom' }))[2]).toBe('the last run failed');
  });
});
