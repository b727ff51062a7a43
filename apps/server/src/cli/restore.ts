// npm run restore -- --from FILE --to NEW.db: decrypts a backup of `npm run backup` into a new SQLite
// database file (never over an existing one), checked before it is put in place. Key: BACKUP_KEY.
// Then start the server with DATABASE_URL=file:NEW.db (or, with the server stopped, move it over the old file).
//
// Exit codes: 0 done, 1 unexpected failure, 2 bad key, file or arguments.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BackupError, parseBackupKey, restoreSqlite } from '../lib/backup.ts';

try {
  const { values } = parseArgs({ options: { from: { type: 'string' }, to: { type: 'string' } } });
  if (!values.from || !values.to) throw new BackupError('Usage: npm run restore -- --from BACKUP.db.enc --to NEW.db');
  const key = parseBackupKey(process.env.BACKUP_KEY);
  // Paths as the operator typed them, from where they ran npm.
  const cwd = process.env.INIT_CWD ?? process.cwd();
  const to = path.resolve(cwd, values.to);
  const { appointments } = await restoreSqlite(path.resolve(cwd, values.from), to, key);
  console.log(`Restored into ${to}: integrity checked, ${appointments} appointments. Start the server with DATABASE_URL=file:${to}`);
} catch (e) {
  if (e instanceof BackupError || (e as { code?: string }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    console.error((e as Error).message);
    process.exit(2);
  }
  throw e;
}
