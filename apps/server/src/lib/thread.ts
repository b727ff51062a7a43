// A worker thread that answers calls: for work that would hold the event loop (composing and sending
// e-mail, laying out PDFs with shaped Devanagari), so requests keep flowing while it runs. One thread
// per kind of work, started on the first call, unref'd while idle so it never keeps the process alive;
// if it dies, the calls waiting on it fail and the next call starts a new one.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, Worker } from 'node:worker_threads';

export interface Thread<In, Out> {
  call(input: In): Promise<Out>;
}

interface Pending<Out> {
  resolve(out: Out): void;
  reject(err: Error): void;
}

/**
 * `module`: the worker's entry beside the calling file, as built (`.js`, a bundle of its own beside
 * dist/main.js) and as source (`.ts`). From source, Node 20 does not hand the main thread's
 * `--import tsx` loader to a worker, so the worker registers tsx itself before it loads the module.
 */
export function workerThread<In, Out>(module: { js: URL; ts: URL }, workerData?: unknown): Thread<In, Out> {
  let worker: Worker | null = null;
  let nextId = 0;
  const pending = new Map<number, Pending<Out>>();

  const failAll = (err: Error) => {
    for (const p of pending.values()) p.reject(err);
    pending.clear();
    worker = null;
  };

  const start = (): Worker => {
    const bootstrap = import.meta.url.endsWith('.js')
      ? `import(${JSON.stringify(module.js.href)})`
      : `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})
      .then((tsx) => { tsx.register(); return import(${JSON.stringify(module.ts.href)}); })`;
    const w = new Worker(bootstrap, { eval: true, workerData });
    w.on('message', (msg: { id: number; out?: Out; error?: string }) => {
      const p = pending.get(msg.id);
      if (!p) return;
      pending.delete(msg.id);
      if (msg.error === undefined) p.resolve(msg.out as Out);
      else p.reject(new Error(msg.error));
      if (pending.size === 0) w.unref();
    });
    w.on('error', (err) => failAll(err));
    w.on('exit', (code) => failAll(new Error(`worker thread stopped (exit code ${code})`)));
    return w;
  };

  return {
    call(input) {
      worker ??= start();
      const id = nextId++;
      const w = worker;
      w.ref();
      return new Promise<Out>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        w.postMessage({ id, input });
      });
    },
  };
}

/** in the worker: answers each call with what `handle` resolves to, or the message of its error */
export function serveThread<In, Out>(handle: (input: In) => Promise<Out>): void {
  parentPort!.on('message', ({ id, input }: { id: number; input: In }) => {
    handle(input).then(
      (out) => parentPort!.postMessage({ id, out }),
      (err: unknown) => parentPort!.postMessage({ id, error: err instanceof Error ? err.message : String(err) }),
    );
  });
}

/** the niceness of a background thread: under contention it gets about a tenth of a request thread's share of a core */
export const BACKGROUND_NICE = 10;

/**
 * Makes the calling thread background work (decision 043): on Linux its niceness becomes
 * BACKGROUND_NICE, for this thread only (Linux applies a thread id's priority to that thread), so when
 * it and the request thread want the same core the requests go first; with a core free it runs as
 * fast as before. Where threads have no id of their own to give (`/proc/thread-self` missing) or the
 * system refuses, the thread keeps its priority.
 */
export function runInBackground(): void {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid) && tid > 0) setPriority(tid, BACKGROUND_NICE);
  } catch {
    // not Linux, or not allowed: the thread keeps its priority
  }
}
