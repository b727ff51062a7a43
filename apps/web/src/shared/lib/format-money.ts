// Money as the site prints it: "Rs 1,234.00" — Indian digit grouping (1,23,456.00), always two decimals.
// The API gives rupees as numbers with at most two decimals.

const rupeeFormat = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export function formatRupees(amount: number): string {
  return `Rs ${rupeeFormat.format(amount)}`;
}

/** sums rupee amounts in whole paise so 0.1 + 0.2 style float errors never reach a total */
export function sumRupees(amounts: Iterable<number>): number {
  let paise = 0;
  for (const a of amounts) paise += Math.round(a * 100);
  return paise / 100;
}
