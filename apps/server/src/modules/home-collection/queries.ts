// SQL of home collection areas: the PIN codes served.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Q = Kysely<Database>;

/** the served PIN codes among `pins`, with their localities */
export function servedAmong(db: Q, pins: readonly string[]) {
  if (pins.length === 0) return Promise.resolve([]);
  return db.selectFrom('service_pins').select(['pin', 'locality']).where('pin', 'in', [...pins]).execute();
}

/** every served PIN code: a lab serves tens, not thousands */
export function allPins(db: Q) {
  return db.selectFrom('service_pins').select(['pin', 'locality']).orderBy('pin').execute();
}

export async function putPin(db: Q, pin: string, locality: string): Promise<void> {
  await db
    .insertInto('service_pins')
    .values({ pin, locality })
    .onConflict((oc) => oc.column('pin').doUpdateSet({ locality }))
    .execute();
}

export async function deletePin(db: Q, pin: string): Promise<boolean> {
  return Number((await db.deleteFrom('service_pins').where('pin', '=', pin).executeTakeFirst()).numDeletedRows) === 1;
}
