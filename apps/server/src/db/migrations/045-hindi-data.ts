// The rest of the data a Hindi patient reads, in Hindi beside the English (docs/i18n.md), as migration
// 024 did for the catalogue: a membership plan's name, a blog post's author line, a served PIN code's
// locality (nullable: none written, the English stands in), and in the lab's details the grievance
// officer's title and the address in Hindi. A database that still holds the demo's English gets the
// demo's Hindi (as the seed now writes it); anything a lab wrote itself is left for its staff to put
// into Hindi. Frozen: the Hindi below is the seed's as shipped, no live code is imported.
import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from './dialect.ts';

const PLANS: Record<string, string> = { Silver: 'सिल्वर', Gold: 'गोल्ड', Platinum: 'प्लैटिनम' };

const AUTHORS: Record<string, string> = {
  'Dr. Anjali Mehta': 'डॉ. अंजलि मेहता',
  'Dr. Rahul Verma': 'डॉ. राहुल वर्मा',
  'Dr. Sneha Iyer': 'डॉ. स्नेहा अय्यर',
  'Lab Centre Team': 'लैब सेंटर टीम',
};

const LOCALITIES: Record<string, string> = {
  'MI Road': 'एमआई रोड',
  'Raja Park': 'राजा पार्क',
  Jhotwara: 'झोटवाड़ा',
  'Shastri Nagar': 'शास्त्री नगर',
  'Malviya Nagar': 'मालवीय नगर',
  Mansarovar: 'मानसरोवर',
  'Vaishali Nagar': 'वैशाली नगर',
};

/** the demo lab's grievance officer and address as shipped (migration 008), and their Hindi */
const SHIPPED_GRIEVANCE = 'Grievance Officer, Lab Centre Diagnostics';
const GRIEVANCE_HI = 'शिकायत अधिकारी, Lab Centre Diagnostics';
const SHIPPED_ADDRESS = ['2nd Floor, Shanti Complex, MI Road', 'Jaipur, Rajasthan 302001'];
const ADDRESS_HI = ['दूसरी मंज़िल, शांति कॉम्प्लेक्स, एमआई रोड', 'जयपुर, राजस्थान 302001'];

async function fill(db: Kysely<any>, table: string, english: string, hindi: string, values: Record<string, string>): Promise<void> {
  for (const [en, hi] of Object.entries(values)) {
    await db.updateTable(table).set({ [hindi]: hi }).where(english, '=', en).where(hindi, 'is', null).execute();
  }
}

export function hindiData(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      // Nullable columns without a default: added in place on both databases, no row rewritten.
      await db.schema.alterTable('membership_plans').addColumn('name_hi', 'text').execute();
      await db.schema.alterTable('blogs').addColumn('author_hi', 'text').execute();
      await db.schema.alterTable('service_pins').addColumn('locality_hi', 'text').execute();
      await fill(db, 'membership_plans', 'name', 'name_hi', PLANS);
      await fill(db, 'blogs', 'author', 'author_hi', AUTHORS);
      await fill(db, 'service_pins', 'locality', 'locality_hi', LOCALITIES);

      const row = (await db.selectFrom('lab_details').select('details_json').where('id', '=', 1).executeTakeFirst()) as { details_json: string } | undefined;
      if (!row) return;
      let details: Record<string, unknown>;
      try {
        details = JSON.parse(row.details_json) as Record<string, unknown>;
      } catch {
        return; // an unreadable record is the lab's to fix; nothing is guessed into it
      }
      const grievance = details.grievance as Record<string, unknown> | undefined;
      let changed = false;
      if (grievance && grievance.name === SHIPPED_GRIEVANCE && grievance.name_hi === undefined) {
        details.grievance = { ...grievance, name_hi: GRIEVANCE_HI };
        changed = true;
      }
      if (JSON.stringify(details.address_lines) === JSON.stringify(SHIPPED_ADDRESS) && details.address_lines_hi === undefined) {
        details.address_lines_hi = ADDRESS_HI;
        changed = true;
      }
      // The version moves so every process's cached record (modules/lab) is read again.
      if (changed) {
        await db
          .updateTable('lab_details')
          .set({ details_json: JSON.stringify(details), version: sql`version + 1` })
          .where('id', '=', 1)
          .execute();
      }
    },
    async down() {
      throw new Error('the Hindi data migration is not reversible');
    },
  };
}
