// The lab's details as every reader gets them (footer, pages, e-mails, bills, reports, booking's closed
// days), and the admin's edit of them. The record is one row; each process keeps it parsed in memory
// under the row's version, so the JSON is parsed once per edit. The app tells this module where its
// database's version is known without a query (the change watch of decision records 027 and 030), so
// a reader in the steady state touches no table; a read inside a transaction, and the staff's own
// reads, check the row itself.
import { createHash } from 'node:crypto';
import { type LabDetails, labDetailsSchema, type LabDetailsValues, type StaffLabDetails } from '@lab/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { auditedUpdate } from '../audit/record.ts';
import { nowIso } from '../../lib/time.ts';
import { checkImagesExist, imagesById } from '../images/service.ts';
import { DEFAULT_LAB_DETAILS } from '../../db/seed/lab-details.ts';
import * as q from './queries.ts';

type Db = Kysely<Database>;

interface Cached {
  version: number;
  staff: StaffLabDetails;
  public: LabDetails;
  /** a strong validator of the public record, for GET /api/lab/ */
  etag: string;
}

// Keyed by the database handle: tests run several apps (databases) in one process.
const cache = new WeakMap<Db, Cached>();
/** where the version of a database's row is known without a query (catalog/plugin.ts: deps.catalogVersion.lab) */
const versionSources = new WeakMap<Db, () => Promise<number>>();

/** reads of the lab's details on `db` take the row's version from `source` instead of the row */
export function watchLabDetailsVersion(db: Db, source: () => Promise<number>): void {
  versionSources.set(db, source);
}

/** the version of the lab's record as its row holds it now, bumped by every edit */
export function labDetailsVersion(db: Db): Promise<number> {
  return q.version(db);
}

async function current(db: Db, fresh = false): Promise<Cached> {
  const watched = fresh ? undefined : versionSources.get(db);
  const version = await (watched ? watched() : q.version(db));
  const hit = cache.get(db);
  if (hit && hit.version === version) return hit;
  const row = await q.row(db);
  const loaded = await load(db, Number(row.version), row.details_json);
  // A slower load of an older version must not replace a newer one.
  const now = cache.get(db);
  if (!now || now.version <= loaded.version) cache.set(db, loaded);
  return loaded;
}

/** the stored JSON over the defaults (fields added after it was saved take the demo's value), images resolved */
async function load(db: Db, version: number, json: string): Promise<Cached> {
  const stored = JSON.parse(json) as Partial<LabDetailsValues>;
  const hero = stored.hero_image_id ?? null;
  const about = stored.about_image_id ?? null;
  const images = await imagesById(db, [hero, about].filter((i): i is number => i !== null));
  const record = labDetailsSchema.parse({
    ...DEFAULT_LAB_DETAILS,
    ...stored,
    hero_image: (hero !== null && images.get(hero)) || null,
    about_image: (about !== null && images.get(about)) || null,
  });
  const etag = createHash('sha256').update(JSON.stringify(record)).digest('base64url').slice(0, 27);
  return { version, public: record, staff: { ...record, hero_image_id: record.hero_image?.id ?? null, about_image_id: record.about_image?.id ?? null }, etag };
}

export async function labDetails(db: Db): Promise<LabDetails> {
  return (await current(db)).public;
}

/** the public record and its ETag */
export async function publicLabDetails(db: Db): Promise<{ details: LabDetails; etag: string }> {
  const c = await current(db);
  return { details: c.public, etag: c.etag };
}

/** the staff's record, from the row as it is now: right after an edit, before any notification came */
export async function staffLabDetails(db: Db): Promise<StaffLabDetails> {
  return (await current(db, true)).staff;
}

/** what the trail and the row hold: the record as the admin sent it, the pictures by id */
const stored = (d: StaffLabDetails | LabDetailsValues): LabDetailsValues => {
  const { hero_image: _h, about_image: _a, ...rest } = d as StaffLabDetails;
  return { ...rest, hero_image_id: d.hero_image_id ?? null, about_image_id: d.about_image_id ?? null };
};

/** replaces the record (PUT), audited with the fields that changed; an edit that changes nothing writes nothing */
export async function updateLabDetails(db: Db, actor: number, input: LabDetailsValues): Promise<StaffLabDetails> {
  const next = stored(input);
  await auditedUpdate(db, { actorUserId: actor, entity: 'lab_details', entityId: 1, missing: 'The lab details are missing.' }, {
    load: async (trx) => stored((await current(trx)).staff),
    next: async (_current, trx) => {
      await checkImagesExist(trx, { hero_image_id: next.hero_image_id, about_image_id: next.about_image_id });
      return next;
    },
    save: (trx, values) => q.save(trx, JSON.stringify(values), nowIso()),
    audited: (before, after) => ({ before, after }),
  });
  return staffLabDetails(db);
}

