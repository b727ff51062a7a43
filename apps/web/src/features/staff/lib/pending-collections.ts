// A phone's collections that could not be sent (no network mid-visit): kept in the phone's storage with the
// time the phlebotomist pressed "Mark collected", and sent when the connection returns. The server takes a
// collection time up to 48 hours back and answers a collection sent twice with the first one's containers,
// so sending again is safe. A collection the server refuses (an answer, not a lost connection) is dropped and
// reported, so a refused one is never retried for ever.
import { ApiError } from '../../../shared/api/client.ts';

export interface PendingCollection {
  appointmentId: string;
  collectedAt: string;
}

const KEY = 'lab.pending-collections';

type Store = Pick<Storage, 'getItem' | 'setItem'>;

export function pendingCollections(store: Store): PendingCollection[] {
  try {
    const parsed: unknown = JSON.parse(store.getItem(KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((p): p is PendingCollection => typeof p?.appointmentId === 'string' && typeof p?.collectedAt === 'string') : [];
  } catch {
    return [];
  }
}

/** keeps a collection to send later (one per visit: the first time pressed stands) */
export function keepCollection(store: Store, entry: PendingCollection): void {
  const kept = pendingCollections(store);
  if (!kept.some((p) => p.appointmentId === entry.appointmentId)) store.setItem(KEY, JSON.stringify([...kept, entry]));
}

/**
 * Sends the kept collections one by one; answers those sent and those the server refused (both leave the
 * store). A lost connection stops the pass and keeps the rest for the next one.
 */
export async function sendPendingCollections(store: Store, send: (p: PendingCollection) => Promise<unknown>): Promise<{ sent: PendingCollection[]; refused: PendingCollection[] }> {
  const sent: PendingCollection[] = [];
  const refused: PendingCollection[] = [];
  for (const p of pendingCollections(store)) {
    try {
      await send(p);
      sent.push(p);
    } catch (e) {
      if (!(e instanceof ApiError)) break;
      refused.push(p);
    }
  }
  const done = new Set([...sent, ...refused].map((p) => p.appointmentId));
  store.setItem(KEY, JSON.stringify(pendingCollections(store).filter((p) => !done.has(p.appointmentId))));
  return { sent, refused };
}
