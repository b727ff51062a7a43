// Encrypted backups of the SQLite database, and restoring one.
//
// The copy is consistent: `VACUUM INTO` writes the database as one read transaction sees it, while the
// server keeps writing (WAL). SQLite's page-by-page backup API would restart from the beginning every
// time another connection writes, so under steady bookings it might never finish; VACUUM INTO never
// restarts. The copy is then encrypted with AES-256-GCM (authenticated: a changed byte or a wrong key
// is refused on restore, never restored as garbage) under BACKUP_KEY, and the plain copy is removed.
//
// File layout: MAGIC (8 bytes) · IV (12) · ciphertext · GCM tag (16).
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { closeSync, createReadStream, createWriteStream, existsSync, mkdirSync, mkdtempSync, openSync, readSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import SQLite from 'better-sqlite3';

const MAGIC = Buffer.from('LABBAK1\n');
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class BackupError extends Error {}

/** BACKUP_KEY: 32 bytes as 64 hexadecimal characters (e.g. from `openssl rand -hex 32`) */
export function parseBackupKey(value: string | undefined): Buffer {
  if (!value) throw new BackupError('BACKUP_KEY is not set: give 64 hexadecimal characters (openssl rand -hex 32). Keep it apart from the backups.');
  if (!/^[0-9a-fA-F]{64}$/.test(value)) throw new BackupError('BACKUP_KEY must be 64 hexadecimal characters (32 bytes), e.g. from openssl rand -hex 32.');
  return Buffer.from(value, 'hex');
}

/** a folder only this user can read, beside `near` (same file system, so renames are atomic) */
function privateTempDir(near: string): string {
  mkdirSync(near, { recursive: true, mode: 0o700 });
  return mkdtempSync(path.join(near, '.tmp-'));
}

/** copies the live database `dbFile` into the encrypted `outFile` (written whole, then renamed into place) */
export async function backupSqlite(dbFile: string, outFile: string, key: Buffer): Promise<{ bytes: number }> {
  if (!existsSync(dbFile)) throw new BackupError(`No database at ${dbFile}.`);
  const work = privateTempDir(path.dirname(outFile));
  try {
    const plain = path.join(work, 'copy.db');
    const source = new SQLite(dbFile, { readonly: true, fileMustExist: true });
    try {
      source.pragma('busy_timeout = 5000');
      source.prepare('VACUUM INTO ?').run(plain);
    } finally {
      source.close();
    }
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const sealed = path.join(work, 'copy.enc');
    const out = createWriteStream(sealed, { mode: 0o600 });
    out.write(Buffer.concat([MAGIC, iv]));
    await pipeline(createReadStream(plain), cipher, out, { end: false });
    await new Promise<void>((resolve, reject) => out.end(cipher.getAuthTag(), (err?: Error | null) => (err ? reject(err) : resolve())));
    renameSync(sealed, outFile);
    return { bytes: statSync(outFile).size };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

function readAt(file: string, position: number, length: number): Buffer {
  const fd = openSync(file, 'r');
  try {
    const buf = Buffer.alloc(length);
    readSync(fd, buf, 0, length, position);
    return buf;
  } finally {
    closeSync(fd);
  }
}

/**
 * Decrypts `backupFile` into a new database at `dbFile`, which must not exist yet (restore into a fresh
 * folder, then point DATABASE_URL at it, or move it over the old file with the server stopped). The
 * database is checked (integrity_check) before it is put in place.
 */
export async function restoreSqlite(backupFile: string, dbFile: string, key: Buffer): Promise<{ appointments: number }> {
  if (!existsSync(backupFile)) throw new BackupError(`No backup at ${backupFile}.`);
  if (existsSync(dbFile)) throw new BackupError(`${dbFile} exists already: restore into a new path (the server's database is never overwritten).`);
  const size = statSync(backupFile).size;
  const header = readAt(backupFile, 0, MAGIC.length + IV_BYTES);
  if (size < MAGIC.length + IV_BYTES + TAG_BYTES || !header.subarray(0, MAGIC.length).equals(MAGIC)) throw new BackupError(`${backupFile} is not a backup made by npm run backup.`);
  const decipher = createDecipheriv('aes-256-gcm', key, header.subarray(MAGIC.length));
  decipher.setAuthTag(readAt(backupFile, size - TAG_BYTES, TAG_BYTES));
  const work = privateTempDir(path.dirname(dbFile));
  try {
    const plain = path.join(work, 'restored.db');
    try {
      await pipeline(createReadStream(backupFile, { start: MAGIC.length + IV_BYTES, end: size - TAG_BYTES - 1 }), decipher, createWriteStream(plain, { mode: 0o600 }));
    } catch {
      throw new BackupError('The backup could not be decrypted: the key is not the one it was made with, or the file was changed or cut short.');
    }
    const restored = new SQLite(plain, { fileMustExist: true });
    let appointments: number;
    try {
      const check = restored.pragma('integrity_check', { simple: true });
      if (check !== 'ok') throw new BackupError(`The restored database is damaged: ${String(check)}`);
      appointments = (restored.prepare('SELECT count(*) AS n FROM appointments').get() as { n: number }).n;
    } finally {
      restored.close();
    }
    renameSync(plain, dbFile);
    return { appointments };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
