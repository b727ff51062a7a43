// Rules of the public content: which blogs show, when an offer counts as active, how lists are ordered.
import { type Blog, type Career, idText, type Locale, type Offer } from '@lab/contract';
import { inLanguage } from '../../lib/bilingual.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { todayIst } from '../../lib/time.ts';
import { isOfferRunning } from '../catalog/pricing.ts';
import { withCoverImages } from '../images/service.ts';
import * as q from './queries.ts';


/** a blog row as the contract shows it, in the reader's language */
function blogIn(language: Locale, { title_hi, content_hi, ...b }: Awaited<ReturnType<typeof q.publishedBlogs>>[number]) {
  return { ...b, title: inLanguage(language, b.title, title_hi), content: inLanguage(language, b.content, content_hi) };
}

export async function listBlogs(db: Kysely<Database>, language: Locale = 'en'): Promise<Blog[]> {
  return withCoverImages(db, (await q.publishedBlogs(db)).map((b) => blogIn(language, b)));
}

/** a missing, unpublished or malformed id is the same 404: the path names no blog */
export async function getBlog(db: Kysely<Database>, rawId: string, language: Locale = 'en'): Promise<Blog> {
  // The contract's one id schema decides what is an id; anything else names no blog.
  const id = idText().safeParse(rawId);
  const blog = id.success ? await q.publishedBlog(db, id.data) : undefined;
  if (!blog) throw notFound('Blog not found.');
  return (await withCoverImages(db, [blogIn(language, blog)]))[0]!;
}

/**
 * active = switched on and today (India) within its dates; active ones first, then latest ending
 * first. Each names the active tests it applies to (empty: its category, or every test).
 */
export async function listOffers(db: Kysely<Database>, today = todayIst(), language: Locale = 'en'): Promise<Offer[]> {
  const rows = await q.allOffers(db);
  const tests = await q.offerTests(
    db,
    rows.map((o) => o.id),
  );
  const offers = rows.map((o) => ({
    id: o.id,
    description: inLanguage(language, o.description, o.description_hi),
    discount_percentage: o.discount_percentage,
    start_date: o.start_date,
    end_date: o.end_date,
    active: isOfferRunning(o, today),
    tests: tests.filter((t) => t.offer_id === o.id).map((t) => ({ id: t.id, name: inLanguage(language, t.name, t.name_hi) })),
  }));
  return offers.sort((a, b) => Number(b.active) - Number(a.active) || b.end_date.localeCompare(a.end_date) || b.id - a.id);
}

export async function listCareers(db: Kysely<Database>, language: Locale = 'en'): Promise<Career[]> {
  return (await q.allCareers(db)).map(({ job_title_hi, description_hi, ...c }) => ({
    ...c,
    job_title: inLanguage(language, c.job_title, job_title_hi),
    description: inLanguage(language, c.description, description_hi),
    is_open: c.is_open === 1,
  }));
}
