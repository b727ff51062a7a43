// Rules of the content. Public: which blogs show, when an offer counts as active, how lists are
// ordered. The staff's screens: blog posts (drafts stay off the public list until published) and
// career openings (open or closed, with an https or mailto application link), every change audited.
import { type Blog, type blogInputSchema, type blogUpdateSchema, type Career, type careerInputSchema, type careerUpdateSchema, idText, type Image, type Locale, type Offer, type StaffBlog, type StaffCareer } from '@lab/contract';
import { inLanguage } from '../../lib/bilingual.ts';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import { auditedCreate, auditedUpdate, recordAudit } from '../audit/record.ts';
import { notFound, oneOrNotFound } from '../../lib/errors.ts';
import { nowIso, todayIst } from '../../lib/time.ts';
import { isOfferRunning } from '../catalog/pricing.ts';
import { checkImagesExist, withCoverImages } from '../images/service.ts';
import * as q from './queries.ts';


/** a blog row as the contract shows it, in the reader's language */
function blogIn(language: Locale, { title_hi, content_hi, author_hi, ...b }: Awaited<ReturnType<typeof q.publishedBlogs>>[number]) {
  return { ...b, title: inLanguage(language, b.title, title_hi), author: inLanguage(language, b.author, author_hi), content: inLanguage(language, b.content, content_hi) };
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

// --- the staff's content screens ---------------------------------------------------------------------

type Db = Kysely<Database>;
const bit = (v: boolean): 0 | 1 => (v ? 1 : 0);

const blogOut = (r: Omit<q.BlogRow, 'cover_image_id'> & { cover_image: Image | null }): StaffBlog => ({
  id: r.id,
  title: r.title,
  author: r.author,
  content: r.content,
  title_hi: r.title_hi,
  content_hi: r.content_hi,
  author_hi: r.author_hi,
  published: r.published === 1,
  created_at: r.created_at,
  updated_at: r.updated_at,
  cover_image: r.cover_image,
});

type BlogValues = {
  title: string;
  author: string;
  content: string;
  title_hi: string | null;
  content_hi: string | null;
  author_hi: string | null;
  published: boolean;
  cover_image_id: number | null;
};

const auditedBlog = (b: StaffBlog | BlogValues): BlogValues => ({
  title: b.title,
  author: b.author,
  content: b.content,
  title_hi: b.title_hi,
  content_hi: b.content_hi,
  author_hi: b.author_hi,
  published: b.published,
  cover_image_id: 'cover_image_id' in b ? b.cover_image_id : (b.cover_image?.id ?? null),
});

export async function listStaffBlogs(db: Db, id?: number): Promise<StaffBlog[]> {
  return (await withCoverImages(db, await q.blogs(db, id))).map(blogOut);
}

const BLOG_MISSING = 'Blog post not found.';
const getStaffBlog = (db: Db, id: number) => oneOrNotFound(listStaffBlogs(db, id), BLOG_MISSING);

export async function createBlog(db: Db, actor: number, input: z.output<typeof blogInputSchema>): Promise<StaffBlog> {
  const id = await auditedCreate(db, actor, 'blog', async (trx) => {
    const now = nowIso();
    const published = input.published ?? false;
    const cover_image_id = input.cover_image_id ?? null;
    await checkImagesExist(trx, { cover_image_id });
    const hindi = { title_hi: input.title_hi ?? null, content_hi: input.content_hi ?? null, author_hi: input.author_hi ?? null };
    const { id } = await q.insertBlog(trx, { title: input.title, author: input.author, content: input.content, ...hindi, published: bit(published), created_at: now, updated_at: now, cover_image_id });
    return { id, after: auditedBlog({ ...input, ...hindi, published, cover_image_id }) };
  });
  return getStaffBlog(db, id);
}

export async function updateBlog(db: Db, actor: number, id: number, input: z.output<typeof blogUpdateSchema>): Promise<StaffBlog> {
  await auditedUpdate(db, { actorUserId: actor, entity: 'blog', entityId: id, missing: BLOG_MISSING }, {
    load: async (trx) => (await listStaffBlogs(trx, id))[0],
    next: async (current, trx) => {
      await checkImagesExist(trx, { cover_image_id: input.cover_image_id });
      return {
        title: input.title ?? current.title,
        author: input.author ?? current.author,
        content: input.content ?? current.content,
        // absent: keep the Hindi; null or blank: remove it
        title_hi: input.title_hi === undefined ? current.title_hi : input.title_hi,
        content_hi: input.content_hi === undefined ? current.content_hi : input.content_hi,
        author_hi: input.author_hi === undefined ? current.author_hi : input.author_hi,
        published: input.published ?? current.published,
        // absent: keep the cover; null: remove it
        cover_image_id: input.cover_image_id === undefined ? (current.cover_image?.id ?? null) : input.cover_image_id,
      };
    },
    save: (trx, next) => q.updateBlog(trx, id, { ...next, published: bit(next.published), updated_at: nowIso() }),
    audited: (current, next) => ({ before: auditedBlog(current), after: next }),
    // Publishing and unpublishing are named as such in the trail; any other edit is an update.
    action: (change, next) => (Object.keys(change.after).length === 1 && 'published' in change.after ? (next.published ? 'publish' : 'unpublish') : 'update'),
  });
  return getStaffBlog(db, id);
}

export async function deleteBlog(db: Db, actor: number, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const [row] = await listStaffBlogs(trx, id);
    if (!row) throw notFound(BLOG_MISSING);
    await q.deleteBlog(trx, id);
    await recordAudit(trx, { actorUserId: actor, entity: 'blog', entityId: String(id), action: 'delete', before: auditedBlog(row), after: null });
  });
}

