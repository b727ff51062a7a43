// A short booking reference for people ("LC-7K4M-Q2") beside the random appointment id: a unique column
// on both databases, filled for the appointments booked before it existed.
import { randomInt } from 'node:crypto';
import { type Kysely, type Migration } from 'kysely';
import type { Dialect } from './dialect.ts';

const CHUNK = 500;

// A frozen copy of lib/booking-reference.ts's newBookingReference (and the contract's alphabet and
// format it uses) as this migration was written.
const REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const REFERENCE_LENGTH = 6;

/** "LC-7K4M-Q2": six characters of the alphabet drawn from a cryptographic source */
function newBookingReference(): string {
  let chars = '';
  for (let i = 0; i < REFERENCE_LENGTH; i++) chars += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return `LC-${chars.slice(0, 4)}-${chars.slice(4)}`;
}

export function bookingReferences(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('appointments').addColumn('reference', 'text').execute();
      const used = new Set<string>();
      for (;;) {
        const rows: { id: string }[] = await db.selectFrom('appointments').select('id').where('reference', 'is', null).orderBy('id').limit(CHUNK).execute();
        for (const row of rows) {
          let ref = newBookingReference();
          while (used.has(ref)) ref = newBookingReference();
          used.add(ref);
          await db.updateTable('appointments').set({ reference: ref }).where('id', '=', row.id).execute();
        }
        if (rows.length < CHUNK) break;
      }
      await db.schema.createIndex('appointments_reference').on('appointments').column('reference').unique().execute();
    },
    async down() {
      throw new Error('the booking references migration is not reversible');
    },
  };
}
