// Which catalogue version a process holds, without asking the database on every read.
//
// The version row (migration 002) is bumped by triggers on every change of tests, categories or offers,
// by any process or by hand in SQL. Reading it on every catalogue request kept several processes
// consistent but put a query on the hottest path. Now the row is read only when something may have
// changed:
// - SQLite: a probe of the connection's `data_version` (moves when another connection commits) and
//   `total_changes()` (moves when this connection writes); it reads no table. It runs at most every
//   100 ms (another process's edit shows within that), and at once after a write of this process.
//   Only when either number moved is the version row read.
// - PostgreSQL: a trigger on the version row sends NOTIFY (migration 015); a dedicated connection
//   LISTENs and marks the version stale. Staff writes of this process mark it stale before their answer
//   is sent, so the next read after an edit here is never stale. While the listening connection is down,
//   every read checks the row, as before, until it is back.
import pg from 'pg';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { catalogVersion } from './queries.ts';

export const CATALOG_CHANNEL = 'lab_catalog_version';
/** SQLite: how often a read probes for other processes' commits */
const PROBE_EVERY_MS = 100;

export class CatalogVersion {
  private known: number | null = null;
  private signature = '';
  private probedAt = 0;
  /** PostgreSQL: a notification (or a local staff write) came since the row was last read */
  private stale = true;
  private listening = false;
  private listener: pg.Client | null = null;
  private closed = false;

  constructor(
    private readonly db: Kysely<Database>,
    /** SQLite: a cheap signature of "this database may have changed" */
    private readonly probe?: () => string,
  ) {}

  async current(): Promise<number> {
    if (this.probe) {
      // Another process's commit is seen at the next probe, at most PROBE_EVERY_MS later; a write of
      // this process calls invalidate(), which forces one.
      const now = Date.now();
      if (this.known !== null && this.signature !== '' && now - this.probedAt < PROBE_EVERY_MS) return this.known;
      this.probedAt = now;
      const signature = this.probe();
      if (this.known === null || signature !== this.signature) {
        // The signature is taken before the row is read: a commit in between makes the next read check again.
        this.signature = signature;
        this.known = await catalogVersion(this.db);
      }
      return this.known;
    }
    if (this.known === null || this.stale || !this.listening) {
      this.stale = false;
      this.known = await catalogVersion(this.db);
    }
    return this.known;
  }

  /** something in this process may have changed the catalogue (its write has committed) */
  invalidate(): void {
    this.stale = true;
    this.signature = '';
  }

  /** PostgreSQL: listen for version changes of every process, reconnecting when the connection drops */
  async listen(connectionString: string, searchPath: string | undefined): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({ connectionString, ...(searchPath ? { options: `-c search_path="${searchPath}"` } : {}) });
    const retry = () => {
      if (this.listener !== client) return;
      this.listening = false;
      this.listener = null;
      client.end().catch(() => {});
      if (!this.closed) setTimeout(() => void this.listen(connectionString, searchPath).catch(retry), 1000).unref();
    };
    client.on('error', retry);
    client.on('end', retry);
    client.on('notification', () => void (this.stale = true));
    this.listener = client;
    await client.connect();
    await client.query(`LISTEN ${CATALOG_CHANNEL}`);
    // Anything committed before LISTEN took effect is caught by this one re-read.
    this.stale = true;
    this.listening = true;
  }

  async close(): Promise<void> {
    this.closed = true;
    const client = this.listener;
    this.listener = null;
    this.listening = false;
    await client?.end().catch(() => {});
  }
}
