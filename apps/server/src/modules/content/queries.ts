// SQL of the content domain: published blogs, offers and career openings.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database>;

const blogColumns = ['id', 'title', 'author', 'content', 'created_at', 'cover_image_id', 'title_hi', 'content_hi'] as const;

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
