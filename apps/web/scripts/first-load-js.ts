// The first-load JavaScript of a public page: shared by the budget test (src/first-load-budget.test.ts),
// `npm run bench` (which reads the pages a running server sends) and `npm run size -w apps/web` (after
// a build: prints every public route's figure and its scripts). Pages are rendered by the server build
// as the server renders them, with the demo content as the API's answers.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { bilingualPagePaths, pathInLocale, privacyNotice, publicPagePaths } from '@lab/contract';
import { createRequestHandler, type ServerBuild } from 'react-router';
import * as demo from '../../server/src/db/seed/content.ts';
import { noticeRetention } from '../../server/src/modules/privacy/consents-notice.ts';
import { DEFAULT_LAB_DETAILS, DEFAULT_LAB_DETAILS_HI } from '../../server/src/db/seed/lab-details.ts';
import { blogAuthorsHi, blogsHi, careersHi, offersHi, packagesHi, testNamesHi } from '../../server/src/db/seed/hindi.ts';
import type { InProcessApi } from '../src/shared/api/server-data.ts';

/** The client build the server serves, and the server build that renders its pages. */
export const clientBuild = path.resolve(import.meta.dirname, '../build/client');
export const serverBuild = path.resolve(import.meta.dirname, '../build/server/index.js');
/** Decision record 007: what a public page aims at, and what it may never exceed (KB gzip). The ceiling
 * sits just above the largest page (the Hindi home page, 109.4 KB on 28 Nov 2026, once its tile grids
 * became the shared icon-tile grid), so that a regression fails the budget test. */
export const FIRST_LOAD_TARGET_KB = 110;
export const FIRST_LOAD_CEILING_KB = 109.5;

export interface FirstLoad {
  /** gzip KB, one decimal */
  kb: number;
  /** each script file the page loads before any interaction, with its gzip KB */
  files: Array<{ file: string; kb: number }>;
  /** gzip KB of the inline scripts (the framework's bootstrap and the page's data) */
  inlineKb: number;
}

const toKb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/**
 * gzip size of every script a page loads before any interaction: its module preloads and scripts,
 * each compressed on its own (as the server sends them), plus the inline scripts.
 */
