// The search behind the booking page's test picker (docs/product.md#screen-behaviour): case-insensitive substring of the name
// (in Hindi, of the Hindi or the English name),
// an empty query shows everything. Lower-cased names are computed once per catalogue, not per
// keystroke, so a 5,000-test catalogue filters in well under a millisecond.
import type { LabTest } from '@lab/contract';

export interface TestIndex {
  tests: readonly LabTest[];
  names: readonly string[];
  /** whether any test has a membership / offer price of its own: those columns exist only then */
  hasMemberPrices: boolean;
  hasOfferPrices: boolean;
}

export function buildTestIndex(tests: readonly LabTest[]): TestIndex {
  return {
    tests,
    // a Hindi list is searched by the Hindi name and the English one (name_en)
    names: tests.map((t) => (t.name_en ? `${t.name}\n${t.name_en}` : t.name).toLowerCase()),
    hasMemberPrices: tests.some(differsFromPrice('membership_price')),
    hasOfferPrices: tests.some(differsFromPrice('general_offer_price')),
  };
}

export function filterTests(index: TestIndex, query: string): readonly LabTest[] {
  const q = query.trim().toLowerCase();
  if (q === '') return index.tests;
  const out: LabTest[] = [];
  for (let i = 0; i < index.names.length; i++) {
    if (index.names[i]!.includes(q)) out.push(index.tests[i]!);
  }
  return out;
}

export const differsFromPrice =
  (field: 'membership_price' | 'general_offer_price') =>
  (t: LabTest): boolean =>
    t[field] !== t.price;
