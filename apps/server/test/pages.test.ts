// The web app's pages as the server renders them (decision record 020), on the web build `npm test`
// has made: content in the HTML, a CSP that allows exactly each render's inline scripts, a real 404
// for a missing blog, the rendered-page cache following edits made straight in the database (as
// another process or a staff edit would), and the contact form posted without JavaScript.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../src/lib/time.ts';
import { makeApp, type TestApp } from './helpers.ts';

const webDist = path.resolve(import.meta.dirname, '../../web/build/client');

describe('rendered pages', () => {
  let t: TestApp;
  beforeAll(async () => {
    if (!existsSync(path.join(webDist, '../server/index.js'))) throw new Error(`no web build at ${webDist}: run npm run build first`);
    t = await makeApp({}, { webDist });
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });

  it('sends the blogs in the HTML, with a CSP naming the hash of every inline script and nothing else inline', async () => {
    const res = await get('/Blogs');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const blogs = (await get('/api/blogs/')).json() as Array<{ title: string }>;
    expect(blogs.length).toBeGreaterThan(0);
    for (const b of blogs) expect(res.body).toContain(b.title);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).not.toContain('unsafe-inline');
    const scripts = [...res.body.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!).filter(Boolean);
    expect(scripts.length).toBeGreaterThan(0);
    for (const s of scripts) expect(csp).toContain(`'sha256-${createHash('sha256').update(s).digest('base64')}'`);
  });

  it('puts the stylesheet inline, allowed by its hash, so the first paint needs no other request', async () => {
    const res = await get('/Blogs');
    expect(res.body).not.toMatch(/<link[^>]*rel="stylesheet"/);
    const styles = [...res.body.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]!);
    expect(styles).toHaveLength(1);
    expect(styles[0]).toContain('tailwindcss');
    const styleSrc = String(res.headers['content-security-policy']).split('; ').find((d) => d.startsWith('style-src '));
    expect(styleSrc).toBe(`style-src 'self' 'sha256-${createHash('sha256').update(styles[0]!).digest('base64')}'`);
  });

  it('lets browsers keep a year every file a page asks for by itself (its images, and the logos and fonts its stylesheet names)', async () => {
    // Lighthouse's cache audit (docs/benchmarks.md): a file of public/ is kept an hour, a hashed file of the build a year.
    const files = new Set<string>();
    for (const page of ['/', '/Services', '/hi', '/hi/Blogs']) {
      const html = (await get(page)).body;
      for (const m of html.matchAll(/url\((\/[^)"']+)\)|<img[^>]*\bsrc="(\/[^"]+)"|<link[^>]*rel="(?:preload|modulepreload)"[^>]*href="(\/[^"]+)"/g)) files.add((m[1] ?? m[2] ?? m[3])!);
    }
    expect([...files].filter((f) => f.endsWith('.svg')).length).toBeGreaterThanOrEqual(4);
    expect([...files].filter((f) => f.endsWith('.woff2'))).toHaveLength(1);
    for (const file of files) {
      const res = await get(file);
      expect(res.statusCode, file).toBe(200);
      expect(res.headers['cache-control'], file).toBe('public, max-age=31536000, immutable');
    }
  });

  it('remembers Hindi for a visitor who opens a /hi/ page with no language chosen, and never overrides a choice', async () => {
    const first = await get('/hi/Hematology');
    expect(first.statusCode).toBe(200);
    expect(first.headers['set-cookie']).toBe('lang=hi; Path=/; Max-Age=31536000; SameSite=Lax');
    // the patient screen the page links to is then drawn in Hindi
    const booking = await t.app.inject({ method: 'GET', url: '/Appointment', headers: { 'accept-encoding': 'identity', cookie: 'lang=hi' } });
    expect(booking.body).toContain('<html lang="hi-IN"');
    const chosen = await t.app.inject({ method: 'GET', url: '/hi/Hematology', headers: { 'accept-encoding': 'identity', cookie: 'a=1; lang=en' } });
    expect(chosen.headers['set-cookie']).toBeUndefined();
    expect((await get('/Hematology')).headers['set-cookie']).toBeUndefined();
    expect((await get('/hi/no-such-page')).headers['set-cookie']).toBeUndefined();
  });

  it("describes a blog post to search engines with the opening words of its text", async () => {
    const { db } = t.app.deps;
    const blog = await db.selectFrom('blogs').select(['id', 'content']).where('published', '=', 1).orderBy('id').executeTakeFirstOrThrow();
    const description = (await get(`/blog/${blog.id}`)).body.match(/<meta name="description" content="([^"]*)"/)?.[1];
    expect(description?.length).toBeGreaterThan(20);
    expect(blog.content.replace(/[*_`#]/g, '')).toContain(description!.replace(/…$/, '').slice(0, 20));
  });

  it('answers 404 with the not-found page for a missing blog and an unknown path', async () => {
    for (const url of ['/blog/99999', '/blog/abc', '/blog/99999999999999999999']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toContain('Blog not found');
    }
    const unknown = await get('/no-such-page');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('Page not found');
  });

  it('shows a blog edit, a closed opening and a new post on the next request', async () => {
    const { db } = t.app.deps;
    const before = await get('/Career');
    const open = await db.selectFrom('careers').select(['id', 'job_title']).where('is_open', '=', 1).orderBy('id').executeTakeFirstOrThrow();
    expect(before.body).toContain(open.job_title);
    const closedBefore = before.body.split('Applications closed').length;

    await db.updateTable('careers').set({ is_open: 0 }).where('id', '=', open.id).execute();
    const after = await get('/Career');
    expect(after.body.split('Applications closed').length).toBe(closedBefore + 1);

    const title = `Monsoon hygiene ${Date.now()}`;
    await get('/Blogs');
    await db.insertInto('blogs').values({ title, author: 'Staff', content: 'Wash **hands**.', published: 1, created_at: nowIso(), updated_at: nowIso() }).execute();
    expect((await get('/Blogs')).body).toContain(title);
  });

  it('leads the home page with a test search and popular packages, and shows a package edit on the next request', async () => {
    const { db } = t.app.deps;
    const home = await get('/');
    expect(home.body).toMatch(/<form[^>]*role="search"[^>]*action="\/tests"/);
    expect(home.body).toContain('Popular health packages');
    const pkg = await db.selectFrom('packages').select(['id', 'name']).where('active', '=', 1).orderBy('id').executeTakeFirstOrThrow();
    expect(home.body).toContain(pkg.name);
    const renamed = `Renamed package ${Date.now()}`;
    await db.updateTable('packages').set({ name: renamed }).where('id', '=', pkg.id).execute();
    expect((await get('/')).body).toContain(renamed);
    await db.updateTable('packages').set({ name: pkg.name }).where('id', '=', pkg.id).execute();
  });

  it('keeps a rendered page until the version of what it shows changes', async () => {
    const { db } = t.app.deps;
    const blog = await db.selectFrom('blogs').select(['id', 'title']).where('published', '=', 1).orderBy('id').executeTakeFirstOrThrow();
    const version = () => db.selectFrom('content_version').select('version').executeTakeFirstOrThrow();
    expect((await get(`/blog/${blog.id}`)).body).toContain(blog.title);
    // An edit with the version put back, as if the triggers had not seen it: the cached page stays.
    const { version: seen } = await version();
    await db.updateTable('blogs').set({ title: 'Renamed behind the cache' }).where('id', '=', blog.id).execute();
    await db.updateTable('content_version').set({ version: seen }).execute();
    expect((await get(`/blog/${blog.id}`)).body).toContain(blog.title);
    // The version moves on (as the triggers move it on every edit): the next request renders afresh.
    await db.updateTable('content_version').set({ version: seen + 1 }).execute();
    expect((await get(`/blog/${blog.id}`)).body).toContain('Renamed behind the cache');
  });

  it('takes the contact form posted without JavaScript and answers with the page and its message', async () => {
    const { db } = t.app.deps;
    const count = async () => Number((await db.selectFrom('contact_messages').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();
    const post = (body: string) =>
      t.app.inject({ method: 'POST', url: '/Contact', payload: body, headers: { 'content-type': 'application/x-www-form-urlencoded' }, remoteAddress: '10.9.8.7' });

    const ok = await post(new URLSearchParams({ name: 'Meera', email: '', phone: '+91 98765 43210', message: 'Home collection in Sodala?' }).toString());
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('Form submitted successfully!');
    expect(await count()).toBe(before + 1);

    const refused = await post(new URLSearchParams({ name: '', email: 'x', phone: 'abc', message: 'Hi' }).toString());
    expect(refused.body).toContain('Something went wrong. Please try again.');
    expect(refused.body).toContain('Enter a valid phone number.');
    expect(refused.body).toContain('value="abc"');
    expect(await count()).toBe(before + 1);
  });
});
