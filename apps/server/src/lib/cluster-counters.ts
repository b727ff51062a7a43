// Rate-limit counters shared by the workers of one cluster (WORKERS > 1) without Redis: the primary
// process keeps them in memory and each worker asks it over the cluster's IPC channel. A limit of 20
// misses is then 20 for the whole server, not 20 per worker. With REDIS_URL set, Redis counts instead
// (it also spans machines).
import type { Worker } from 'node:cluster';
import type { Count, CounterStore, MemoryStore } from './rate-limit.ts';

interface AddMessage {
  type: 'lab:counter-add';
  id: number;
  key: string;
  windowMs: number;
  by: number;
}
interface CountMessage {
  type: 'lab:counter-count';
  id: number;
  count: Count;
}

/** a worker's view: every add is answered by the primary */
export class ClusterCounterStore implements CounterStore {
  private next = 0;
  private readonly pending = new Map<number, (count: Count) => void>();

  constructor(private readonly channel: NodeJS.Process = process) {
    channel.on('message', (m: CountMessage) => {
      if (m?.type !== 'lab:counter-count') return;
      this.pending.get(m.id)?.(m.count);
      this.pending.delete(m.id);
    });
  }

  add(key: string, windowMs: number, by = 1): Promise<Count> {
    const id = ++this.next;
    return new Promise<Count>((resolve, reject) => {
      this.pending.set(id, resolve);
      const message: AddMessage = { type: 'lab:counter-add', id, key, windowMs, by };
      // A primary that cannot be reached is an error, which FallbackStore turns into counting here.
      this.channel.send!(message, undefined, {}, (err) => {
        if (!err) return;
        this.pending.delete(id);
        reject(err);
      });
    });
  }
}

/** the primary's side: answers one worker's adds from the cluster's one store */
export function serveCounters(worker: Worker, store: MemoryStore): void {
  worker.on('message', (m: AddMessage) => {
    if (m?.type !== 'lab:counter-add') return;
    void store.add(m.key, m.windowMs, m.by).then((count) => {
      if (worker.isConnected()) worker.send({ type: 'lab:counter-count', id: m.id, count } satisfies CountMessage);
    });
  });
}
