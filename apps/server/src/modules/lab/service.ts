// The lab's details as every reader gets them (footer, pages, e-mails, bills, reports, booking's closed
// days), and the admin's edit of them. The record is one row; each process keeps it parsed in memory
// under the row's version, so the JSON is parsed once per edit. The app tells this module where its
// database's version is known without a query (the change watch of decision records 027 and 030), so
// a reader in the steady state touches no table; a read inside a transaction, and the staff's own
// reads, check the row itself.
import { createHash } from 'node:crypto';
import { type LabDetails, labDetailsSchema, type LabDetailsValues, type Locale, type StaffLabDetails } from '@lab/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { auditedUpdate } from '../audit/record.ts';
import { nowIso } from '../../lib/time.ts';
import { checkImagesExist, imagesById } from '../images/service.ts';
import { DEFAULT_LAB_DETAILS, DEFAULT_LAB_DETAILS_HI } from '../../db/seed/lab-details.ts';
import * as q from './queries.ts';

type Db = Kysely<Database>;

interface Cached {
  version: number;
  staff: StaffLabDetails;
  /** the public record per language: Hindi readers get the Hindi written beside the English */
  public: Record<Locale, LabDetails>;
  /** a strong validator of each language's public record, for GET /api/lab/ */
  etag: Record<Locale, string>;
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
  // A Hindi text stands beside the English it came with: the demo's Hindi only under the demo's English.
  const nameHi = stored.grievance ? (stored.grievance.name_hi ?? null) : DEFAULT_LAB_DETAILS_HI.grievance_name;
  const addressHi = stored.address_lines ? (stored.address_lines_hi ?? null) : DEFAULT_LAB_DETAILS_HI.address_lines;
  const hindi: LabDetails = {
    ...record,
    address_lines: addressHi && addressHi.length > 0 ? addressHi : record.address_lines,
    grievance: { ...record.grievance, name: nameHi || record.grievance.name },
  };
  const etagOf = (r: LabDetails) => createHash('sha256').update(JSON.stringify(r)).digest('base64url').slice(0, 27);
  const { name, email, phone } = record.grievance;
  return {
    version,
    public: { en: record, hi: hindi },
    staff: {
      ...record,
      grievance: { name, name_hi: nameHi, email, phone },
      address_lines_hi: addressHi && addressHi.length > 0 ? addressHi : null,
      hero_image_id: record.hero_image?.id ?? null,
      about_image_id: record.about_image?.id ?? null,
    },
    etag: { en: etagOf(record), hi: etagOf(hindi) },
  };
}

/** the lab's details as English readers (and every reader that names no language) get them */
export async function labDetails(db: Db): Promise<LabDetails> {
  return (await current(db)).public.en;
}

/** the lab's details in a reader's language: in Hindi, the grievance officer and the address as written in Hindi */
export async function labDetailsIn(db: Db, language: Locale): Promise<LabDetails> {
  return (await current(db)).public[language];
}

/** the public record in a language and its ETag */
export async function publicLabDetails(db: Db, language: Locale = 'en'): Promise<{ details: LabDetails; etag: string }> {
  const c = await current(db);
  return { details: c.public[language], etag: c.etag[language] };
}

/** the staff's record, from the row as it is now: right after an edit, before any notification came */
export async function staffLabDetails(db: Db): Promise<StaffLabDetails> {
  return (await current(db, true)).staff;
}

/** what the trail and the row hold: the record as the admin sent it, the pictures by id, the Hindi beside the English */
const stored = (d: StaffLabDetails | LabDetailsValues): LabDetailsValues => {
  const { hero_image: _h, about_image: _a, grievance: g, address_lines_hi, ...rest } = d as StaffLabDetails;
  return {
    ...rest,
    grievance: { name: g.name, name_hi: g.name_hi, email: g.email, phone: g.phone },
    address_lines_hi,
    hero_image_id: d.hero_image_id ?? null,
    about_image_id: d.about_image_id ?? null,
  };
};

/**
 * Replaces the record (PUT), audited with the fields that changed; an edit that changes nothing writes
 * nothing. A Hindi field left out stays as it was, so an editor that knows no Hindi never wipes it
 * (decision 038); null or blank removes it.
 */
export async function updateLabDetails(db: Db, actor: number, input: LabDetailsValues): Promise<StaffLabDetails> {
  const sent = stored(input);
  await auditedUpdate(db, { actorUserId: actor, entity: 'lab_details', entityId: 1, missing: 'The lab details are missing.' }, {
    load: async (trx) => stored((await current(trx)).staff),
    next: async (current, trx) => {
      await checkImagesExist(trx, { hero_image_id: sent.hero_image_id, about_image_id: sent.about_image_id });
      const addressHi = sent.address_lines_hi === undefined ? current.address_lines_hi : sent.address_lines_hi;
      return stored({
        ...sent,
        grievance: { ...sent.grievance, name_hi: sent.grievance.name_hi === undefined ? (current.grievance.name_hi ?? null) : sent.grievance.name_hi },
        address_lines_hi: addressHi && addressHi.length > 0 ? addressHi : null,
      });
    },
    save: (trx, values) => q.save(trx, JSON.stringify(values), nowIso()),
    audited: (before, after) => ({ before, after }),
  });
  return staffLabDetails(db);
}

