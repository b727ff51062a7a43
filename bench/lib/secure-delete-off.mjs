// Bench only (bench/secure-delete.ts): loaded with --import into a server process, it drops the
// server's `secure_delete = ON`, so one run can measure a booking with and without it (decision 050).
import { createRequire } from 'node:module';

const Database = createRequire(import.meta.url)('better-sqlite3');
const pragma = Database.prototype.pragma;
Database.prototype.pragma = function (source, options) {
  return /^\s*secure_delete\s*=/i.test(source) ? [] : pragma.call(this, source, options);
};
