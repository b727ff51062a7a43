// The route manifest's inline script, written compact (entry.server.tsx): the same object, still escaped.
import { describe, expect, it } from 'vitest';
import { compactManifest } from './entry.server.tsx';

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
