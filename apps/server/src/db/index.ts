// One Kysely instance per process, on SQLite (embedded default) or PostgreSQL (DATABASE_URL=postgres://…).
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { CompiledQuery, type DatabaseConnection, type Driver, Kysely, type LogEvent, PostgresDialect, SqliteDialect, type SqliteDialectConfig, SqliteDriver, sql, type Transaction } from 'kysely';
import pg from 'pg';
import { repoRoot } from '../config.ts';
import { startCheckpointer } from './checkpointer.ts';
import type { Database } from './schema.ts';
// the module that `declare module` below adds to, in every program that compiles this file
import type {} from '../lib/context.ts';

export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  db: Kysely<Database>;
  dialect: Dialect;
  close(): Promise<void>;
  /** PostgreSQL: the pool's connections now */
  poolStats?: () => { total: number; idle: number; waiting: number };
  /**
   * SQLite: changes whenever the database may have changed (this connection wrote, or another one
   * committed), read without touching any table; caches compare it instead of querying
   */
  changeSignature?: () => string;
  /** PostgreSQL: where to open a connection of one's own (LISTEN), and its schema */
  connection?: { url: string; schema: string | undefined };
  /**
   * Runs `work` in a transaction and settles once its commit is on the disk, without holding the event
   * loop while the disk syncs (decision 042). PostgreSQL's commit is asynchronous already. On SQLite,
   * whose calls block the process, the commit is written with synchronous = NORMAL (into the WAL, in
   * the OS's cache: it survives the process dying) and the WAL file is then synced on libuv's thread
   * pool, where FULL would have synced it on the event loop; the caller answers after that sync.
   */
  durableTransaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T>;
}

// The database in every module's deps (lib/context.ts is below this layer and cannot name it).
declare module '../lib/context.ts' {
  interface Deps {
    db: Db['db'];
    dialect: Db['dialect'];
    /** a transaction that settles once its commit is on the disk, the disk's wait off the event loop (decision 042) */
    durableTransaction: Db['durableTransaction'];
  }
}

export interface DbOptions {
  /** PostgreSQL only: run in this schema (created when missing). Tests use one schema per file. */
  pgSchema?: string;
  /** PostgreSQL pool size */
  poolSize?: number;
  /** told of every query: its duration (metrics), whether it failed, and whether it may have written */
  onQuery?: (ms: number, failed: boolean, wrote: boolean) => void;
}

/** a query that only reads: a select, built or raw (anything else may have written) */
const onlyReads = (q: LogEvent['query']) => q.query.kind === 'SelectQueryNode' || (q.query.kind === 'RawNode' && /^\s*select\b/i.test(q.sql));

const queryLog = (onQuery: DbOptions['onQuery']) =>
  onQuery && ((event: LogEvent) => onQuery(event.queryDurationMillis, event.level === 'error', !onlyReads(event.query)));

const walScrubbers = new WeakMap<Kysely<Database>, () => Promise<boolean>>();

/**
 * After an erasure, on a SQLite file: a TRUNCATE checkpoint made in the checkpointer's thread, so the
 * WAL's old frames (copies of pages from before the erasure) leave the disk as the rows did; answers
 * whether it was made (false when a reader kept it off for too long, or there is no WAL). PostgreSQL
 * and SQLite in memory have no such file.
 */
export function scrubWal(db: Kysely<Database>): Promise<boolean> {
  return walScrubbers.get(db)?.() ?? Promise.resolve(false);
}

