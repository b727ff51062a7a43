// Rules of the catalog domain: the priced test list (cached per catalogue version, day and discount),
// categories, packages, and the caller's membership discount used by every price the server quotes.
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Category, LabTest, Locale, Preparation, TestPackage } from '@lab/contract';
import { inLanguage, nameIn } from '../../lib/bilingual.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Encoding } from '../../lib/encoding.ts';
import { toRupees } from '../../lib/money.ts';
import { todayIst } from '../../lib/time.ts';
import { membershipPercent, offerPercentFor, offerTable, type OfferTable, pricePackage, priceTest } from './pricing.ts';
import type { CatalogVersion } from './catalog-version.ts';
import { preparationIn } from './preparation.ts';
import * as q from './queries.ts';

type Q = Kysely<Database>;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** the caller's membership discount in percent today (0 for a guest or a non-member) */
export async function memberDiscount(db: Q, userId: number | null | undefined, today = todayIst()): Promise<number> {
  if (!userId) return 0;
  return membershipPercent(await q.memberships(db, userId, today), today);
}

/** one priced list, serialised once, with its compressed forms made on first demand */
export class EncodedList {
  readonly etag: string;
  private readonly encoded = new Map<Exclude<Encoding, 'identity'>, Promise<Buffer>>();

  constructor(readonly json: Buffer) {
    this.etag = createHash('sha256').update(json).digest('base64url').slice(0, 32);
  }

  body(encoding: Encoding): Promise<Buffer> {
    if (encoding === 'identity') return Promise.resolve(this.json);
    let p = this.encoded.get(encoding);
    if (!p) {
      // Made once per catalogue version, off the event loop, so a high compression level pays off.
      p =
        encoding === 'br'
          ? brotli(this.json, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: this.json.length } })
          : gzip(this.json, { level: 9 });
      this.encoded.set(encoding, p);
    }
    return p;
  }
}

interface Base {
  key: string;
  rows: q.TestRow[];
  offers: OfferTable;
  /** by language and discount, e.g. `hi:15` */
  variants: Map<string, EncodedList>;
}

/** a test's preparation for the list in the language asked, only when it has one (most tests need none: the list stays small) */
function preparationOf(r: q.TestRow, language: Locale): { preparation?: Preparation } {
  const p = preparationIn(r, language);
  if (p.fasting_hours === null && p.latest_time === null && p.instructions === '') return {};
  return { preparation: p };
}

/** in English, a test's Hindi name beside the English for the search (docs/i18n.md), only where one differs: the list stays small */
function hindiNameBeside(language: Locale, english: string, hindi: string | null): { name_hi?: string } {
  return language === 'en' && hindi && hindi !== english ? { name_hi: hindi } : {};
}

export function priceTests(rows: readonly q.TestRow[], offers: OfferTable, memberPercent: number, language: Locale = 'en'): LabTest[] {
  return rows.map((r) => {
    const p = priceTest(r.price_paise, offerPercentFor(offers, r), memberPercent);
    return {
      id: r.id,
      ...nameIn(language, r.name, r.name_hi),
      ...hindiNameBeside(language, r.name, r.name_hi),
      price: toRupees(p.price),
      membership_price: toRupees(p.membership),
      general_offer_price: toRupees(p.generalOffer),
      discounted_price: toRupees(p.discounted),
      category: inLanguage(language, r.category, r.category_hi),
      ...preparationOf(r, language),
    };
  });
}

/**
 * The priced test list of one process. Several processes may share one database, so the cache is keyed
 * by the catalogue version (a one-row table the triggers of migration 002 bump on any change of tests,
 * categories or offers), which `CatalogVersion` keeps current without a query per read. The version is
 * known before the rows are read, so a change racing a rebuild can only make the cache too new, never stale.
 */
export class TestListCache {
  private base: Promise<Base> | null = null;
  private baseKey = '';

  constructor(private readonly version: CatalogVersion) {}

  async list(db: Q, memberPercent: number, today = todayIst(), language: Locale = 'en'): Promise<EncodedList> {
    const key = `${await this.version.current()}:${today}`;
    if (!this.base || this.baseKey !== key) {
      this.baseKey = key;
      this.base = this.load(db, key, today);
      // A failed load must not stay cached.
      this.base.catch(() => {
        if (this.baseKey === key) {
          this.base = null;
          this.baseKey = '';
        }
      });
    }
    const base = await this.base;
    const variant = `${language}:${memberPercent}`;
    let list = base.variants.get(variant);
    if (!list) {
      list = new EncodedList(Buffer.from(JSON.stringify(priceTests(base.rows, base.offers, memberPercent, language))));
      // Discounts come from a handful of plans (two languages each); the bound only guards against odd data.
      if (base.variants.size >= 32) base.variants.clear();
      base.variants.set(variant, list);
    }
    return list;
  }

  private async load(db: Q, key: string, today: string): Promise<Base> {
    const [rows, offers] = await Promise.all([q.activeTests(db), q.offers(db, today)]);
    return { key, rows, offers: offerTable(offers, today), variants: new Map() };
  }
}

export async function listCategories(db: Q, language: Locale = 'en'): Promise<Category[]> {
  return (await q.categories(db)).map(({ name_hi, ...c }) => ({ ...c, name: inLanguage(language, c.name, name_hi) }));
}

export async function listPackages(db: Q, userId: number | null | undefined, language: Locale = 'en'): Promise<TestPackage[]> {
  const today = todayIst();
  const [packages, percent] = await Promise.all([q.activePackages(db), memberDiscount(db, userId, today)]);
  const tests = await q.packageTests(
    db,
    packages.map((p) => p.id),
  );
  // A package with a withdrawn test cannot be booked, so it is not offered either.
  const bookable = packages.filter((p) => {
    const own = tests.filter((t) => t.package_id === p.id);
    return own.length > 0 && own.every((t) => t.active === 1);
  });
  return bookable.map((p) => {
    const own = tests.filter((t) => t.package_id === p.id);
    const prices = pricePackage(
      own.map((t) => t.price_paise),
      p.price_paise,
      percent,
    );
    return {
      id: p.id,
      name: inLanguage(language, p.name, p.name_hi),
      description: inLanguage(language, p.description, p.description_hi),
      original_price: toRupees(prices.original),
      offer_price: toRupees(prices.offer),
      discounted_price: toRupees(prices.discounted),
      tests: own.map((t) => ({ id: t.id, name: inLanguage(language, t.name, t.name_hi), price: toRupees(t.price_paise) })),
    };
  });
}
