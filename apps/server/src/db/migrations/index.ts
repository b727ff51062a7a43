// Migrations for both dialects, applied in order on every start. Add a new entry; never edit a shipped one.
import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { Dialect } from '../index.ts';
import { initial } from './001-initial.ts';
import { catalogVersion } from './002-catalog-version.ts';

export function migrationsFor(dialect: Dialect): Record<string, Migration> {
  return {
    '001-initial': initial(dialect),
    '002-catalog-version': catalogVersion(dialect),
  };
}

export async function migrateToLatest(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => migrationsFor(dialect) };
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
