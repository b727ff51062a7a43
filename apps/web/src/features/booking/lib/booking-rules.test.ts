// The booking page's pure rules: the test search (docs/product.md#screen-behaviour), the total (docs/product.md#fixed-values) and what /packages
// hands over in navigation state.
import { describe, expect, it } from 'vitest';
import { readLinkedTests, readPackageSelection } from './booking-state.ts';
import { bookingTotal } from './pricing.ts';
import { labTest } from './lab-test-factory.ts';
import { buildTestIndex, filterTests } from './test-search.ts';

const catalogue = [
  labTest(1, 'Complete Blood Count (CBC)', 350),
  labTest(2, 'Blood Culture', 900, { general_offer_price: 810, discounted_price: 810 }),
  labTest(3, 'Lipid Profile', 600),
];

describe('filterTests', () => {
  const index = buildTestIndex(catalogue);

  it('matches a case-insensitive substring of the name, in catalogue order', () => {
    expect(filterTests(index, 'BLOOD').map((t) => t.id)).toEqual([1, 2]);
    expect(filterTests(index, 'cbc)').map((t) => t.id)).toEqual([1]);
    expect(filterTests(index, 'xyz')).toEqual([]);
  });

  it('shows everything for an empty or blank query', () => {
    expect(filterTests(index, '')).toHaveLength(3);
    expect(filterTests(index, '   ')).toHaveLength(3);
  });

  it('gives the same array again while a keystroke finds the same tests, so the list is left as drawn', () => {
    const own = buildTestIndex(catalogue);
    const blood = filterTests(own, 'blood');
    expect(filterTests(own, 'blood ')).toBe(blood);
    expect(filterTests(own, 'Bloodd')).toBe(blood);
    const cbc = filterTests(own, 'blood c');
    expect(cbc.map((t) => t.id)).toEqual([1, 2]);
    expect(filterTests(own, 'cbc')).not.toBe(blood);
    expect(filterTests(own, '')).toBe(own.tests);
  });

  it('finds a test of a Hindi list by its Hindi or its English name', () => {
    const hindi = buildTestIndex([
      labTest(1, 'सीबीसी (कंप्लीट ब्लड काउंट)', 350, { name_en: 'Complete Blood Count (CBC)' }),
      labTest(2, 'Serum Ferritin', 700),
    ]);
    expect(filterTests(hindi, 'सीबीसी').map((t) => t.id)).toEqual([1]);
    expect(filterTests(hindi, 'cbc').map((t) => t.id)).toEqual([1]);
    expect(filterTests(hindi, 'ferritin').map((t) => t.id)).toEqual([2]);
  });

  it('knows whether any test has an offer or membership price of its own', () => {
    expect(index.hasOfferPrices).toBe(true);
    expect(index.hasMemberPrices).toBe(false);
  });
});

describe('bookingTotal', () => {
  it('sums discounted prices, falling back to the list price, without float drift', () => {
    expect(bookingTotal(catalogue)).toBe(1760);
    expect(bookingTotal([{ price: 100, discounted_price: null }, { price: 0.1 }, { price: 0.2 }])).toBe(100.3);
    expect(bookingTotal([])).toBe(0);
  });

  it('counts a test chosen twice twice', () => {
    expect(bookingTotal([catalogue[0]!, catalogue[0]!])).toBe(700);
  });
});

describe('readPackageSelection', () => {
  it('reads the state /packages sends', () => {
    expect(readPackageSelection({ offerPrice: 1499, selectedTestIds: [1, 3], packageId: 7 })).toEqual({
      packageId: 7,
      offerPrice: 1499,
      testIds: [1, 3],
    });
  });

  it('ignores other state and malformed values', () => {
    expect(readPackageSelection(null)).toBeNull();
    expect(readPackageSelection({ teaser: { name: 'A', email: 'a@b.c', number: '9' } })).toBeNull();
    expect(readPackageSelection({ selectedTestIds: ['2', 'x', -1, 1.5], offerPrice: 'free', packageId: 0 })).toEqual({
      packageId: null,
      offerPrice: null,
      testIds: [2],
    });
  });
});

describe('a link that chooses tests (?tests=ID,ID)', () => {
  it('reads each id once, in order, and skips what is not an id', () => {
    expect(readLinkedTests('?tests=12,7,12')).toEqual([12, 7]);
    expect(readLinkedTests('?tests=3,%20abc,-4,0,2147483648,5.5,,9')).toEqual([3, 9]);
    expect(readLinkedTests('?other=1')).toEqual([]);
    expect(readLinkedTests('')).toEqual([]);
    expect(readLinkedTests(`?tests=${Array.from({ length: 80 }, (_, i) => i + 1).join(',')}`)).toHaveLength(50);
  });
});
