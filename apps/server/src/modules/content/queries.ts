// SQL of the content domain: published blogs, offers and career openings for everyone; every blog
// post (drafts too) and every career opening for the staff's content screens, and their changes.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database>;

const blogColumns = ['id', 'title', 'author', 'content', 'created_at', 'cover_image_id', 'title_hi', 'content_hi', 'author_hi'] as const;

export function publishedBlogs(db: Db) {
  return db.selectFrom('blogs').select(blogColumns).where('published', '=', 1).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

export function publishedBlog(db: Db, id: number) {
  return db.selectFrom('blogs').select(blogColumns).where('id', '=', id).where('published', '=', 1).executeTakeFirst();
}

export function allOffers(db: Db) {
  return db.selectFrom('offers').select(['id', 'description', 'discount_percentage', 'start_date', 'end_date', 'active', 'description_hi']).execute();
}

/** the active tests the given offers name, by name (a withdrawn test cannot be booked, so it is not shown) */
export function offerTests(db: Db, offerIds: readonly number[]) {
  if (offerIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('offer_tests')
    .innerJoin('tests', 'tests.id', 'offer_tests.test_id')
    .select(['offer_tests.offer_id', 'tests.id', 'tests.name', 'tests.name_hi'])
    .where('offer_tests.offer_id', 'in', [...offerIds])
    .where('tests.active', '=', 1)
    .orderBy('tests.name')
    .orderBy('tests.id')
    .execute();
}

export function allCareers(db: Db) {
  return db
    .selectFrom('careers')
    .select(['id', 'job_title', 'description', 'posted_on', 'is_open', 'application_link', 'job_title_hi', 'description_hi'])
    .orderBy('is_open', 'desc')
    .orderBy('posted_on', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

// --- the staff's content screens ---------------------------------------------------------------------

const staffBlogColumns = ['id', 'title', 'author', 'content', 'title_hi', 'content_hi', 'author_hi', 'published', 'created_at', 'updated_at', 'cover_image_id'] as const;

export function blogs(db: Db, id?: number) {
  let query = db.selectFrom('blogs').select(staffBlogColumns);
  if (id !== undefined) query = query.where('id', '=', id);
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

export type BlogRow = Awaited<ReturnType<typeof blogs>>[number];

type Hindi<K extends string> = Record<K, string | null>;

export function insertBlog(db: Db, b: { title: string; author: string; content: string; published: 0 | 1; created_at: string; updated_at: string; cover_image_id: number | null } & Hindi<'title_hi' | 'content_hi' | 'author_hi'>) {
  return db.insertInto('blogs').values(b).returning('id').executeTakeFirstOrThrow();
}

export function updateBlog(db: Db, id: number, b: { title: string; author: string; content: string; published: 0 | 1; updated_at: string; cover_image_id: number | null } & Hindi<'title_hi' | 'content_hi' | 'author_hi'>) {
  return db.updateTable('blogs').set(b).where('id', '=', id).execute();
}

export function deleteBlog(db: Db, id: number) {
  return db.deleteFrom('blogs').where('id', '=', id).execute();
}

const careerColumns = ['id', 'job_title', 'description', 'job_title_hi', 'description_hi', 'posted_on', 'is_open', 'application_link'] as const;

export function careers(db: Db, id?: number) {
  let query = db.selectFrom('careers').select(careerColumns);
  if (id !== undefined) query = query.where('id', '=', id);
  return query.orderBy('posted_on', 'desc').orderBy('id', 'desc').execute();
}

export type CareerRow = Awaited<ReturnType<typeof careers>>[number];

type CareerValues = { job_title: string; description: string; posted_on: string; is_open: 0 | 1; application_link: string } & Hindi<'job_title_hi' | 'description_hi'>;

export function insertCareer(db: Db, c: CareerValues) {
  return db.insertInto('careers').values(c).returning('id').executeTakeFirstOrThrow();
}

export function updateCareer(db: Db, id: number, c: CareerValues) {
  return db.updateTable('careers').set(c).where('id', '=', id).execute();
}
