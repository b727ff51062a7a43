// Money is integer paise inside the server; the API shows rupees with at most two decimals.
export function toRupees(paise: number): number {
  return Math.round(paise) / 100;
}

export function toPaise(rupees: number): number {
  return Math.round(rupees * 100);
}

/** price less a percentage discount, rounded to whole paise */
export function discounted(paise: number, percent: number): number {
  return Math.round((paise * (100 - percent)) / 100);
}
