// npm run backup [-- --out FILE]: an encrypted, consistent copy of the SQLite database, taken while the
// server runs (lib/backup.ts says how). Key: BACKUP_KEY (64 hex characters). Default file:
// ./data/backups/lab-YYYY-MM-DDTHH-MM-SSZ.db.enc. On PostgreSQL it says where docs/operations.md has the equivalent.
//
// Exit codes: 0 done, 1 unexpected failure, 2 bad configuration or arguments.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, repoRoot } from '../config.ts';
import { BackupError, backupSqlite, parseBackupKey } from '../lib/backup.ts';
import { sqliteFileOf } from './sqlite-file.ts';

try {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  const config = loadConfig();
  const dbFile = sqliteFileOf(config.databaseUrl);
  const key = parseBackupKey(process.env.BACKUP_KEY);
  const stamp = new Date().toISOString().replace(/\.\d+Z$/, 'Z').replaceAll(':', '-');
  const out = values.out ? path.resolve(process.env.INIT_CWD ?? process.cwd(), values.out) : path.join(repoRoot, 'data/backups', `lab-${stamp}.db.enc`);
  const { bytes } = await backupSqlite(dbFile, out, key);
  console.log(`Backup written: ${out} (${(bytes / 1024 / 1024).toFixed(1)} MB, encrypted).`);
} catch (e) {
  if (e instanceof BackupError || e instanceof ConfigError || (e as { code?: string }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    console.error((e as Error).message);
    process.exit(2);
  }
  throw e;
}
