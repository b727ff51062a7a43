// A public page paints from its HTML alone. The page's scripts (React Router's module
// preloads and module script, held in a <template> by entry.server.tsx) are asked for only after the
// first contentful paint, and the page still hydrates; no layout moves meanwhile (a blog post's text,
// whose renderer loads after hydration, stays in place: auth-context.tsx).
import { expect, test } from './support/fixtures.ts';

for (const route of ['/', '/Services', '/hi', '/hi/Blogs', 'the first blog post']) {
  test(`${route}: no script is asked for before the first paint, and the page hydrates`, async ({ page, request }) => {
    await page.addInitScript(() => {
      const w = window as unknown as { shifts: number };
      w.shifts = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.shifts += (e as unknown as { value: number }).value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const blogs = route.startsWith('/') ? [] : ((await (await request.get('/api/blogs/')).json()) as Array<{ id: number }>);
    await page.goto(route.startsWith('/') ? route : `/blog/${blogs[0]!.id}`);
    await expect(page.locator('main')).toHaveAttribute('data-hydrated', 'true');
    const timing = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
      scripts: performance
        .getEntriesByType('resource')
        .filter((r) => r.name.endsWith('.js'))
        .map((r) => ({ file: new URL(r.name).pathname, start: r.startTime })),
    }));
    expect(timing.scripts.length).toBeGreaterThan(1);
    for (const s of timing.scripts) expect(s.start, `${s.file} started at ${s.start} ms, first paint at ${timing.paint} ms`).toBeGreaterThan(timing.paint);
    // the template's module script ran once: the framework's entry module was fetched once
    expect(timing.scripts.filter((s) => s.file.includes('/entry.client-'))).toHaveLength(1);
    // the blog's markdown renderer arrives after hydration: wait for it, then count the shifts
    if (!route.startsWith('/')) await expect.poll(() => page.evaluate(() => performance.getEntriesByType('resource').some((r) => /\/markdown-[\w-]+\.js$/.test(r.name)))).toBe(true);
    // two frames on, every shift so far has been reported to the observer
    const shifts = await page.evaluate(async () => {
      await new Promise((frame) => requestAnimationFrame(() => requestAnimationFrame(frame)));
      return (window as unknown as { shifts: number }).shifts;
    });
    expect(shifts).toBe(0);
  });
}
