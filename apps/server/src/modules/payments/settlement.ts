// The gateway's settlement report (the CSV a lab downloads from Razorpay's dashboard: one line per
// payment, refund or adjustment settled), matched line by line to our payment and refund rows by the
// gateway's id, amount for amount (docs/payments-gateway.md). Lines that match nothing of ours, or
// match with another amount, are listed for the accountant. The file is parsed here (RFC 4180: quoted
// fields, doubled quotes, CRLF): a few lines of code against one more dependency (decision 058).
import type { SettlementResult } from '@lab/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { fieldError } from '../../lib/errors.ts';
import { m } from '@lab/contract';

/** the rows of a CSV text, each its fields */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.some((f) => f.trim() !== ''));
}

/** ids looked up per query */
const CHUNK = 500;

/** "350.00" (rupees, as the report has them) in paise; null when it is not an amount */
function paiseOf(amount: string): number | null {
  const v = amount.trim().replace(/,/g, '');
  if (!/^-?\d{1,9}(\.\d{1,2})?$/.test(v)) return null;
  return Math.round(Number(v) * 100);
}

export async function matchSettlement(db: Kysely<Database>, csv: string): Promise<SettlementResult> {
  const [header, ...lines] = parseCsv(csv);
  const columns = (header ?? []).map((h) => h.trim().toLowerCase());
  const at = (name: string) => columns.indexOf(name);
  const idAt = at('entity_id');
  const typeAt = at('type');
  const amountAt = at('amount');
  if (idAt < 0 || typeAt < 0 || amountAt < 0) throw fieldError('csv', m('payments.settlement_columns'));
  const ids = [...new Set(lines.map((l) => (l[idAt] ?? '').trim()).filter((id) => id !== ''))];
  const known = new Map<string, { kind: string; amount_paise: number; status: string }>();
  for (let i = 0; i < ids.length; i += CHUNK) {
    const rows = await db.selectFrom('payments').select(['gateway_id', 'kind', 'amount_paise', 'status']).where('gateway_id', 'in', ids.slice(i, i + CHUNK)).execute();
    for (const r of rows) if (r.gateway_id) known.set(r.gateway_id, r);
  }
  const unmatched: SettlementResult['unmatched'] = [];
  lines.forEach((l, i) => {
    const entityId = (l[idAt] ?? '').trim();
    const type = (l[typeAt] ?? '').trim().toLowerCase();
    const amount = (l[amountAt] ?? '').trim();
    const miss = (reason: string) => unmatched.push({ line: i + 2, entity_id: entityId.slice(0, 64), type: type.slice(0, 32), amount: amount.slice(0, 32), reason });
    if (type !== 'payment' && type !== 'refund') return miss(`not a payment or a refund (${type || 'no type'})`);
    const ours = known.get(entityId);
    if (!ours || ours.kind !== type) return miss(`no ${type} of ours has this id`);
    const paise = paiseOf(amount);
    if (paise === null || Math.abs(paise) !== ours.amount_paise) return miss(`our ${type} is Rs ${(ours.amount_paise / 100).toFixed(2)}`);
    if (ours.status === 'rejected' && type === 'refund') return miss('our refund failed at the gateway');
  });
  return { lines: lines.length, matched: lines.length - unmatched.length, unmatched };
}
