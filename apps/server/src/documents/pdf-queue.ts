// The bound on PDF work waiting for the PDF thread (docs/decisions/047): one thread draws every report
// and receipt, so an unbounded queue lets one client's flood put every other patient minutes behind.
// At most `max` documents are drawn or waiting in this process; one more is refused at once with a 503
// and a Retry-After of about the time the queue needs to drain, rather than waiting in line.
import { HttpError } from '../lib/errors.ts';
import { m } from '@lab/contract';

export const PDF_BUSY = m('documents.busy');

export class BoundedQueue {
  private active = 0;
  /** a running average of a document's drawing time, for Retry-After; a Hindi report's time to start with */
  private averageMs = 1000;
  private lastDone = 0;

  constructor(readonly max: number) {}

  /** documents drawn so far by this process (for /metrics-style checks and tests) */
  drawn = 0;

  /** documents being drawn or waiting */
  get size(): number {
    return this.active;
  }

  /** runs `task` when the queue has room; a 503 with Retry-After when it has none */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.max) {
      const seconds = Math.min(60, Math.max(1, Math.ceil((this.active * this.averageMs) / 1000)));
      throw new HttpError(503, PDF_BUSY, undefined, { 'retry-after': String(seconds) });
    }
    this.active++;
    const started = performance.now();
    try {
      const out = await task();
      this.drawn++;
      return out;
    } finally {
      this.active--;
      // One thread draws one document at a time: its own time is from when it started or the one
      // before it ended, whichever was later (the rest was waiting in line).
      const now = performance.now();
      this.averageMs = 0.8 * this.averageMs + 0.2 * (now - Math.max(started, this.lastDone));
      this.lastDone = now;
    }
  }
}
