// Renders a page on the server. Unlike the framework's default, every request waits for the whole
// page (lazy parts such as a blog's markdown included) before the first byte: the server caches and
// hashes the finished HTML (decision record 020), and a visitor without JavaScript must get the
// content in place, not in streamed chunks that only a script puts where they belong. The finished
// HTML is then shaped for the first paint (docs/benchmarks.md): the page's scripts wait for it, and a Hindi page
// preloads its font.
import { PassThrough } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { type EntryContext, ServerRouter } from 'react-router';
import { htmlLang } from '@lab/contract';
import { SITE_CSS_ID } from './app/site-css.ts';
import { devanagariFontFiles } from './shared/i18n/devanagari-font.server.ts';

export const streamTimeout = 5_000;

const manifestScript = /window\.__reactRouterManifest = (\{[\s\S]*?\});\n/;
const contextScript = /window\.__reactRouterContext = (\{.*?\});window\.__reactRouterContext\.stream = /;

/** JSON for an inline script, escaped as React Router escapes it: nothing in it may close the script or start markup */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/**
 * React Router writes the page's part of its route manifest into an inline script as JSON indented by
 * two spaces; every page's first load carries it (decision 007). Written compact it is the same object,
 * some 40 bytes (gzip) less on every page.
 */
export function compactManifest(html: string): string {
  return html.replace(manifestScript, (script, json: string) => {
    try {
      return `window.__reactRouterManifest = ${scriptJson(JSON.parse(json))};\n`;
    } catch {
      return script;
    }
  });
}

/**
 * React Router's inline context names every future flag of the build, each `false` here; the browser
 * reads three of them, and only as true or not (React Router 7.18). Without the ones that are off it
 * means the same, some 100 bytes (gzip) less on every page: room for the script that starts the page's
 * scripts after its first paint (below), within decision 007's budget.
 */
export function compactContext(html: string): string {
  return html.replace(contextScript, (script, json: string) => {
    try {
      const context = JSON.parse(json) as { future?: Record<string, unknown> };
      if (context.future) context.future = Object.fromEntries(Object.entries(context.future).filter(([, on]) => on !== false));
      return `window.__reactRouterContext = ${scriptJson(context)};window.__reactRouterContext.stream = `;
    } catch {
      return script;
    }
  });
}

const modulePreload = /<link rel="modulepreload" href="([^"]+)"[^>]*>/g;
const moduleScript = /<script type="module" async="">[\s\S]*?<\/script>/;

/** the element that holds the page's scripts until its first paint */
export const BOOT_ID = 'lab-boot';

/**
 * The one inline script that starts the page's scripts once the page has painted its first content
 * (the paint timing entry `first-contentful-paint`, heard even when it came first: `buffered`; a Hindi
 * page's first frames may hold its text back a moment for its font), or after a second whatever
 * happens (a tab opened in the background paints nothing until shown; a browser without paint
 * timing). It takes the template out (`remove()` gives undefined, so `??` goes on) and puts a copy of
 * its content into the page (a copy, so its module script runs): the scripts start once. Written
 * short: every page carries it, and its first-load budget counts it. The same text on every page: the
 * server allows it by its hash, as every inline script.
 */
export const bootAfterFirstPaint =
  `{const t=document.getElementById("${BOOT_ID}"),go=()=>t.isConnected&&document.body.append(t.remove()??document.importNode(t.content,!0));` +
  'new PerformanceObserver((l)=>l.getEntriesByName("first-contentful-paint")[0]&&go()).observe({type:"paint",buffered:!0});setTimeout(go,1e3)}';

/**
 * React Router preloads the entry's and the page's modules (~100 KB gzip) from the head, at the
 * browser's high priority for scripts, and its module script imports them as soon as it is parsed. On
 * a slow phone link they then share the line with the page itself, and Lighthouse's simulation
 * (Lantern) counts every high-priority script loaded before the first paint as blocking it, and every
 * request finished before the largest paint as needed for it: English pages painted at 1.8-1.9 s
 * (docs/benchmarks.md). The page is drawn without any script (its content and stylesheet are in the HTML), so
 * the framework's preloads and module script, unchanged, wait in a <template> (inert: nothing in it
 * is fetched or run) until the first paint, then go into the page together; the preloads, at low
 * priority, so images and the font of the first view come first, still fetch every module at once.
 * A page without JavaScript never reads the template. The preloads keep `<link rel="modulepreload"
 * href=`, so whatever counts a page's scripts (first-load-js.ts) still finds them.
 */
export function scriptsAfterFirstPaint(html: string): string {
  const script = moduleScript.exec(html)?.[0];
  if (!script) return html;
  const preloads = new Map<string, string>();
  for (const [link, href = ''] of html.matchAll(modulePreload)) preloads.set(href, link.replace(/\s*\/?>$/, ' fetchpriority="low"/>'));
  const boot = `<template id="${BOOT_ID}">${[...preloads.values()].join('')}${script}</template><script>${bootAfterFirstPaint}</script>`;
  // functions as replacements: the script's text may hold `$&` and the like
  return html.replace(modulePreload, () => '').replace(script, () => boot);
}

const hindiDocument = new RegExp(`^<!DOCTYPE html><html lang="${htmlLang.hi}"`);
const siteStyle = `<style id="${SITE_CSS_ID}"`;

/**
 * A page drawn in Hindi (a public page under /hi/, or a patient screen in the cookie's language)
 * preloads its Devanagari font's file, first in its head, ahead of the inline stylesheet that names
 * it (devanagari-font.server.ts says why). Written here, not by the root component, so the page's
 * data does not carry its address to the browser.
 */
export function preloadHindiFont(html: string): string {
  if (!hindiDocument.test(html)) return html;
  const links = devanagariFontFiles.map((href) => `<link rel="preload" href="${href}" as="font" type="font/woff2" crossorigin=""/>`).join('');
  return html.replace(siteStyle, () => `${links}${siteStyle}`);
}

export default function handleRequest(request: Request, status: number, headers: Headers, routerContext: EntryContext) {
  if (request.method.toUpperCase() === 'HEAD') return new Response(null, { status, headers });

  return new Promise<Response>((resolve, reject) => {
    let responseStatus = status;
    const timeout = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} />, {
      // React moves a large finished Suspense boundary (a long blog post) to the end of the document,
      // for a script to put in place; every boundary stays where it belongs, for readers without one.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        clearTimeout(timeout);
        const body = new PassThrough();
        headers.set('Content-Type', 'text/html; charset=utf-8');
        const chunks: Buffer[] = [];
        body.on('data', (chunk: Buffer) => chunks.push(chunk));
        body.on('error', reject);
        body.on('end', () => resolve(new Response(preloadHindiFont(scriptsAfterFirstPaint(compactContext(compactManifest(Buffer.concat(chunks).toString('utf8'))))), { headers, status: responseStatus })));
        pipe(body);
      },
      onShellError: reject,
      onError(error) {
        responseStatus = 500;
        console.error(error);
      },
    });
  });
}
