// A bill's lines, the one source of what the bill, its receipt and the receipt PDF list (decision 052):
// each test at its list price, or the package at its price with its tests named as included, then the
// discounts that lowered them (a running offer, the member's discount) as negative lines. The lines add
// up to the total, to the paisa: each is a sum of integer paise, and a remainder (bookings from before
// the lines were kept) stays on the line it belongs to rather than going unexplained.
import type { BillLine } from '@lab/contract';
import { toRupees } from '../../lib/money.ts';

export interface ChargedLine {
  name: string;
  price_paise: number;
  /** null: booked before the lines were kept; the charged price stands as the line */
  list_paise: number | null;
  discount: 'offer' | 'member' | null;
}

export interface BilledAs {
  total_paise: number;
  /** the package, when the booking was priced as one */
  package: { name: string; price_paise: number | null } | null;
}

const line = (kind: BillLine['kind'], name: string, paise: number, includes: string[] = []): BillLine => ({ kind, name, amount: toRupees(paise), includes });

export function billLines(tests: readonly ChargedLine[], billed: BilledAs): BillLine[] {
  if (billed.package) {
    // Older package bills kept only what was paid: the package stands at that, with no member line.
    const price = billed.package.price_paise ?? billed.total_paise;
    const lines = [line('package', billed.package.name, price, tests.map((t) => t.name))];
    if (price !== billed.total_paise) lines.push(line('member_discount', '', billed.total_paise - price));
    return lines;
  }
  const lines = tests.map((t) => line('test', t.name, t.list_paise ?? t.price_paise));
  for (const kind of ['offer', 'member'] as const) {
    const off = tests.reduce((sum, t) => sum + (t.discount === kind && t.list_paise !== null ? t.price_paise - t.list_paise : 0), 0);
    if (off !== 0) lines.push(line(kind === 'offer' ? 'offer_discount' : 'member_discount', '', off));
  }
  return lines;
}

/** a membership's fee as its one line */
export const membershipLines = (name: string, totalPaise: number): BillLine[] => [line('membership', name, totalPaise)];
