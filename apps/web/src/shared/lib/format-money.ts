// Money as the site prints it: "Rs 1,234.00" — Indian digit grouping (1,23,456.00), always two decimals.
// The formatter lives in the contract so the server's e-mails print amounts the same way.
export { formatRupees } from '@lab/contract';

/** sums rupee amounts in whole paise so 0.1 + 0.2 style float errors never reach a total */
export function sumRupees(amounts: Iterable<number>): number {
  let paise = 0;
  for (const a of amounts) paise += Math.round(a * 100);
  return paise / 100;
}
