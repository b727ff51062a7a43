// Rules of home collection areas: a home collection needs a served PIN code. The address comes in parts
// (house, street, locality, city, PIN) from the booking page, or as one string from older clients,
// accepted when it holds a served PIN. Staff keep the list of PIN codes, audited.
import { formatHomeAddress, type HomeAddress, PIN_MISSING, PIN_NOT_SERVED, pinCodesIn, type ServedPin } from '@lab/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { recordAudit } from '../../lib/audit.ts';
import { fieldErrors, notFound } from '../../lib/errors.ts';
import * as q from './queries.ts';

type Db = Kysely<Database>;

export interface HomePlace {
  address: string;
  pin: string;
}

/** the address to store and its served PIN; a PIN not served (or none at all) is refused, naming the field sent */
export async function homeCollectionPlace(db: Db, parts: HomeAddress | null | undefined, oneString: string): Promise<HomePlace> {
  if (parts) {
    if ((await q.servedAmong(db, [parts.pin])).length === 0) throw fieldErrors({ 'home_address.pin': [PIN_NOT_SERVED] });
    return { address: formatHomeAddress(parts), pin: parts.pin };
  }
  const written = pinCodesIn(oneString);
  if (written.length === 0) throw fieldErrors({ address: [PIN_MISSING] });
  const served = new Set((await q.servedAmong(db, written)).map((r) => r.pin));
  const pin = written.find((p) => served.has(p));
  if (!pin) throw fieldErrors({ address: [PIN_NOT_SERVED] });
  return { address: oneString, pin };
}

/** a PIN code's locality when it is served: the booking page checks a PIN as it is typed */
export async function servedPin(db: Db, pin: string): Promise<ServedPin> {
  const [row] = await q.servedAmong(db, [pin]);
  if (!row) throw notFound(PIN_NOT_SERVED);
  return row;
}

export const listPins = (db: Db): Promise<ServedPin[]> => q.allPins(db);

export async function putPin(db: Db, actorUserId: number, pin: string, locality: string): Promise<ServedPin> {
  await db.transaction().execute(async (trx) => {
    const [before] = await q.servedAmong(trx, [pin]);
    await q.putPin(trx, pin, locality);
    await recordAudit(trx, { actorUserId, entity: 'service_pin', entityId: pin, action: before ? 'update' : 'create', before: before ?? null, after: { pin, locality } });
  });
  return { pin, locality };
}

export async function deletePin(db: Db, actorUserId: number, pin: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const [before] = await q.servedAmong(trx, [pin]);
    if (!before || !(await q.deletePin(trx, pin))) throw notFound('This PIN code is not on the list.');
    await recordAudit(trx, { actorUserId, entity: 'service_pin', entityId: pin, action: 'delete', before, after: null });
  });
}
