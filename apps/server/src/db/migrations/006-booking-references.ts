// A short booking reference for people ("LC-7K4M-Q2") beside the random appointment id: a unique column
// on both databases, filled for the appointments booked before it existed.
import { type Kysely, type Migration } from 'kysely';
import { newBookingReference } from '../../lib/booking-reference.ts';
import type { Dialect } from '../index.ts';

const CHUNK = 500;

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
