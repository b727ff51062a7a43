// One Lighthouse run (mobile preset, the four categories) as the page benches take it (web-pages.ts,
// journey.ts): tried once more when Lighthouse fails to record the trace (NO_NAVSTART, now and then), a
// run it could not complete said as such rather than scored as a bare 0, and the scores and the audits
// short of full marks read the same way for both.
import lighthouse, { type RunnerResult } from 'lighthouse';

type Lhr = RunnerResult['lhr'];

/** Lighthouse on `url` through the browser at `port`; `keepStorage`: leave the browser's storage as it is (a signed-in session) */
export async function lighthouseRun(url: string, port: number, label: string, keepStorage = false): Promise<RunnerResult> {
  const once = () => lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'], disableStorageReset: keepStorage });
  let result = await once();
  if (result?.lhr.runtimeError) {
    console.log(`  ${label}: Lighthouse run failed (${result.lhr.runtimeError.code}); trying once more`);
    result = await once();
  }
  if (!result) throw new Error(`lighthouse gave no result for ${label}`);
  if (result.lhr.runtimeError) console.log(`  ${label}: Lighthouse run failed: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
  return result;
}

/** the four categories' scores, 0 to 100 */
export function categoryScores(lhr: Lhr): { performance: number; accessibility: number; bestPractices: number; seo: number } {
  const pct = (k: string) => Math.round((lhr.categories[k]?.score ?? 0) * 100);
  return { performance: pct('performance'), accessibility: pct('accessibility'), bestPractices: pct('best-practices'), seo: pct('seo') };
}

/** what keeps a score under 100: every scored audit that did not pass in full, but those `excused` */
export function auditsShort(lhr: Lhr, excused: readonly string[] = []): Array<{ id: string; score: number }> {
  return Object.values(lhr.audits)
    .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'manual' && !excused.includes(a.id))
    .map((a) => ({ id: a.id, score: a.score! }));
}
