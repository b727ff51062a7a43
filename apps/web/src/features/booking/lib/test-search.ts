// The search behind the booking page's test picker (docs/product.md#screen-behaviour): the tests whose
// name (or other language's name) matches as people spell it (shared/lib/search-index.ts, docs/i18n.md);
// an empty query shows everything. The names' search keys are computed once per catalogue, not per
// keystroke, so a 5,000-test catalogue filters in about a millisecond.
import type { LabTest } from '@lab/contract';
import { buildSearchIndex, searchItems, type SearchIndex } from '../../../shared/lib/search-index.ts';

export interface TestIndex {
  tests: readonly LabTest[];
  search: SearchIndex<LabTest>;
  /** whether any test has a membership / offer price of its own: those columns exist only then */
  hasMemberPrices: boolean;
  hasOfferPrices: boolean;
  /** the last search's result, given again (the same array) while a search finds the same tests */
  last: { results: readonly LabTest[] };
}

export function buildTestIndex(tests: readonly LabTest[]): TestIndex {
  return {
    tests,
    search: buildSearchIndex(tests),
    hasMemberPrices: tests.some(differsFromPrice('membership_price')),
    hasOfferPrices: tests.some(differsFromPrice('general_offer_price')),
    last: { results: tests },
  };
}

/**
 * The tests a query finds. A keystroke that finds the very tests the one before found (a space, a
 * doubled letter the search folds into one) gets the same array back, so the list drawn from it is left
 * as it is.
 */
export function filterTests(index: TestIndex, query: string): readonly LabTest[] {
  const found = query.trim() === '' ? index.tests : searchItems(index.search, query);
  const last = index.last.results;
  if (found === last || (found.length === last.length && found.every((t, i) => t === last[i]))) return last;
  index.last.results = found;
  return found;
}

export const differsFromPrice =
  (field: 'membership_price' | 'general_offer_price') =>
  (t: LabTest): boolean =>
    t[field] !== t.price;
