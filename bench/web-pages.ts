// Public pages: Lighthouse's mobile scores for the key routes, and the first-load JavaScript (gzip)
// of every prerendered public route, read from the build the server actually serves.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { prerenderedPaths } from '@lab/contract';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumFlags, chromiumPath, startServer } from './lib/server.ts';

const dist = path.resolve(import.meta.dirname, '../apps/web/build/client');
export const LIGHTHOUSE_ROUTES = ['/', '/Services', '/Hematology', '/Blogs'];

export interface PageFigures {
  firstLoadJs: Array<{ route: string; kb: number }>;
  lighthouse: Array<{ route: string; performance: number; accessibility: number; bestPractices: number; seo: number; lcpMs: number; cls: number }>;
}

/** gzip KB of every script a page loads before any interaction: its module preloads and scripts */
export function firstLoadJs(route: string): number {
  const html = readFileSync(path.join(dist, route === '/' ? 'index.html' : `${route.slice(1)}/index.html`), 'utf8');
  const files = new Set<string>();
  for (const m of html.matchAll(/<link rel="modulepreload" href="([^"]+)"|<script[^>]*src="([^"]+)"/g)) {
    const href = m[1] ?? m[2];
    if (href?.startsWith('/')) files.add(href);
  }
  let bytes = 0;
  for (const f of files) bytes += gzipSync(readFileSync(path.join(dist, f)), { level: 9 }).length;
  // The inline bootstrap scripts count too: they travel together, compressed with the page.
  const inline = [...html.matchAll(/<script(?![^>]*src=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '').join('\n');
  if (inline) bytes += gzipSync(inline, { level: 9 }).length;
  return Math.round((bytes / 1024) * 10) / 10;
}

export async function run(): Promise<PageFigures> {
  const firstLoad = prerenderedPaths.map((route) => ({ route, kb: firstLoadJs(route) }));
  const server = await startServer({ RATE_LIMITS: 'off' });
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
  console.log('First-load JavaScript, gzip KB (target <= 120)');
  console.table(f.firstLoadJs);
}

if (import.meta.main ?? process.argv[1] === import.meta.filename) {
  print(await run());
}
