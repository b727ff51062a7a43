// What entry.server.tsx does to the framework's HTML: the route manifest's inline script written compact
// (the same object, still escaped), and the page's scripts held back until its first paint.
import { describe, expect, it } from 'vitest';
import { renderPage } from '../scripts/first-load-js.ts';
import { BOOT_ID, bootAfterFirstPaint, compactContext, compactManifest, scriptsAfterFirstPaint } from './entry.server.tsx';

describe('compactManifest', () => {
  const manifest = { entry: { module: '/assets/entry.client-x.js', imports: [] }, routes: { root: { id: 'root', path: '', hasLoader: true, note: '</script><b>&' } } };
  const indented = JSON.stringify(manifest, null, 2).replace(/[<>&]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  const page = `<script type="module" async>import * as route0 from "/assets/root.js";\n  window.__reactRouterManifest = ${indented};\n  import("/assets/entry.client-x.js");</script>`;

  it('writes the manifest without indentation, as the same object, with markup characters still escaped', () => {
    const out = compactManifest(page);
    const json = /window\.__reactRouterManifest = (.*);\n/.exec(out)?.[1];
    expect(json).toBeDefined();
    expect(json).not.toMatch(/\n| {2}/);
    expect(JSON.parse(json!)).toEqual(manifest);
    expect(out).not.toContain('</script><b>');
    expect(out.length).toBeLessThan(page.length);
    expect(out.startsWith('<script type="module" async>import * as route0')).toBe(true);
    expect(out.endsWith('import("/assets/entry.client-x.js");</script>')).toBe(true);
  });

  it('leaves a page without a manifest as it is', () => {
    expect(compactManifest('<p>window.__reactRouterManifest is not here</p>')).toBe('<p>window.__reactRouterManifest is not here</p>');
  });
});

describe('compactContext', () => {
  const tail = 'window.__reactRouterContext.stream = new ReadableStream();';
  const page = (context: unknown) => `<script>window.__reactRouterContext = ${JSON.stringify(context)};${tail}</script>`;

  it('leaves out the future flags that are off, and keeps everything else as it was, escaped', () => {
    const out = compactContext(page({ basename: '/', future: { v8_middleware: false, v8_trailingSlashAwareDataRequests: true, unstable_x: false }, note: '</script>', isSpaMode: false }));
    const json = /window\.__reactRouterContext = (\{.*?\});window/.exec(out)?.[1];
    expect(json).not.toContain('</script>');
    expect(JSON.parse(json!)).toEqual({ basename: '/', future: { v8_trailingSlashAwareDataRequests: true }, note: '</script>', isSpaMode: false });
    expect(out.endsWith(`;${tail}</script>`)).toBe(true);
  });

  it('leaves a page without the context, or with one it cannot read, as it is', () => {
    const odd = `<script>window.__reactRouterContext = {not json};${tail}</script>`;
    expect(compactContext(odd)).toBe(odd);
    expect(compactContext('<p>no context</p>')).toBe('<p>no context</p>');
  });
});

describe('scriptsAfterFirstPaint', () => {
  const moduleScript = '<script type="module" async="">import * as route0 from "/assets/root.js";\nwindow.__reactRouterRouteModules = {"root":route0, "note":"$& $1"};\nimport("/assets/entry.client.js");</script>';
  const page =
    '<html><head><style>p{}</style><link rel="modulepreload" href="/assets/entry.client.js"/><link rel="modulepreload" href="/assets/root.js"/>' +
    '<link rel="modulepreload" href="/assets/entry.client.js"/></head><body><main>content</main>' +
    `<script>window.__reactRouterContext = {};</script>${moduleScript}<script>window.__data = 1;</script></body></html>`;

  it("moves the framework's preloads and module script, unchanged, into an inert template started by one script", () => {
    const out = scriptsAfterFirstPaint(page);
    const head = out.slice(0, out.indexOf('</head>'));
    expect(head).not.toContain('modulepreload');
    const template = new RegExp(`<template id="${BOOT_ID}">([\\s\\S]*?)</template><script>([\\s\\S]*?)</script>`).exec(out);
    expect(template?.[2]).toBe(bootAfterFirstPaint);
    // each module once, at low priority, and the module script byte for byte (its `$&` kept as it was)
    expect(template?.[1]).toBe(`<link rel="modulepreload" href="/assets/entry.client.js" fetchpriority="low"/><link rel="modulepreload" href="/assets/root.js" fetchpriority="low"/>${moduleScript}`);
    // outside the template, nothing but the framework's classic inline scripts, where they were
    expect(out.replace(template![0], '')).toBe(
      '<html><head><style>p{}</style></head><body><main>content</main><script>window.__reactRouterContext = {};</script><script>window.__data = 1;</script></body></html>',
    );
  });

  it('leaves a page without the module script as it is', () => {
    const bare = '<html><head><link rel="modulepreload" href="/assets/x.js"/></head><body></body></html>';
    expect(scriptsAfterFirstPaint(bare)).toBe(bare);
  });
});

// The pages as the server build renders them (the build `npm test` has just made): what reaches the
// browser before the first paint, which Lighthouse's simulation counts (docs/benchmarks.md).
describe('a rendered page asks for nothing before its first paint', () => {
  const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));
  const outsideTemplate = (html: string) => html.replace(/<template[\s\S]*?<\/template>/g, '');

  it.each(['/', '/Services', '/Blogs', '/offers', '/hi', '/hi/Blogs', '/hi/privacy'])('%s', async (route) => {
    const html = await renderPage(route);
    const head = headOf(html);
    // no stylesheet, script or module preload in the head: the site's CSS is inline
    expect(head).not.toMatch(/<link[^>]*rel="(stylesheet|modulepreload)"|<script/);
    expect(head).toMatch(/<style id="site-css">/);
    // outside the template, no module and no script file: the page's scripts wait in it
    const live = outsideTemplate(html);
    expect(live).not.toMatch(/<script[^>]*\b(src=|type="module")|rel="modulepreload"/);
    const template = new RegExp(`<template id="${BOOT_ID}">([\\s\\S]*?)</template><script>([\\s\\S]*?)</script>`).exec(html);
    expect(template?.[2]).toBe(bootAfterFirstPaint);
    const preloads = [...template![1]!.matchAll(/<link rel="modulepreload" href="([^"]+)"([^>]*)>/g)];
    expect(preloads.length).toBeGreaterThan(1);
    for (const [link] of preloads) expect(link).toContain('fetchpriority="low"');
    expect(template![1]).toMatch(/<script type="module" async="">[\s\S]*import\("\/assets\/entry\.client-[\w-]+\.js"\);<\/script>$/);
  });

  it('preloads the Devanagari font on a Hindi page, with its face in the inline stylesheet, and no font on an English one', async () => {
    const hindi = headOf(await renderPage('/hi/Services'));
    const fonts = [...hindi.matchAll(/<link rel="preload" href="([^"]+)" as="font"/g)].map((m) => m[1]);
    expect(fonts).toEqual([expect.stringMatching(/\/noto-sans-devanagari-hindi-400-[\w-]+\.woff2$/)]);
    for (const font of fonts) expect(hindi).toContain(`src:url(${font})`);
    expect(headOf(await renderPage('/Services'))).not.toMatch(/as="font"/);
  });
});
