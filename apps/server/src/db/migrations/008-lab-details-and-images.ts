// The lab's details as one row that admins edit (with a version the readers' cache checks), and the
// images staff upload (hero, About, blog covers): their original size and the widths made of them.
import { type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';
import type { Dialect } from './dialect.ts';

// A frozen copy of the demo lab's details (DEFAULT_LAB_DETAILS, now in db/seed/lab-details.ts) as this
// migration wrote them.
const DAY = { opens: '09:00', closes: '21:00' } as const;
const DEFAULT_LAB_DETAILS = {
  name: 'Lab Centre Diagnostics',
  tagline: 'Faster | Stronger | Higher',
  address_lines: ['2nd Floor, Shanti Complex, MI Road', 'Jaipur, Rajasthan 302001'],
  phones: ['+91 98290 12345', '+91 141 236 7890'],
  whatsapp: '+919829012345',
  email: 'info@labcentrediagnostics.in',
  hours: { mon: DAY, tue: DAY, wed: DAY, thu: DAY, fri: DAY, sat: DAY, sun: null },
  map_url: 'https://www.openstreetmap.org/search?query=MI%20Road%20Jaipur',
  upi_id: 'labcentre@okaxis',
  upi_name: 'Lab Centre Diagnostics',
  accreditation: null,
  grievance: { name: 'Grievance Officer, Lab Centre Diagnostics', email: 'grievance@labcentrediagnostics.in', phone: '+91 141 236 7890' },
};

export function labDetailsAndImages(dialect: Dialect): Migration {
  const idType = dialect === 'postgres' ? 'serial' : 'integer';
  const id = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('lab_details')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        // bumped by every edit; readers keep the parsed record until it changes
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('details_json', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      // New and existing databases alike start from the demo lab's details until an admin edits them.
      await db
        .insertInto('lab_details')
        .values({ id: 1, version: 1, details_json: JSON.stringify(DEFAULT_LAB_DETAILS), updated_at: new Date().toISOString() })
        .execute();

      await db.schema
        .createTable('images')
        .addColumn('id', idType, id)
        // what sharp read from the bytes: jpeg, png, webp, avif, gif, tiff
        .addColumn('format', 'text', (c) => c.notNull())
        .addColumn('width', 'integer', (c) => c.notNull())
        .addColumn('height', 'integer', (c) => c.notNull())
        // the widths made, ascending, comma-separated: e.g. "320,640,960"
        .addColumn('widths', 'text', (c) => c.notNull())
        .addColumn('bytes', 'integer', (c) => c.notNull())
        .addColumn('alt', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('uploaded_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('images_created').on('images').column('created_at').execute();

      await db.schema.alterTable('blogs').addColumn('cover_image_id', 'integer', (c) => c.references('images.id').onDelete('set null')).execute();
    },
    async down() {
      throw new Error('the lab details and images migration is not reversible');
    },
  };
}
