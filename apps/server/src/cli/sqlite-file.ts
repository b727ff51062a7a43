// The SQLite file of DATABASE_URL as the server resolves it; backups are SQLite's (PostgreSQL has pg_dump).
import { sqliteFile } from '../db/index.ts';
import { BackupError } from '../lib/backup.ts';

export function sqliteFileOf(databaseUrl: string): string {
  if (/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new BackupError('DATABASE_URL is PostgreSQL: back it up with pg_dump, encrypted (see "Backups" in docs/operations.md).');
  }
  if (databaseUrl === ':memory:') throw new BackupError('DATABASE_URL is an in-memory database: there is nothing to back up.');
  return sqliteFile(databaseUrl);
}
