// The demo careers were seeded with a made-up address (careers@labcentre.example) that a patient or an
// applicant could see and write to (decision 051): those links now go to the lab's own e-mail address,
// as its details say when this runs (as shipped, when an admin never edited them). Frozen: no live code.
import type { Kysely, Migration } from 'kysely';

const MADE_UP = 'careers@labcentre.example';
/** the lab's address as shipped in November 2026 (modules/lab/defaults.ts then) */
const SHIPPED = 'info@labcentrediagnostics.in';

export function labAddresses(): Migration {
  return {
    async up(db: Kysely<any>) {
      const row = (await db.selectFrom('lab_details').select('details_json').where('id', '=', 1).executeTakeFirst()) as { details_json: string } | undefined;
      let address = SHIPPED;
      try {
        const email = row ? (JSON.parse(row.details_json) as { email?: unknown }).email : undefined;
        if (typeof email === 'string' && email.includes('@')) address = email;
      } catch {
        // an unreadable record keeps the shipped address
      }
      const links = (await db.selectFrom('careers').select(['id', 'application_link']).where('application_link', 'like', `%${MADE_UP}%`).execute()) as { id: number; application_link: string }[];
      for (const c of links) await db.updateTable('careers').set({ application_link: c.application_link.split(MADE_UP).join(address) }).where('id', '=', c.id).execute();
    },
    async down() {
      throw new Error('the lab addresses migration is not reversible');
    },
  };
}