export function firstLoadJsOf(html: string): FirstLoad {
  const hrefs = new Set<string>();
  for (const m of html.matchAll(/<link rel="modulepreload" href="([^"]+)"|<script[^>]*src="([^"]+)"/g)) {
    const href = m[1] ?? m[2];
    if (href?.startsWith('/')) hrefs.add(href);
  }
  const files = [...hrefs].map((file) => ({ file, bytes: gzipSync(readFileSync(path.join(clientBuild, file)), { level: 9 }).length }));
  // The inline scripts count too: they travel together, compressed with the page.
  const inline = [...html.matchAll(/<script(?![^>]*src=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '').join('\n');
  const inlineBytes = inline ? gzipSync(inline, { level: 9 }).length : 0;
  const total = files.reduce((sum, f) => sum + f.bytes, inlineBytes);
  return { kb: toKb(total), files: files.map((f) => ({ file: f.file, kb: toKb(f.bytes) })), inlineKb: toKb(inlineBytes) };
}

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

/** the demo lab's details as the server answers a language (lab/service.ts): in Hindi, the grievance officer and the address */
const demoLabDetails = (hi: boolean) =>
  hi
    ? { ...DEFAULT_LAB_DETAILS, address_lines: DEFAULT_LAB_DETAILS_HI.address_lines, grievance: { ...DEFAULT_LAB_DETAILS.grievance, name: DEFAULT_LAB_DETAILS_HI.grievance_name } }
    : DEFAULT_LAB_DETAILS;

/**
 * The API's answers for the demo content (shapes of contract Blog, Offer, Career, LabDetails), in English
 * or, as the server answers `?lang=hi`, with the Hindi the seed writes beside the English (db/seed/hindi.ts).
 */
function demoAnswers(hi: boolean): Record<string, unknown> {
  const inHindi = (english: string, hindi: string | undefined) => (hi && hindi ? hindi : english);
  return {
    '/api/lab/': demoLabDetails(hi),
    // The home page's popular packages (prices as shaped, not as priced: only the size counts here).
    '/api/packages/': demo.packages.map((p, i) => ({
      id: i + 1,
      name: inHindi(p.name, packagesHi[p.name]?.name),
      description: inHindi(p.description, packagesHi[p.name]?.description),
      original_price: p.rupees + 500,
      offer_price: p.rupees,
      discounted_price: p.rupees,
      tests: p.tests.map((name, k) => ({ id: k + 1, name: inHindi(name, testNamesHi[name]), price: 400 })),
    })),
    '/api/blogs/': demo.blogs.map((b, i) => ({
      id: i + 1,
      title: inHindi(b.title, blogsHi[b.title]?.title),
      author: inHindi(b.author, blogAuthorsHi[b.author]),
      content: inHindi(b.content, blogsHi[b.title]?.content),
      created_at: `${daysAgo(b.daysAgo)}T10:00:00.000Z`,
    })),
    '/api/offers/': demo.offers.map((o, i) => ({
      id: i + 1,
      description: inHindi(o.description, offersHi[o.description]),
      discount_percentage: o.discount_percentage,
      start_date: daysAgo(-o.from),
      end_date: daysAgo(-o.till),
      active: o.active === 1 && o.till >= 0,
      tests: [],
    })),
    '/api/privacy/notice/': { ...privacyNotice, retention: noticeRetention(undefined, hi ? 'hi' : undefined) },
    '/api/careers/': demo.careers.map((c, i) => ({
      id: i + 1,
      job_title: inHindi(c.job_title, careersHi[c.job_title]?.job_title),
      description: inHindi(c.description, careersHi[c.job_title]?.description),
      posted_on: daysAgo(c.daysAgo),
      is_open: c.is_open === 1,
      application_link: c.application_link,
    })),
  };
}
const answers = { en: demoAnswers(false), hi: demoAnswers(true) };

// A Hindi page asks with ?lang=hi and is answered in Hindi, as the server answers it.
const demoApi: InProcessApi = async (apiPath) => {
  const bare = apiPath.split('?')[0] ?? apiPath;
  const inLanguage = /[?&]lang=hi(&|$)/.test(apiPath) ? answers.hi : answers.en;
  return bare in inLanguage ? { status: 200, body: inLanguage[bare] } : { status: 404, body: { error: `no demo answer for ${apiPath}` } };
};

let handler: ReturnType<typeof createRequestHandler> | undefined;

/** the page's HTML as the server renders it, with the demo content */
export async function renderPage(route: string): Promise<string> {
  if (!existsSync(serverBuild)) throw new Error(`${serverBuild} is missing: run \`npm run build\` first`);
  handler ??= createRequestHandler((await import(pathToFileURL(serverBuild).href)) as ServerBuild, 'production');
  const response = await handler(new Request(`http://localhost${route}`), { api: demoApi });
  if (response.status !== 200) throw new Error(`${route} rendered with status ${response.status}`);
  return response.text();
}

/** every public page, and the Hindi version of those that have one: /Services and /hi/Services (docs/i18n.md) */
export const bilingualPublicPaths = publicPagePaths.flatMap((p) => ((bilingualPagePaths as readonly string[]).includes(p) ? [p, pathInLocale(p, 'hi')] : [p]));

export const firstLoadJs = async (route: string): Promise<FirstLoad> => firstLoadJsOf(await renderPage(route));

if (process.argv[1] === import.meta.filename) {
  for (const route of bilingualPublicPaths) {
    const page = await firstLoadJs(route);
    const parts = page.files.map((f) => `${path.basename(f.file)} ${f.kb}`).join(', ');
    console.log(`${route.padEnd(17)} ${String(page.kb).padStart(6)} KB  ${parts}, inline ${page.inlineKb}`);
  }
}
