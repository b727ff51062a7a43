// Moves SQLite's WAL checkpoints off the event loop. With synchronous=FULL a checkpoint copies the
// write-ahead log into the database file and fsyncs it; run automatically, it happens inside whichever
// commit crosses the threshold, blocking the event loop (better-sqlite3 is synchronous) for tens of
// milliseconds: the booking benchmark's p99 came from there. Here the app's connection does not
// checkpoint; a worker thread with its own connection runs PASSIVE checkpoints, which never block
// readers or writers, and a final TRUNCATE one on close. Asked to scrub (after an erasure), it runs a
// TRUNCATE checkpoint, so the WAL's old frames, which may still hold erased rows, leave the disk.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

export interface Checkpointer {
  stop(): Promise<void>;
  /** a TRUNCATE checkpoint, tried each round until no reader or writer is in its way; answers whether it was made */
  scrub(): Promise<boolean>;
}

// Plain CommonJS so the worker needs no TypeScript loader.
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 5000');
db.pragma('synchronous = FULL');
const checkpoint = (mode) => { try { db.pragma('wal_checkpoint(' + mode + ')'); } catch { /* busy: next round */ } };
// Scrubs asked for, and the rounds tried since: a TRUNCATE that would wait (a reader, a writer) gives
// way at once and is tried again next round, so the app's connection never waits on it for long.
let scrubs = [];
let tries = 0;
const truncated = () => {
  db.pragma('busy_timeout = 0');
  try { return db.pragma('wal_checkpoint(TRUNCATE)')[0].busy === 0; } catch { return false; } finally { db.pragma('busy_timeout = 5000'); }
};
const round = () => {
  if (scrubs.length === 0) return checkpoint('PASSIVE');
  const done = truncated();
  if (!done && ++tries < 200) return;
  for (const id of scrubs) parentPort.postMessage({ scrubbed: id, done });
  scrubs = [];
  tries = 0;
};
const timer = setInterval(round, workerData.intervalMs);
parentPort.on('message', (message) => {
  if (message && message.scrub !== undefined) {
    scrubs.push(message.scrub);
    return round();
  }
  clearInterval(timer);
  checkpoint('TRUNCATE');
  for (const id of scrubs) parentPort.postMessage({ scrubbed: id, done: true });
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
  const waiting = new Map<number, (done: boolean) => void>();
  let next = 0;
  worker.on('message', (m: { scrubbed: number; done: boolean }) => {
    waiting.get(m.scrubbed)?.(m.done);
    waiting.delete(m.scrubbed);
  });
  let stopped = false;
  void exited.then(() => {
    stopped = true;
    for (const settle of waiting.values()) settle(false);
    waiting.clear();
  });
  worker.on('error', () => {
    /* a failed checkpointer leaves the WAL to grow until the next start; the data is safe in it */
  });
  return {
    scrub() {
      if (stopped) return Promise.resolve(false);
      const id = next++;
      return new Promise<boolean>((resolve) => {
        waiting.set(id, resolve);
        worker.postMessage({ scrub: id });
      });
    },
    async stop() {
      // Closing must finish even when nothing else keeps the process alive (a CLI closing at top level).
      worker.ref();
      worker.postMessage('stop');
      await exited;
    },
  };
}
