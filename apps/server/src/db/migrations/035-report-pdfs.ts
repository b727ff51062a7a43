// The PDF of a released report version, kept once rendered (docs/decisions/047): a version never
// changes, so its bytes, per language, are drawn once and every later download is a read. Keyed by the
// report row (one version of one appointment) and the language; the row goes with its report
// (ON DELETE CASCADE), so erasure and retention of reports take the PDFs along, and a render that ends
// after its report was erased cannot keep it (the foreign key refuses the insert).
import type { Kysely, Migration } from 'kysely';
import type { Dialect } from './dialect.ts';

export function reportPdfs(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('report_pdfs')
        .addColumn('report_id', 'integer', (c) => c.notNull().references('reports.id').onDelete('cascade'))
        .addColumn('language', 'text', (c) => c.notNull())
        .addColumn('pdf', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('report_pdfs_pk', ['report_id', 'language'])
        .execute();
    },
    async down() {
      throw new Error('the report PDFs migration is not reversible');
    },
  };
}
