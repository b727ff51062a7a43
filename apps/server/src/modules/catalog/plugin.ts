// The catalogue module's long-lived part: the versions of the public data this process holds
// (catalog-version.ts), which the lab details' cache reads too, kept fresh after writes of this process.
import fp from 'fastify-plugin';
import type { Db } from '../../db/index.ts';
import { watchLabDetailsVersion } from '../lab/service.ts';
import { CatalogVersion } from './catalog-version.ts';

declare module '../../lib/context.ts' {
  interface Deps {
    /** the catalogue version this process holds, re-read only when a change may have happened */
    catalogVersion: CatalogVersion;
  }
}

export interface CatalogPluginOptions {
  database: Db;
  /** binds what runs after each write query of this process (the database was opened before this plugin) */
  onWrite: (wrote: () => void) => void;
}

export const catalogPlugin = fp<CatalogPluginOptions>(
  async (app, { database, onWrite }) => {
    const catalogVersion = new CatalogVersion(database.db, database.changeSignature);
    watchLabDetailsVersion(database.db, () => catalogVersion.lab());
    // A write of this process outside a transaction has committed when it is logged. SQLite's one
    // connection makes a later read wait for an open transaction; on PostgreSQL a staff write's answer
    // (sent after its commit) marks it again, and every commit anywhere is announced by NOTIFY as well.
    onWrite(() => catalogVersion.invalidate());
    if (database.connection) {
      await catalogVersion.listen(database.connection.url, database.connection.schema);
      app.addHook('onSend', async (request) => {
        if (request.method !== 'GET' && request.method !== 'HEAD' && request.url.startsWith('/api/staff/')) catalogVersion.invalidate();
      });
    }
    app.addHook('onClose', () => catalogVersion.close());
    app.deps.catalogVersion = catalogVersion;
  },
  { name: 'catalog-version' },
);
