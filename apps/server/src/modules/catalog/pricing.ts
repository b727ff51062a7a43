// The price rules of the catalogue, as pure functions on integer paise (docs/product.md#money): list
// price, the best running offer, the caller's membership discount, and the lowest of them.
import { discounted } from '../../lib/money.ts';

export interface OfferRow {
  discount_percentage: number;
  /** null: the offer covers every category */
  category_id: number | null;
  /** the tests the offer names; when it names any, it applies to those only and its category is ignored */
  test_ids: readonly number[];
  start_date: string;
  end_date: string;
  active: number;
}

export interface MembershipRow {
  status: string;
  start_date: string;
  end_date: string;
  discount_percentage: number;
}

export interface TestPrices {
  price: number;
  generalOffer: number;
  membership: number;
  /** the lowest of the three: what a booking charges */
  discounted: number;
}

export interface PackagePrices {
  /** the sum of its tests' list prices */
  original: number;
  /** what the package costs anyone */
  offer: number;
  /** the offer price less the caller's membership discount */
  discounted: number;
}

const clampPercent = (p: number) => Math.min(100, Math.max(0, p));

/** an offer runs when it is switched on and today (India) lies within its dates, both ends included */
export function isOfferRunning(offer: Pick<OfferRow, 'active' | 'start_date' | 'end_date'>, today: string): boolean {
  return offer.active === 1 && offer.start_date <= today && today <= offer.end_date;
}

/** a membership counts when approved and today lies within its dates, both ends included */
export function isMembershipActive(m: MembershipRow, today: string): boolean {
  return m.status === 'Approved' && m.start_date <= today && today <= m.end_date;
}

/** the caller's discount: the best among their active memberships, 0 without one */
export function membershipPercent(memberships: readonly MembershipRow[], today: string): number {
  let best = 0;
  for (const m of memberships) if (isMembershipActive(m, today)) best = Math.max(best, m.discount_percentage);
  return clampPercent(best);
}

/**
 * The best running offer per test and per category. `all` is the best offer covering every category;
 * a category's own entry already includes it. An offer that names tests counts for those tests only.
 * Offers never stack: the largest single discount wins.
 */
export interface OfferTable {
  all: number;
  byCategory: Map<number, number>;
  byTest: Map<number, number>;
}

const raise = (map: Map<number, number>, key: number, percent: number, floor = 0) =>
  map.set(key, Math.max(map.get(key) ?? floor, percent));

export function offerTable(offers: readonly OfferRow[], today: string): OfferTable {
  const running = offers.filter((o) => isOfferRunning(o, today));
  let all = 0;
  for (const o of running) if (o.category_id === null && o.test_ids.length === 0) all = Math.max(all, o.discount_percentage);
  const byCategory = new Map<number, number>();
  const byTest = new Map<number, number>();
  for (const o of running) {
    if (o.test_ids.length > 0) for (const testId of o.test_ids) raise(byTest, testId, o.discount_percentage);
    else if (o.category_id !== null) raise(byCategory, o.category_id, o.discount_percentage, all);
  }
  return { all: clampPercent(all), byCategory, byTest };
}

/** the discount of the best running offer that covers this test (0 without one) */
export function offerPercentFor(table: OfferTable, test: { id: number; category_id: number }): number {
  return clampPercent(Math.max(table.byTest.get(test.id) ?? 0, table.byCategory.get(test.category_id) ?? table.all));
}

export function priceTest(pricePaise: number, offerPercent: number, memberPercent: number): TestPrices {
  const generalOffer = discounted(pricePaise, clampPercent(offerPercent));
  const membership = discounted(pricePaise, clampPercent(memberPercent));
  return { price: pricePaise, generalOffer, membership, discounted: Math.min(pricePaise, generalOffer, membership) };
}

export function pricePackage(testPricesPaise: readonly number[], packagePaise: number, memberPercent: number): PackagePrices {
  const original = testPricesPaise.reduce((sum, p) => sum + p, 0);
  return { original, offer: packagePaise, discounted: discounted(packagePaise, clampPercent(memberPercent)) };
}
