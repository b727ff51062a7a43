// Uploaded images: stored once as renditions (widths × AVIF/WebP) under the images folder, recorded with
// the original's size so every page reserves the right space; the audit trail names who uploaded what.
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type Image, imageUrl } from '@lab/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { auditedCreate } from '../audit/record.ts';
import { fieldErrors } from '../../lib/errors.ts';
import { nowIso } from '../../lib/time.ts';
import * as q from './queries.ts';
import { probe, renditions, widthsFor } from './renditions.ts';

type Db = Kysely<Database>;

const out = (r: { id: number; width: number; height: number; widths: string; alt: string }): Image => ({
  id: Number(r.id),
  width: r.width,
  height: r.height,
  widths: r.widths.split(',').map(Number),
  alt: r.alt,
});

export async function imagesById(db: Db, ids: readonly number[]): Promise<Map<number, Image>> {
  if (ids.length === 0) return new Map();
  return new Map((await q.byIds(db, ids)).map((r) => [Number(r.id), out(r)]));
}

/** rows naming a picture by `cover_image_id`, with the picture itself instead (null when none) */
export async function withCoverImages<T extends { cover_image_id: number | null }>(db: Db, rows: readonly T[]): Promise<Array<Omit<T, 'cover_image_id'> & { cover_image: Image | null }>> {
  const images = await imagesById(db, [...new Set(rows.flatMap((r) => (r.cover_image_id === null ? [] : [r.cover_image_id])))]);
  return rows.map(({ cover_image_id, ...rest }) => ({ ...rest, cover_image: (cover_image_id !== null && images.get(cover_image_id)) || null }));
}

/** refuses, field by field, a picture id that names no uploaded image */
export async function checkImagesExist(db: Db, wanted: Record<string, number | null | undefined>): Promise<void> {
  const found = await imagesById(db, Object.values(wanted).filter((i): i is number => typeof i === 'number'));
  const missing = Object.entries(wanted).filter(([, i]) => typeof i === 'number' && !found.has(i));
  if (missing.length) throw fieldErrors(Object.fromEntries(missing.map(([field]) => [field, ['No image with this id. Upload it first.']])));
}

/** the images staff pick from, newest first */
export const IMAGE_LIST_LIMIT = 200;
export async function listImages(db: Db): Promise<Image[]> {
  return (await q.newest(db, IMAGE_LIST_LIMIT)).map(out);
}

/**
 * Checks the bytes, makes the renditions (before any transaction: encoding takes a while, and the
 * database is not held meanwhile), then records the image and writes its files in one transaction, so
 * a failed write leaves neither a row nor stray files behind.
 */
export async function storeImage(db: Db, dir: string, actor: number, bytes: Buffer, alt: string): Promise<Image> {
  const probed = await probe(bytes);
  const widths = widthsFor(probed.width);
  const files = await renditions(bytes, widths);
  const id = await auditedCreate(db, actor, 'image', async (trx) => {
    const row = { format: probed.format, width: probed.width, height: probed.height, widths: widths.join(','), bytes: bytes.length, alt, uploaded_by: actor, created_at: nowIso() };
    const id = await q.insert(trx, row);
    const written = files.map((f) => path.join(dir, path.basename(imageUrl(id, f.width, f.format))));
    try {
      await mkdir(dir, { recursive: true });
      // Each file appears whole or not at all: written aside, then renamed into place.
      await Promise.all(files.map(async (f, i) => {
        await writeFile(`${written[i]!}.part`, f.data);
        await rename(`${written[i]!}.part`, written[i]!);
      }));
    } catch (err) {
      await Promise.all(written.flatMap((w) => [rm(w, { force: true }), rm(`${w}.part`, { force: true })]));
      throw err;
    }
    return { id, after: { format: row.format, width: row.width, height: row.height, widths: row.widths, bytes: row.bytes, alt } };
  });
  return out({ id, width: probed.width, height: probed.height, widths: widths.join(','), alt });
}
