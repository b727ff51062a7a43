// The catalogue reads a booking is priced from (tests, running offers, candidate packages), the day
// plans its seat is taken from, and the tests' turnarounds and the lab's hours its answer's expected
// report time is worked out from, kept per catalogue and lab version (decision 027: known without a query
// in the steady state) so a booking asks the database only for what changed since the last edit. Staff
// edits of the week's seats and of dates set apart move the catalogue's version (migration 033), of a
// test's turnaround too (061), of the lab's hours the lab's (decision 044). Per process; any edit, by any process, moves a version and
// empties it.
import type { CombinedPreparation, Locale } from '@lab/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { CatalogVersion } from '../catalog/catalog-version.ts';
import * as catalog from '../catalog/queries.ts';
import { combinedPreparationIn } from '../catalog/preparation.ts';
import { offerTable, type OfferTable } from '../catalog/pricing.ts';
import { dayPlan, type DayPlan, openingHoursFrom } from '../slots/service.ts';
import { type OpenHoursOf, testTurnarounds, type TestTurnaroundRow } from '../samples/journey.ts';

/** bounds the candidates memo: distinct test combinations booked between two catalogue edits */
const MAX_COMBINATIONS = 10_000;
/** bounds the day plans kept: distinct dates booked between two edits */
const MAX_DAYS = 1_000;

export class CatalogueReads {
  /** the catalogue and lab versions the memos below were read under */
  private version: string | null = null;
  private tests = new Map<number, catalog.BookableTestRow>();
  private offers = new Map<string, OfferTable>();
  private candidates = new Map<string, number[]>();
  private days = new Map<string, DayPlan>();
  private turnarounds = new Map<number, TestTurnaroundRow>();
  private hours = new Map<string, OpenHoursOf>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly catalogVersion: CatalogVersion,
  ) {}

  private async current(): Promise<void> {
    const v = await this.catalogVersion.versions();
    const version = `${v.catalogue}:${v.lab}`;
    if (version === this.version) return;
    this.version = version;
    this.tests.clear();
    this.offers.clear();
    this.candidates.clear();
    this.days.clear();
    this.turnarounds.clear();
    this.hours.clear();
  }

  /** the tests of these ids that exist (active or not) */
  testsByIds(ids: readonly number[]): Promise<catalog.BookableTestRow[]> {
    return this.keptByIds(this.tests, ids, (missing) => catalog.testsByIds(this.db, missing), (r) => r.id);
  }

  /**
   * the rows of these ids, each read once a version: from `kept`, the others read together (`read`) and
   * kept unless the version moved meanwhile; in the order of the ids, once each, none for an id not found
   */
  private async keptByIds<R>(kept: Map<number, R>, ids: readonly number[], read: (missing: number[]) => Promise<R[]>, idOf: (row: R) => number): Promise<R[]> {
    await this.current();
    const version = this.version;
    const wanted = [...new Set(ids)];
    const missing = wanted.filter((id) => !kept.has(id));
    const rows = missing.length > 0 ? await read(missing) : [];
    if (version === this.version) for (const r of rows) kept.set(idOf(r), r);
    return wanted.flatMap((id) => kept.get(id) ?? rows.find((r) => idOf(r) === id) ?? []);
  }

  /** what the tests together ask of the patient, instructions in the language given, from the same cached rows (slots/service.ts preparationOf reads them anew) */
  async preparationOf(ids: readonly number[], language: Locale = 'en'): Promise<CombinedPreparation | null> {
    const rows = (await this.testsByIds(ids)).sort((a, b) => a.id - b.id);
    return combinedPreparationIn(rows, language);
  }

  /** the offers running on `today`, as the price rules read them */
  async offerTable(today: string): Promise<OfferTable> {
    await this.current();
    const version = this.version;
    const hit = this.offers.get(today);
    if (hit) return hit;
    const table = offerTable(await catalog.offers(this.db, today), today);
    // One entry a day: yesterday's is dropped.
    if (version === this.version) this.offers = new Map([[today, table]]);
    return table;
  }

  /** active packages of exactly as many tests as `ids`, one of them its first (catalog.packageCandidates) */
  async packageCandidates(ids: readonly number[]): Promise<number[]> {
    await this.current();
    const version = this.version;
    const key = ids.join(',');
    const hit = this.candidates.get(key);
    if (hit) return hit;
    const found = (await catalog.packageCandidates(this.db, ids)).map((c) => c.package_id);
    if (version === this.version) {
      if (this.candidates.size >= MAX_COMBINATIONS) this.candidates.clear();
      this.candidates.set(key, found);
    }
    return found;
  }

  /** the date's slots and seats (slots/service.ts dayPlan) */
  async dayPlan(date: string): Promise<DayPlan> {
    await this.current();
    const version = this.version;
    const hit = this.days.get(date);
    if (hit) return hit;
    const plan = await dayPlan(this.db, date);
    if (version === this.version) {
      if (this.days.size >= MAX_DAYS) this.days.clear();
      this.days.set(date, plan);
    }
    return plan;
  }

  /** the turnarounds of these tests (samples' rule reads them: the staff's setting, else the default) */
  turnaroundsOf(ids: readonly number[]): Promise<TestTurnaroundRow[]> {
    return this.keptByIds(this.turnarounds, ids, (missing) => testTurnarounds(this.db, missing), (r) => r.test_id);
  }

  /** the lab's hours on each day from `from` on, closed days and special hours included (slots/service.ts openingHoursFrom) */
  async openingHoursFrom(from: string): Promise<OpenHoursOf> {
    await this.current();
    const version = this.version;
    const hit = this.hours.get(from);
    if (hit) return hit;
    const open = await openingHoursFrom(this.db, from);
    if (version === this.version) {
      if (this.hours.size >= MAX_DAYS) this.hours.clear();
      this.hours.set(from, open);
    }
    return open;
  }
}