export async function createDb(url: string, options: DbOptions = {}): Promise<Db> {
  if (/^postgres(ql)?:\/\//.test(url)) return createPostgres(url, options);
  return createSqlite(url, options);
}

/**
 * Patient data is readable by the server's own user only: a new folder is 0700, the database file
 * 0600 (made empty here first, so it never exists with wider rights), and SQLite gives its WAL and
 * shared-memory files the database file's mode.
 */
function ownerOnly(file: string): void {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  closeSync(openSync(file, 'a', 0o600));
  chmodSync(file, 0o600);
  for (const extra of [`${file}-wal`, `${file}-shm`]) if (existsSync(extra)) chmodSync(extra, 0o600);
}

/** the file of a SQLite DATABASE_URL (`file:./data/lab.db`, relative to the repository), or ':memory:' */
export const sqliteFile = (url: string): string => (url === ':memory:' ? ':memory:' : path.resolve(repoRoot, url.replace(/^file:/, '')));

function createSqlite(url: string, options: DbOptions): Db {
  const file = sqliteFile(url);
  if (file !== ':memory:') ownerOnly(file);
  const database = new SQLite(file);
  database.pragma('journal_mode = WAL');
  // An acknowledged write survives a power loss: every commit is fsynced.
  database.pragma('synchronous = FULL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  // What is deleted or overwritten is zeroed in the file, not left in free space: a closed account's
  // data leaves the disk with its rows (decision 050, which measures what it costs a booking).
  database.pragma('secure_delete = ON');
  cachePreparedStatements(database);
  const db = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database }), log: queryLog(options.onQuery) });
  const probe = database.prepare('SELECT total_changes() AS c, data_version AS v FROM pragma_data_version');
  const changeSignature = () => {
    const r = probe.get() as { c: number; v: number };
    return `${r.c}:${r.v}`;
  };
  if (file === ':memory:') return { db, dialect: 'sqlite', close: () => db.destroy(), changeSignature, durableTransaction: (work) => db.transaction().execute(work) };
  // Checkpoints run in a worker thread (checkpointer.ts), not inside a request's commit.
  database.pragma('wal_autocheckpoint = 0');
  database.pragma(`journal_size_limit = ${64 * 1024 * 1024}`);
  const checkpointer = startCheckpointer(file);
  walScrubbers.set(db, () => checkpointer.scrub());
  const wal = new WalSync(`${file}-wal`);
  return {
    db,
    dialect: 'sqlite',
    changeSignature,
    durableTransaction: async (work) => {
      // SQLite's one connection, held from the pragma to its reset: no other transaction runs between.
      const result = await db.connection().execute(async (conn) => {
        await sql`pragma synchronous = NORMAL`.execute(conn);
        try {
          return await conn.transaction().execute(work);
        } finally {
          await sql`pragma synchronous = FULL`.execute(conn);
        }
      });
      await wal.sync();
      return result;
    },
    close: async () => {
      await checkpointer.stop();
      await db.destroy();
      await wal.close();
    },
  };
}

/**
 * SQLite transactions begin IMMEDIATE: the write lock is taken at BEGIN, waiting (busy_timeout) while
 * another process holds it. A deferred BEGIN reads first and asks for the lock at its first write; if
 * another process (`npm run staff:create`, a backup, a second server on the same file) committed in
 * between, SQLite refuses the upgrade at once with SQLITE_BUSY_SNAPSHOT, without waiting, and the
 * request failed. The server has one connection per process, so its own transactions never wait on
 * each other here.
 */
class ImmediateSqliteDialect extends SqliteDialect {
  constructor(private readonly config: SqliteDialectConfig) {
    super(config);
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.config);
  }
}

class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

/**
 * The WAL file's data synced from libuv's thread pool (fdatasync): what synchronous = FULL does inside
 * the commit, here after it. Everything written to the file before the call is then on the disk, so a
 * sync also covers the commits made while it waited. The file is opened once: SQLite keeps it (the
 * same file, truncated or restarted in place after checkpoints) while a connection is open, and
 * removes it only when the last one closes.
 */
class WalSync {
  private handle: Promise<FileHandle> | undefined;

  constructor(private readonly file: string) {}

  async sync(): Promise<void> {
    this.handle ??= open(this.file, 'r');
    try {
      await (await this.handle).datasync();
    } catch (error) {
      // Opened again next time (should the file ever have been replaced), and this commit not called durable.
      const stale = this.handle;
      this.handle = undefined;
      await stale.then((h) => h.close()).catch(() => {});
      throw error;
    }
  }

  async close(): Promise<void> {
    const handle = this.handle;
    this.handle = undefined;
    await handle?.then((h) => h.close()).catch(() => {});
  }
}

/**
 * Kysely's SQLite driver prepares every statement anew, which a profile of the booking benchmark showed
 * as a large share of the work; the same SQL text reuses its prepared statement instead. A statement
 * still iterating (busy) is never handed out twice.
 */
function cachePreparedStatements(database: SQLite.Database, max = 500): void {
  const prepare = database.prepare.bind(database);
  const cache = new Map<string, SQLite.Statement>();
  database.prepare = ((source: string) => {
    const cached = cache.get(source);
    if (cached && !cached.busy) return cached;
    const statement = prepare(source);
    if (!cached) {
      if (cache.size >= max) cache.delete(cache.keys().next().value!);
      cache.set(source, statement);
    }
    return statement;
  }) as typeof database.prepare;
}

async function createPostgres(url: string, options: DbOptions): Promise<Db> {
  // Integers above 2^31 never occur in our columns; keep COUNT(*) (int8) as a JS number.
  pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
  if (options.pgSchema) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA IF NOT EXISTS "${options.pgSchema}"`);
    await admin.end();
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    ...(options.pgSchema ? { options: `-c search_path="${options.pgSchema}"` } : {}),
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: queryLog(options.onQuery) });
  await sql`select 1`.execute(db);
  return {
    db,
    dialect: 'postgres',
    close: () => db.destroy(),
    durableTransaction: (work) => db.transaction().execute(work),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    connection: { url, schema: options.pgSchema },
  };
}
