// Which versions of the public data a process holds (the catalogue, the content, the lab's details),
// without asking the database on every read (decision records 027 and 030).
//
// Each version is a number that triggers or the edit itself bump: the catalogue's row (migration 002,
// on every change of tests, categories, offers or packages), the content's (014: blogs, careers) and
// the lab details row's own. Reading them on every request kept several processes consistent but put a
// query on the hottest paths (the test list, every page view, `GET /api/lab/`). Now the three rows are
// read together, and only when something may have changed:
// - SQLite: a probe of the connection's `data_version` (moves when another connection commits) and
//   `total_changes()` (moves when this connection writes); it reads no table. It runs at most every
//   100 ms (another process's edit shows within that), and at once after a write of this process.
//   Only when either number moved are the version rows read.
// - PostgreSQL: a trigger on each version row sends NOTIFY (migrations 015 and 019); a dedicated
//   connection LISTENs and marks the versions stale. Staff writes of this process mark them stale before
//   their answer is sent, so the next read after an edit here is never stale. While the listening
//   connection is down, every read checks the rows, as before, until it is back.
import pg from 'pg';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { publicVersions } from './queries.ts';

export const CATALOG_CHANNEL = 'lab_catalog_version';
/** SQLite: how often a read probes for other processes' commits */
const PROBE_EVERY_MS = 100;

type Versions = Awaited<ReturnType<typeof publicVersions>>;

export class CatalogVersion {
  private known: Versions | null = null;
  private signature = '';
  private probedAt = 0;
  /** PostgreSQL: a notification (or a local staff write) came since the rows were last read */
  private stale = true;
  private listening = false;
  private listener: pg.Client | null = null;
  private closed = false;

  constructor(
    private readonly db: Kysely<Database>,
    /** SQLite: a cheap signature of "this database may have changed" */
    private readonly probe?: () => string,
  ) {}

  /** the catalogue's version: tests, categories, offers, packages */
  async current(): Promise<number> {
    return (await this.versions()).catalogue;
  }

  /** the content's version: blogs and careers */
  async content(): Promise<number> {
    return (await this.versions()).content;
  }

  /** the lab details row's version */
  async lab(): Promise<number> {
    return (await this.versions()).lab;
  }

  async versions(): Promise<Versions> {
    if (this.probe) {
      // Another process's commit is seen at the next probe, at most PROBE_EVERY_MS later; a write of
      // this process calls invalidate(), which forces one.
      const now = Date.now();
      if (this.known !== null && this.signature !== '' && now - this.probedAt < PROBE_EVERY_MS) return this.known;
      this.probedAt = now;
      const signature = this.probe();
      if (this.known === null || signature !== this.signature) {
        // The signature is taken before the rows are read: a commit in between makes the next read check again.
        this.signature = signature;
        this.known = await publicVersions(this.db);
      }
      return this.known;
    }
    if (this.known === null || this.stale || !this.listening) {
      this.stale = false;
      this.known = await publicVersions(this.db);
    }
    return this.known;
  }

  /** something in this process may have changed a version (its write has committed) */
  invalidate(): void {
    this.stale = true;
    this.signature = '';
  }

  /** PostgreSQL: listen for version changes by every process, reconnecting when the connection drops */
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
