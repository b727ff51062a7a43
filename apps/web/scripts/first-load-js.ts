// The first-load JavaScript of a prerendered public page, read from the client build the server
// serves: shared by the budget test (src/first-load-budget.test.ts) and `npm run bench`; run on its own
// (`npm run size -w apps/web`, after a build) it prints every public route's figure and its scripts.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { prerenderedPaths } from '@lab/contract';

/** The client build the server serves. */
export const clientBuild = path.resolve(import.meta.dirname, '../build/client');
/** Decision record 007: what a public page aims at, and what it may never exceed (KB gzip). */
export const FIRST_LOAD_TARGET_KB = 110;
export const FIRST_LOAD_CEILING_KB = 120;

export interface FirstLoad {
  /** gzip KB, one decimal */
  kb: number;
  /** each script file the page loads before any interaction, with its gzip KB */
  files: Array<{ file: string; kb: number }>;
  /** gzip KB of the inline bootstrap scripts */
  inlineKb: number;
}

const toKb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

export function pageHtmlFile(route: string): string {
  return path.join(clientBuild, route === '/' ? 'index.html' : `${route.slice(1)}/index.html`);
}

/**
 * gzip size of every script a page loads before any interaction: its module preloads and scripts,
 * each compressed on its own (as the server sends them), plus the inline bootstrap scripts.
 */
export function firstLoadJs(route: string): FirstLoad {
  const htmlFile = pageHtmlFile(route);
  if (!existsSync(htmlFile)) throw new Error(`${htmlFile} is missing: run \`npm run build\` first`);
  const html = readFileSync(htmlFile, 'utf8');
  const hrefs = new Set<string>();
  for (const m of html.matchAll(/<link rel="modulepreload" href="([^"]+)"|<script[^>]*src="([^"]+)"/g)) {
    const href = m[1] ?? m[2];
    if (href?.startsWith('/')) hrefs.add(href);
  }
  const files = [...hrefs].map((file) => ({ file, bytes: gzipSync(readFileSync(path.join(clientBuild, file)), { level: 9 }).length }));
  // The inline bootstrap scripts count too: they travel together, compressed with the page.
  const inline = [...html.matchAll(/<script(?![^>]*src=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '').join('\n');
  const inlineBytes = inline ? gzipSync(inline, { level: 9 }).length : 0;
  const total = files.reduce((sum, f) => sum + f.bytes, inlineBytes);
  return { kb: toKb(total), files: files.map((f) => ({ file: f.file, kb: toKb(f.bytes) })), inlineKb: toKb(inlineBytes) };
}

if (process.argv[1] === import.meta.filename) {
  for (const route of prerenderedPaths) {
    const page = firstLoadJs(route);
    const parts = page.files.map((f) => `${path.basename(f.file)} ${f.kb}`).join(', ');
    console.log(`${route.padEnd(14)} ${String(page.kb).padStart(6)} KB  ${parts}, inline ${page.inlineKb}`);
  }
}
