// Moves SQLite's WAL checkpoints off the event loop. With synchronous=FULL a checkpoint copies the
// write-ahead log into the database file and fsyncs it; run automatically, it happens inside whichever
// commit crosses the threshold, blocking the event loop (better-sqlite3 is synchronous) for tens of
// milliseconds: the booking benchmark's p99 came from there. Here the app's connection does not
// checkpoint; a worker thread with its own connection runs PASSIVE checkpoints, which never block
// readers or writers, and a final TRUNCATE one on close.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

export interface Checkpointer {
  stop(): Promise<void>;
}

// Plain CommonJS so the worker needs no TypeScript loader.
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 5000');
db.pragma('synchronous = FULL');
const checkpoint = (mode) => { try { db.pragma('wal_checkpoint(' + mode + ')'); } catch { /* busy: next round */ } };
const timer = setInterval(() => checkpoint('PASSIVE'), workerData.intervalMs);
parentPort.on('message', () => {
  clearInterval(timer);
  checkpoint('TRUNCATE');
  db.close();
  parentPort.close();
});
`;

export function startCheckpointer(file: string, intervalMs = 250): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER, { eval: true, workerData: { file, driver, intervalMs } });
  // Checkpointing is housekeeping: it never keeps the process alive.
  worker.unref();
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  worker.on('error', () => {
    /* a failed checkpointer leaves the WAL to grow until the next start; the data is safe in it */
  });
  return {
    async stop() {
      // Closing must finish even when nothing else keeps the process alive (a CLI closing at top level).
      worker.ref();
      worker.postMessage('stop');
      await exited;
    },
  };
}
