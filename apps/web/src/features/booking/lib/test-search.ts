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
}

export function buildTestIndex(tests: readonly LabTest[]): TestIndex {
  return {
    tests,
    search: buildSearchIndex(tests),
    hasMemberPrices: tests.some(differsFromPrice('membership_price')),
    hasOfferPrices: tests.some(differsFromPrice('general_offer_price')),
  };
}

export function filterTests(index: TestIndex, query: string): readonly LabTest[] {
  if (query.trim() === '') return index.tests;
  return searchItems(index.search, query);
}

export const differsFromPrice =
  (field: 'membership_price' | 'general_offer_price') =>
  (t: LabTest): boolean =>
    t[field] !== t.price;
