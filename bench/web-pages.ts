// Public pages: Lighthouse's mobile scores for the key routes, and the first-load JavaScript (gzip)
// of every public route, read from the pages the server renders (with the demo content).
import { publicPagePaths } from '@lab/contract';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { FIRST_LOAD_CEILING_KB, FIRST_LOAD_TARGET_KB, firstLoadJsOf } from '../apps/web/scripts/first-load-js.ts';
import { chromiumFlags, chromiumPath, startServer } from './lib/server.ts';

export const LIGHTHOUSE_ROUTES = ['/', '/Services', '/Hematology', '/Blogs'];

export interface PageFigures {
  firstLoadJs: Array<{ route: string; kb: number }>;
  lighthouse: Array<{ route: string; performance: number; accessibility: number; bestPractices: number; seo: number; lcpMs: number; cls: number }>;
}

export async function run(): Promise<PageFigures> {
  const server = await startServer({ RATE_LIMITS: 'off' });
  const firstLoad: PageFigures['firstLoadJs'] = [];
  for (const route of publicPagePaths) {
    const html = await (await fetch(`${server.url}${route}`)).text();
    firstLoad.push({ route, kb: firstLoadJsOf(html).kb });
  }
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags: chromiumFlags });
  const scores: PageFigures['lighthouse'] = [];
  try {
    for (const route of LIGHTHOUSE_ROUTES) {
      const result = await lighthouse(`${server.url}${route}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      });
      if (!result) throw new Error(`lighthouse gave no result for ${route}`);
      // A run Lighthouse could not complete scores 0; say why rather than print a bare 0.
      if (result.lhr.runtimeError) console.log(`  ${route}: Lighthouse run failed: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
      const c = result.lhr.categories;
      const pct = (k: string) => Math.round((c[k]?.score ?? 0) * 100);
      scores.push({
        route,
        performance: pct('performance'),
        accessibility: pct('accessibility'),
        bestPractices: pct('best-practices'),
        seo: pct('seo'),
        lcpMs: Math.round(result.lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
        cls: Math.round((result.lhr.audits['cumulative-layout-shift']?.numericValue ?? 0) * 1000) / 1000,
      });
      const failing = Object.values(result.lhr.audits).filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode === 'binary');
      if (failing.length) console.log(`  ${route}: failing audits: ${failing.map((a) => a.id).join(', ')}`);
    }
  } finally {
    chrome.kill();
    await server.stop();
  }
  return { firstLoadJs: firstLoad, lighthouse: scores };
}

export function print(f: PageFigures): void {
  console.log('\nPublic pages: Lighthouse mobile (targets: every score >= 95)');
  console.table(f.lighthouse);
  console.log(`First-load JavaScript, gzip KB (target <= ${FIRST_LOAD_TARGET_KB}, ceiling ${FIRST_LOAD_CEILING_KB})`);
  console.table(f.firstLoadJs);
}

if (import.meta.main ?? process.argv[1] === import.meta.filename) {
  print(await run());
}
