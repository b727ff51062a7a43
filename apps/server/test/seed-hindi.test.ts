// The demo seed in Hindi (docs/i18n.md): every active test, category, package, membership plan, served
// locality and published blog post the seed writes has its Hindi beside the English, written in
// Devanagari; authors are named in Devanagari with their title in Hindi. On SQLite and, with
// DATABASE_URL, PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, type TestApp } from './helpers.ts';

/** a Hindi text: has Devanagari letters, and more of them than Latin ones (abbreviations and brands may stay) */
function isHindi(text: string | null): boolean {
  if (!text) return false;
  const devanagari = text.match(/[\u0900-\u097F]/g)?.length ?? 0;
  const latin = text.match(/[A-Za-z]/g)?.length ?? 0;
  return devanagari > 0 && devanagari > latin;
}

describe('isHindi', () => {
  it('takes Hindi with an abbreviation in brackets and refuses English, a transliteration-free copy and nothing', () => {
    expect(isHindi('थायरॉइड प्रोफ़ाइल (T3, T4, TSH)')).toBe(true);
    expect(isHindi('विटामिन डी (25-OH)')).toBe(true);
    expect(isHindi('Thyroid Profile (T3, T4, TSH)')).toBe(false);
    expect(isHindi('Hormonal Assays की')).toBe(false);
    expect(isHindi('')).toBe(false);
    expect(isHindi(null)).toBe(false);
  });
});

describe('the demo seed in Hindi', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp();
  });
  afterAll(() => t.close());

  /** the rows (named by their English) whose Hindi is missing or not Hindi */
  const lacking = (rows: Array<{ en: string; hi: string | null }>) => rows.filter((r) => !isHindi(r.hi)).map((r) => r.en);

  it('names every active test in Hindi', async () => {
    const rows = await t.app.deps.db.selectFrom('tests').select(['name as en', 'name_hi as hi']).where('active', '=', 1).execute();
    expect(rows.length).toBeGreaterThan(60);
    expect(lacking(rows)).toEqual([]);
  });

  it('names every category, active package (and its description) and active membership plan in Hindi', async () => {
    const { db } = t.app.deps;
    const categories = await db.selectFrom('categories').select(['name as en', 'name_hi as hi']).execute();
    const packages = await db.selectFrom('packages').select(['name', 'name_hi', 'description', 'description_hi']).where('active', '=', 1).execute();
    const plans = await db.selectFrom('membership_plans').select(['name as en', 'name_hi as hi']).where('active', '=', 1).execute();
    expect([categories.length, packages.length, plans.length]).toEqual([5, 4, 3]);
    expect(lacking(categories)).toEqual([]);
    expect(lacking(packages.map((p) => ({ en: p.name, hi: p.name_hi })))).toEqual([]);
    expect(lacking(packages.map((p) => ({ en: p.description, hi: p.description_hi })))).toEqual([]);
    expect(lacking(plans)).toEqual([]);
  });

  it('names every served locality in Hindi', async () => {
    const rows = await t.app.deps.db.selectFrom('service_pins').select(['locality as en', 'locality_hi as hi']).execute();
    expect(rows.length).toBe(7);
    expect(lacking(rows)).toEqual([]);
  });

  it('gives every published post its title, text and author in Hindi, a doctor as "डॉ." and a name in Devanagari', async () => {
    const posts = await t.app.deps.db.selectFrom('blogs').select(['title', 'title_hi', 'content', 'content_hi', 'author', 'author_hi']).where('published', '=', 1).execute();
    expect(posts.length).toBe(6);
    expect(lacking(posts.map((p) => ({ en: p.title, hi: p.title_hi })))).toEqual([]);
    expect(lacking(posts.map((p) => ({ en: p.content, hi: p.content_hi })))).toEqual([]);
    expect(lacking(posts.map((p) => ({ en: p.author, hi: p.author_hi })))).toEqual([]);
    for (const p of posts) {
      // a person's name is wholly Devanagari: no Latin letter left in it
      expect(p.author_hi, p.author).not.toMatch(/[A-Za-z]/);
      if (p.author.startsWith('Dr. ')) expect(p.author_hi, p.author).toMatch(/^डॉ\. \S/);
    }
  });

  it('gives every active offer and career opening its Hindi', async () => {
    const { db } = t.app.deps;
    const offers = await db.selectFrom('offers').select(['description as en', 'description_hi as hi']).execute();
    const careers = await db.selectFrom('careers').select(['job_title', 'job_title_hi', 'description', 'description_hi']).execute();
    expect(lacking(offers)).toEqual([]);
    expect(lacking(careers.map((c) => ({ en: c.description, hi: c.description_hi })))).toEqual([]);
    expect(careers.every((c) => c.job_title_hi && /[\u0900-\u097F]/.test(c.job_title_hi))).toBe(true);
  });
});