const careerOut = (r: q.CareerRow): StaffCareer => ({
  id: r.id,
  job_title: r.job_title,
  description: r.description,
  job_title_hi: r.job_title_hi,
  description_hi: r.description_hi,
  posted_on: r.posted_on,
  is_open: r.is_open === 1,
  application_link: r.application_link,
});

export async function listStaffCareers(db: Db, id?: number): Promise<StaffCareer[]> {
  return (await q.careers(db, id)).map(careerOut);
}

const CAREER_MISSING = 'Career opening not found.';
const getStaffCareer = (db: Db, id: number) => oneOrNotFound(listStaffCareers(db, id), CAREER_MISSING);

export async function createCareer(db: Db, actor: number, input: z.output<typeof careerInputSchema>): Promise<StaffCareer> {
  const id = await auditedCreate(db, actor, 'career', async (trx) => {
    const values = {
      job_title: input.job_title,
      description: input.description,
      job_title_hi: input.job_title_hi ?? null,
      description_hi: input.description_hi ?? null,
      posted_on: input.posted_on ?? todayIst(),
      is_open: bit(input.is_open ?? true),
      application_link: input.application_link,
    };
    const { id } = await q.insertCareer(trx, values);
    return { id, after: careerOut({ id, ...values }) };
  });
  return getStaffCareer(db, id);
}

export async function updateCareer(db: Db, actor: number, id: number, input: z.output<typeof careerUpdateSchema>): Promise<StaffCareer> {
  await auditedUpdate(db, { actorUserId: actor, entity: 'career', entityId: id, missing: CAREER_MISSING }, {
    load: async (trx) => (await q.careers(trx, id))[0],
    next: (row) => ({
      job_title: input.job_title ?? row.job_title,
      description: input.description ?? row.description,
      job_title_hi: input.job_title_hi === undefined ? row.job_title_hi : input.job_title_hi,
      description_hi: input.description_hi === undefined ? row.description_hi : input.description_hi,
      posted_on: input.posted_on ?? row.posted_on,
      is_open: input.is_open === undefined ? row.is_open : bit(input.is_open),
      application_link: input.application_link ?? row.application_link,
    }),
    save: (trx, values) => q.updateCareer(trx, id, values),
    audited: (row, values) => ({ before: careerOut(row), after: careerOut({ id, ...values }) }),
  });
  return getStaffCareer(db, id);
}
