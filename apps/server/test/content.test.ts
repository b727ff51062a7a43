import { blogSchema, careerSchema, offerSchema } from '@lab/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, nowIso, todayIst } from '../src/lib/time.ts';
import { makeApp, type TestApp } from './helpers.ts';

describe('content: blogs, offers, careers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp();
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  describe('blogs', () => {
    it('lists the published blogs, newest first, with the contract fields', async () => {
      const old = new Date(Date.now() - 400 * 86_400_000).toISOString();
      const { db } = t.app.deps;
      await db
        .insertInto('blogs')
        .values([
          { title: 'Draft post', author: 'Staff', content: 'not yet', published: 0, created_at: nowIso(), updated_at: nowIso() },
          { title: 'Oldest post', author: 'Staff', content: '# Old\n\n<script>alert(1)</script>', published: 1, created_at: old, updated_at: old },
        ])
        .execute();
      const res = await get('/api/blogs/');
      expect(res.statusCode).toBe(200);
      const blogs = res.json() as { id: number; title: string; created_at: string }[];
      expect(blogs).toHaveLength(7);
      for (const b of blogs) expect(blogSchema.strict().safeParse(b).success).toBe(true);
      const dates = blogs.map((b) => b.created_at);
      expect(dates).toEqual([...dates].sort().reverse());
      expect(blogs.map((b) => b.title)).not.toContain('Draft post');
      // Markdown is stored and served as written; the web renders it safely.
      expect(blogs.at(-1)).toMatchObject({ title: 'Oldest post', content: '# Old\n\n<script>alert(1)</script>' });
    });

    it('answers without the trailing slash too', async () => {
      const [a, b] = await Promise.all([get('/api/blogs/'), get('/api/blogs')]);
      expect(b.statusCode).toBe(200);
      expect(b.json()).toEqual(a.json());
    });

    it('shows one published blog by id, with or without the trailing slash', async () => {
      const first = (await get('/api/blogs/')).json()[0];
      for (const url of [`/api/blogs/${first.id}/`, `/api/blogs/${first.id}`]) {
        const res = await get(url);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual(first);
      }
    });

    it('answers 404 with an error for a missing, unpublished or malformed id', async () => {
      const draft = await t.app.deps.db.selectFrom('blogs').select('id').where('published', '=', 0).executeTakeFirstOrThrow();
      for (const id of [String(draft.id), '99999', 'abc', '0', '-1', '1.5', '99999999999999999999', '2147483648', '%20']) {
        const res = await get(`/api/blogs/${id}/`);
        expect(res.statusCode, id).toBe(404);
        expect(res.json()).toEqual({ error: 'Blog not found.' });
      }
    });
  });

  describe('offers', () => {
    it('marks an offer active only when switched on and today (India) lies within its dates; active first, then latest end', async () => {
      const today = todayIst();
      const { db } = t.app.deps;
      await db
        .insertInto('offers')
        .values([
          { description: 'switched off though current', discount_percentage: 5, category_id: null, start_date: addDays(today, -1), end_date: addDays(today, 400), active: 0 },
          { description: 'on but ended yesterday', discount_percentage: 5, category_id: null, start_date: addDays(today, -20), end_date: addDays(today, -1), active: 1 },
          { description: 'on but starts tomorrow', discount_percentage: 5, category_id: null, start_date: addDays(today, 1), end_date: addDays(today, 500), active: 1 },
          { description: 'on, only today', discount_percentage: 30, category_id: null, start_date: today, end_date: today, active: 1 },
        ])
        .execute();
      for (const url of ['/api/offers/', '/api/offers']) {
        const res = await get(url);
        expect(res.statusCode).toBe(200);
        const offers = res.json() as { description: string; active: boolean; end_date: string }[];
        for (const o of offers) expect(offerSchema.strict().safeParse(o).success).toBe(true);
        const byName = Object.fromEntries(offers.map((o) => [o.description, o.active]));
        expect(byName['switched off though current']).toBe(false);
        expect(byName['on but ended yesterday']).toBe(false);
        expect(byName['on but starts tomorrow']).toBe(false);
        expect(byName['on, only today']).toBe(true);
        // The demo has both kinds.
        expect(offers.filter((o) => o.active).length).toBe(3);
        const firstInactive = offers.findIndex((o) => !o.active);
        expect(offers.slice(firstInactive).every((o) => !o.active)).toBe(true);
        for (const group of [offers.slice(0, firstInactive), offers.slice(firstInactive)]) {
          const ends = group.map((o) => o.end_date);
          expect(ends).toEqual([...ends].sort().reverse());
        }
      }
    });
  });

  describe('careers', () => {
    it('lists open positions first, newest first, with the contract fields', async () => {
      const today = todayIst();
      await t.app.deps.db
        .insertInto('careers')
        .values({ job_title: 'Newest but closed', description: 'x', posted_on: today, is_open: 0, application_link: 'mailto:x@example.com' })
        .execute();
      for (const url of ['/api/careers/', '/api/careers']) {
        const res = await get(url);
        expect(res.statusCode).toBe(200);
        const careers = res.json() as { job_title: string; is_open: boolean; posted_on: string }[];
        expect(careers).toHaveLength(6);
        for (const c of careers) expect(careerSchema.strict().safeParse(c).success).toBe(true);
        expect(careers.map((c) => c.is_open)).toEqual([true, true, true, false, false, false]);
        expect(careers[3]!.job_title).toBe('Newest but closed');
        for (const group of [careers.slice(0, 3), careers.slice(3)]) {
          const posted = group.map((c) => c.posted_on);
          expect(posted).toEqual([...posted].sort().reverse());
        }
      }
    });
  });
});
