// What the booking page shows as the total (docs/product.md#fixed-values): the sum of each test's discounted price,
// falling back to its list price. The server charges by its own prices; this is only the preview.
import type { LabTest } from '@lab/contract';
import { sumRupees } from '../../../shared/lib/format-money.ts';

type Priced = Pick<LabTest, 'price'> & { discounted_price?: number | null };

export const payablePrice = (t: Priced): number => t.discounted_price ?? t.price;

export function bookingTotal(tests: readonly Priced[]): number {
  return sumRupees(tests.map(payablePrice));
}

export function listTotal(tests: readonly Priced[]): number {
  return sumRupees(tests.map((t) => t.price));
}
