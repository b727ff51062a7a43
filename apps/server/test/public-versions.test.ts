// What the public pages and `GET /api/lab/` depend on (the catalogue, blogs and careers, the lab's
// details) is known without a query while nothing changes (decision record 030), and a staff edit on one
// process shows on another within a second: two apps on one database, as two server processes would be
// (SQLite file or PostgreSQL), serving the web build `npm run build` made.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { LabDetailsInput, StaffLabDetails } from '@lab/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, makeApp, queriesRun, type TestApp } from './helpers.ts';
import { createStaff, type StaffAccount } from './staff-helpers.ts';

const webDist = path.resolve(import.meta.dirname, '../../web/build/client');

describe('public versions across processes', () => {
  let one: TestApp;
  let two: TestApp;
  let admin: StaffAccount;
  beforeAll(async () => {
    if (!existsSync(path.join(webDist, '../server/index.js'))) throw new Error(`no web build at ${webDist}: run npm run build first`);
    // E-mail jobs only when a test asks: by default a test app delivers them (queries) after each answer.
    one = await makeApp({}, { sqliteFile: true, mailJobs: 'manual', webDist });
    two = await makeApp({}, { shareDatabaseOf: one, mailJobs: 'manual', webDist });
    admin = await createStaff(one.app, 'admin');
  });
  afterAll(async () => {
    await two.close();
    await one.close();
  });

  const page = async (t: TestApp, url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(res.statusCode, url).toBe(200);
    return res.body;
  };
  const lab = async (t: TestApp) => (await t.app.inject({ method: 'GET', url: '/api/lab/' })).json() as StaffLabDetails;

  it('serves page views and the lab details again without a query', async () => {
    const urls = ['/', '/Blogs', '/Career', '/offers', '/Contact'];
    for (const url of urls) await page(two, url);
    await lab(two);
    const before = await queriesRun(two);
    for (let i = 0; i < 5; i++) {
      for (const url of urls) expect(await page(two, url)).toContain('</html>');
      expect((await lab(two)).name.length).toBeGreaterThan(0);
    }
    expect(await queriesRun(two)).toBe(before);
  });

  it("shows another process's edit of the lab details within a second, and this process's at once", async () => {
    const staffLab = async () => (await one.app.inject({ method: 'GET', url: '/api/staff/lab', headers: bearer(admin) })).json() as StaffLabDetails;
    const { hero_image: _h, about_image: _a, ...saved } = await staffLab();
    const phone = '+91 141 400 7788';
    expect(await page(two, '/Contact')).not.toContain(phone);
    const seenByTwo = await two.app.deps.catalogVersion.lab();
    const edit = await one.app.inject({ method: 'PUT', url: '/api/staff/lab', headers: bearer(admin), payload: { ...saved, phones: [phone] } satisfies LabDetailsInput });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().phones).toEqual([phone]);

    expect((await lab(one)).phones).toEqual([phone]);
    expect(await page(one, '/Contact')).toContain(phone);
    // The other process knows within a second (rendering the page afresh takes what it takes under load).
    await vi.waitFor(async () => expect(await two.app.deps.catalogVersion.lab()).toBeGreaterThan(seenByTwo), { timeout: 1000, interval: 20 });
    expect((await lab(two)).phones).toEqual([phone]);
    expect(await page(two, '/Contact')).toContain(phone);
  });

  it("shows another process's new blog post within a second, and this process's at once", async () => {
    const title = `Winter vitamin D ${Date.now()}`;
    expect(await page(one, '/Blogs')).not.toContain(title);
    await page(two, '/Blogs');
    const seenByOne = await one.app.deps.catalogVersion.content();
    const post = await two.app.inject({
      method: 'POST',
      url: '/api/staff/blogs',
      headers: bearer(admin),
      payload: { title, author: 'Dr. Rao', content: 'Ten minutes of sun.', published: true },
    });
    expect(post.statusCode).toBe(201);

    expect(await page(two, '/Blogs')).toContain(title);
    await vi.waitFor(async () => expect(await one.app.deps.catalogVersion.content()).toBeGreaterThan(seenByOne), { timeout: 1000, interval: 20 });
    expect(await page(one, '/Blogs')).toContain(title);
  });
});
