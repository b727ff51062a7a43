// Rules of the staff content screens: blog posts (drafts stay off the public list until published)
// and career openings (open or closed, with an https or mailto application link). Changes are audited.
import type { blogInputSchema, blogUpdateSchema, careerInputSchema, careerUpdateSchema, StaffBlog, StaffCareer } from '@lab/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../../db/schema.ts';
import { recordAudit } from '../../../lib/audit.ts';
import { notFound } from '../../../lib/errors.ts';
import { nowIso, todayIst } from '../../../lib/time.ts';
import { diff } from '../diff.ts';
import * as q from './queries.ts';

type Db = Kysely<Database>;
const bit = (v: boolean): 0 | 1 => (v ? 1 : 0);

const blogOut = (r: q.BlogRow): StaffBlog => ({
  id: r.id,
  title: r.title,
  author: r.author,
  content: r.content,
  published: r.published === 1,
  created_at: r.created_at,
  updated_at: r.updated_at,
});

const auditedBlog = (b: StaffBlog | { title: string; author: string; content: string; published: boolean }) => ({
  title: b.title,
  author: b.author,
  content: b.content,
  published: b.published,
});

export async function listBlogs(db: Db, id?: number): Promise<StaffBlog[]> {
  return (await q.blogs(db, id)).map(blogOut);
}

async function getBlog(db: Db, id: number): Promise<StaffBlog> {
  const [found] = await listBlogs(db, id);
  if (!found) throw notFound('Blog post not found.');
  return found;
}

export async function createBlog(db: Db, actor: number, input: z.output<typeof blogInputSchema>): Promise<StaffBlog> {
  const id = await db.transaction().execute(async (trx) => {
    const now = nowIso();
    const published = input.published ?? false;
    const { id } = await q.insertBlog(trx, { title: input.title, author: input.author, content: input.content, published: bit(published), created_at: now, updated_at: now });
    await recordAudit(trx, { actorUserId: actor, entity: 'blog', entityId: String(id), action: 'create', before: null, after: auditedBlog({ ...input, published }) });
    return id;
  });
  return getBlog(db, id);
}

export async function updateBlog(db: Db, actor: number, id: number, input: z.output<typeof blogUpdateSchema>): Promise<StaffBlog> {
  await db.transaction().execute(async (trx) => {
    const [row] = await q.blogs(trx, id);
    if (!row) throw notFound('Blog post not found.');
    const current = blogOut(row);
    const next = {
      title: input.title ?? current.title,
      author: input.author ?? current.author,
      content: input.content ?? current.content,
      published: input.published ?? current.published,
    };
    const change = diff(auditedBlog(current), next);
    if (!change) return;
    await q.updateBlog(trx, id, { ...next, published: bit(next.published), updated_at: nowIso() });
    const action = Object.keys(change.after).length === 1 && 'published' in change.after ? (next.published ? 'publish' : 'unpublish') : 'update';
    await recordAudit(trx, { actorUserId: actor, entity: 'blog', entityId: String(id), action, before: change.before, after: change.after });
  });
  return getBlog(db, id);
}

export async function deleteBlog(db: Db, actor: number, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const [row] = await q.blogs(trx, id);
    if (!row) throw notFound('Blog post not found.');
    await q.deleteBlog(trx, id);
    await recordAudit(trx, { actorUserId: actor, entity: 'blog', entityId: String(id), action: 'delete', before: auditedBlog(blogOut(row)), after: null });
  });
}

const careerOut = (r: q.CareerRow): StaffCareer => ({
  id: r.id,
  job_title: r.job_title,
  description: r.description,
  posted_on: r.posted_on,
  is_open: r.is_open === 1,
  application_link: r.application_link,
});

export async function listCareers(db: Db, id?: number): Promise<StaffCareer[]> {
  return (await q.careers(db, id)).map(careerOut);
}

async function getCareer(db: Db, id: number): Promise<StaffCareer> {
  const [found] = await listCareers(db, id);
  if (!found) throw notFound('Career opening not found.');
  return found;
}

export async function createCareer(db: Db, actor: number, input: z.output<typeof careerInputSchema>): Promise<StaffCareer> {
  const id = await db.transaction().execute(async (trx) => {
    const values = {
      job_title: input.job_title,
      description: input.description,
      posted_on: input.posted_on ?? todayIst(),
      is_open: bit(input.is_open ?? true),
      application_link: input.application_link,
    };
    const { id } = await q.insertCareer(trx, values);
    await recordAudit(trx, { actorUserId: actor, entity: 'career', entityId: String(id), action: 'create', before: null, after: careerOut({ id, ...values }) });
    return id;
  });
  return getCareer(db, id);
}

export async function updateCareer(db: Db, actor: number, id: number, input: z.output<typeof careerUpdateSchema>): Promise<StaffCareer> {
  await db.transaction().execute(async (trx) => {
    const [row] = await q.careers(trx, id);
    if (!row) throw notFound('Career opening not found.');
    const values = {
      job_title: input.job_title ?? row.job_title,
      description: input.description ?? row.description,
      posted_on: input.posted_on ?? row.posted_on,
      is_open: input.is_open === undefined ? row.is_open : bit(input.is_open),
      application_link: input.application_link ?? row.application_link,
    };
    const change = diff(careerOut(row), careerOut({ id, ...values }));
    if (!change) return;
    await q.updateCareer(trx, id, values);
    await recordAudit(trx, { actorUserId: actor, entity: 'career', entityId: String(id), action: 'update', before: change.before, after: change.after });
  });
  return getCareer(db, id);
}
