// A test's turnaround joins the catalogue version (migration 002), as the week's seats did (033): a
// booking's answer says when the report is expected from turnarounds kept per version
// (booking/catalogue-reads.ts), so a staff edit of one must move it, in every process (decision 027).
import type { Kysely, Migration } from 'kysely';
import type { Dialect } from './dialect.ts';
import { addCatalogVersionTriggers } from './catalog-version-triggers.ts';

export function turnaroundCatalogVersion(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await addCatalogVersionTriggers(db, dialect, ['test_turnaround']);
    },
    async down() {
      throw new Error('the turnaround catalogue version migration is not reversible');
    },
  };
}
