// Packages and their tests join the catalogue version (migration 002): the home page lists popular
// packages and is cached under that version, so a staff edit of a package shows on the next request,
// in every process (decision 027). Same trigger shape as 002, which is never edited once shipped.
import type { Kysely, Migration } from 'kysely';
import type { Dialect } from './dialect.ts';
import { addCatalogVersionTriggers } from './catalog-version-triggers.ts';

export function packageCatalogVersion(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await addCatalogVersionTriggers(db, dialect, ['packages', 'package_tests']);
    },
    async down() {
      throw new Error('the package catalogue version migration is not reversible');
    },
  };
}
