// Unit tests of the price rules: offers, memberships and the lowest price, on integer paise.
import { describe, expect, it } from 'vitest';
import { isMembershipActive, isOfferRunning, membershipPercent, type OfferRow, offerPercentFor, offerTable, pricePackage, priceTest } from './pricing.ts';

const today = '2030-06-15';
const offer = (over: Partial<OfferRow> = {}): OfferRow => ({
  discount_percentage: 20,
  category_id: null as number | null,
  test_ids: [],
  start_date: '2030-06-01',
  end_date: '2030-06-30',
  active: 1,
  ...over,
});
const membership = (over: Partial<Parameters<typeof isMembershipActive>[0]> = {}) => ({
  status: 'Approved',
  start_date: '2030-01-01',
  end_date: '2030-12-31',
  discount_percentage: 15,
  ...over,
});

describe('offers', () => {
  it('run while switched on and within their dates, both ends included', () => {
    expect(isOfferRunning(offer(), today)).toBe(true);
    expect(isOfferRunning(offer({ start_date: today, end_date: today }), today)).toBe(true);
    expect(isOfferRunning(offer({ active: 0 }), today)).toBe(false);
    expect(isOfferRunning(offer({ start_date: '2030-06-16' }), today)).toBe(false);
    expect(isOfferRunning(offer({ end_date: '2030-06-14' }), today)).toBe(false);
  });

  it('give each category the best running offer that covers it, never stacked', () => {
    const table = offerTable(
      [
        offer({ discount_percentage: 10 }),
        offer({ discount_percentage: 25, category_id: 3 }),
        offer({ discount_percentage: 5, category_id: 4 }),
        offer({ discount_percentage: 90, category_id: 3, active: 0 }),
        offer({ discount_percentage: 80, end_date: '2030-06-01' }),
      ],
      today,
    );
    expect(offerPercentFor(table, { id: 1, category_id: 3 })).toBe(25);
    expect(offerPercentFor(table, { id: 1, category_id: 4 })).toBe(10);
    expect(offerPercentFor(table, { id: 1, category_id: 7 })).toBe(10);
    expect(offerPercentFor(offerTable([], today), { id: 1, category_id: 3 })).toBe(0);
  });

  it('that name tests apply to those tests only, whatever their category', () => {
    const table = offerTable(
      [
        offer({ discount_percentage: 20, category_id: 3, test_ids: [11, 12] }),
        offer({ discount_percentage: 30, test_ids: [12] }),
        offer({ discount_percentage: 50, test_ids: [13], active: 0 }),
      ],
      today,
    );
    expect(offerPercentFor(table, { id: 11, category_id: 3 })).toBe(20);
    expect(offerPercentFor(table, { id: 12, category_id: 5 })).toBe(30);
    // Neither the other tests of category 3 nor every test: the offers named their tests.
    expect(offerPercentFor(table, { id: 14, category_id: 3 })).toBe(0);
    expect(offerPercentFor(table, { id: 13, category_id: 3 })).toBe(0);
  });

  it('never stack: a test named by one offer and covered by another gets the larger discount', () => {
    const table = offerTable([offer({ discount_percentage: 15, category_id: 3 }), offer({ discount_percentage: 10, test_ids: [11] })], today);
    expect(offerPercentFor(table, { id: 11, category_id: 3 })).toBe(15);
    expect(offerPercentFor(table, { id: 11, category_id: 4 })).toBe(10);
  });
});

describe('memberships', () => {
  it('count when approved and current; the best one wins', () => {
    expect(membershipPercent([membership()], today)).toBe(15);
    expect(membershipPercent([membership(), membership({ discount_percentage: 25 })], today)).toBe(25);
    expect(membershipPercent([membership({ status: 'Cancelled' })], today)).toBe(0);
    expect(membershipPercent([membership({ end_date: '2030-06-14' })], today)).toBe(0);
    expect(membershipPercent([membership({ start_date: '2030-06-16' })], today)).toBe(0);
    expect(membershipPercent([membership({ end_date: today })], today)).toBe(15);
    expect(membershipPercent([], today)).toBe(0);
  });
});

describe('test prices', () => {
  it('are the list price without offer or membership', () => {
    expect(priceTest(35_000, 0, 0)).toEqual({ price: 35_000, generalOffer: 35_000, membership: 35_000, discounted: 35_000 });
  });

  it('take the lowest of list, offer and member price', () => {
    expect(priceTest(35_000, 20, 10)).toEqual({ price: 35_000, generalOffer: 28_000, membership: 31_500, discounted: 28_000 });
    expect(priceTest(35_000, 10, 25)).toEqual({ price: 35_000, generalOffer: 31_500, membership: 26_250, discounted: 26_250 });
  });

  it('round to whole paise', () => {
    expect(priceTest(999, 15, 0).generalOffer).toBe(849);
    expect(priceTest(333, 0, 10).membership).toBe(300);
  });

  it('never go below zero or above the list price on odd percentages', () => {
    expect(priceTest(10_000, 150, -20)).toEqual({ price: 10_000, generalOffer: 0, membership: 10_000, discounted: 0 });
  });
});

describe('package prices', () => {
  it('sum the list prices, keep the package price and apply the member discount to it', () => {
    expect(pricePackage([35_000, 8_000, 70_000], 99_900, 0)).toEqual({ original: 113_000, offer: 99_900, discounted: 99_900 });
    expect(pricePackage([35_000, 8_000, 70_000], 99_900, 10)).toEqual({ original: 113_000, offer: 99_900, discounted: 89_910 });
  });
});
