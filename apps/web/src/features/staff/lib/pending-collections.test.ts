// A phone's collections kept while offline: kept once per visit with the time pressed, sent when the
// connection returns, a lost connection keeping the rest, a refused one dropped.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../shared/api/client.ts';
import { keepCollection, pendingCollections, sendPendingCollections } from './pending-collections.ts';

const memory = () => {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
};

describe('collections kept while offline', () => {
  it('keeps one per visit, the first time pressed', () => {
    const store = memory();
    keepCollection(store, { appointmentId: 'a', collectedAt: '2026-12-01T04:00:00.000Z' });
    keepCollection(store, { appointmentId: 'a', collectedAt: '2026-12-01T04:05:00.000Z' });
    keepCollection(store, { appointmentId: 'b', collectedAt: '2026-12-01T04:30:00.000Z' });
    expect(pendingCollections(store)).toEqual([
      { appointmentId: 'a', collectedAt: '2026-12-01T04:00:00.000Z' },
      { appointmentId: 'b', collectedAt: '2026-12-01T04:30:00.000Z' },
    ]);
  });

  it('sends them with their time, keeps the rest when the connection drops again, drops a refused one', async () => {
    const store = memory();
    for (const id of ['a', 'b', 'c']) keepCollection(store, { appointmentId: id, collectedAt: `2026-12-01T0${id === 'a' ? 4 : 5}:00:00.000Z` });
    const asked: string[] = [];
    const first = await sendPendingCollections(store, async (p) => {
      asked.push(`${p.appointmentId}@${p.collectedAt}`);
      if (p.appointmentId === 'a') throw new ApiError(409, { error: 'Samples can be collected once the appointment is approved.' });
      if (p.appointmentId === 'c') throw new TypeError('Failed to fetch');
    });
    expect(asked).toEqual(['a@2026-12-01T04:00:00.000Z', 'b@2026-12-01T05:00:00.000Z', 'c@2026-12-01T05:00:00.000Z']);
    expect(first.refused.map((p) => p.appointmentId)).toEqual(['a']);
    expect(first.sent.map((p) => p.appointmentId)).toEqual(['b']);
    expect(pendingCollections(store).map((p) => p.appointmentId)).toEqual(['c']);
    const second = await sendPendingCollections(store, async () => {});
    expect(second.sent.map((p) => p.appointmentId)).toEqual(['c']);
    expect(pendingCollections(store)).toEqual([]);
  });

  it('reads a damaged store as empty', () => {
    const store = memory();
    store.setItem('lab.pending-collections', '{not json');
    expect(pendingCollections(store)).toEqual([]);
  });
});
