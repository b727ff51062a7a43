// /tests?q=: the server loader's search finds tests as the booking page's picker does (spellings folded,
// the other language's name searched), counts them all and shows at most MAX_RESULTS.
import type { LabTest } from '@lab/contract';
import { describe, expect, it } from 'vitest';
import { matchTests } from './search-tests.server.ts';
import { MAX_RESULTS, searchQueryOf } from './search-tests.ts';

const labTest = (id: number, name: string, price: number, over: Partial<LabTest> = {}): LabTest => ({
  id,
  name,
  price,
  membership_price: price,
  general_offer_price: price,
  discounted_price: price,
  category: 'Biochemistry',
  ...over,
});

describe('matchTests', () => {
  const english = [
    labTest(1, 'Thyroid Profile (T3, T4, TSH)', 550, { name_hi: 'थायरॉइड प्रोफ़ाइल (T3, T4, TSH)', general_offer_price: 500 }),
    labTest(2, 'Lipid Profile', 600),
  ];

  it('finds a test by a spelling of its Hindi name on an English list, with its price and offer price', () => {
    expect(matchTests(english, 'थायराइड')).toEqual({ query: 'थायराइड', total: 1, tests: [{ id: 1, name: 'Thyroid Profile (T3, T4, TSH)', price: 550, offerPrice: 500 }] });
    expect(matchTests(english, 'tyroid').tests.map((t) => t.id)).toEqual([1]);
    expect(matchTests(english, 'profile').tests.map((t) => t.id)).toEqual([1, 2]);
    expect(matchTests(english, '')).toEqual({ query: '', total: 0, tests: [] });
  });

  it('counts every match and shows the first MAX_RESULTS', () => {
    const many = Array.from({ length: MAX_RESULTS + 5 }, (_, i) => labTest(i + 1, `Serum Sodium ${i + 1}`, 100));
    const found = matchTests(many, 'sodium');
    expect(found.total).toBe(MAX_RESULTS + 5);
    expect(found.tests).toHaveLength(MAX_RESULTS);
  });

  it('reads the query from the address: one line, trimmed', () => {
    expect(searchQueryOf('http://x/tests?q=%20khoon%0A%20ki%20%20jaanch%20')).toBe('khoon ki jaanch');
  });
});
