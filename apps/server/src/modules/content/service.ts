// Rules of the public content: which blogs show, when an offer counts as active, how lists are ordered.
import { type Blog, type Career, idText, type Offer } from '@lab/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { todayIst } from '../../lib/time.ts';
import { isOfferRunning } from '../catalog/pricing.ts';
import { withCoverImages } from '../images/service.ts';
import * as q from './queries.ts';


export async function listBlogs(db: Kysely<Database>): Promise<Blog[]> {
  return withCoverImages(db, await q.publishedBlogs(db));
}

/** a missing, unpublished or malformed id is the same 404: the path names no blog */
export async function getBlog(db: Kysely<Database>, rawId: string): Promise<Blog> {
  // The contract's one id schema decides what is an id; anything else names no blog.
  const id = idText().safeParse(rawId);
  const blog = id.success ? await q.publishedBlog(db, id.data) : undefined;
  if (!blog) throw notFound('Blog not found.');
  return (await withCoverImages(db, [blog]))[0]!;
}

/** active = switched on and today (India) within its dates; active ones first, then latest ending first */
export async function listOffers(db: Kysely<Database>, today = todayIst()): Promise<Offer[]> {
  const offers = (await q.allOffers(db)).map((o) => ({
    id: o.id,
    description: o.description,
    discount_percentage: o.discount_percentage,
    start_date: o.start_date,
    end_date: o.end_date,
    active: isOfferRunning(o, today),
  }));
  return offers.sort((a, b) => Number(b.active) - Number(a.active) || b.end_date.localeCompare(a.end_date) || b.id - a.id);
}

export async function listCareers(db: Kysely<Database>): Promise<Career[]> {
  return (await q.allCareers(db)).map((c) => ({ ...c, is_open: c.is_open === 1 }));
}
