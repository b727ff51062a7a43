// Long work in short steps: a turn of the event loop between steps for whatever waits (requests,
// timers). SQLite's driver answers through promises that never wait: without the turn, steps that are
// each short would still run back to back and hold the process from the first to the last.

export const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * runs `step` on batches of up to `size` ids from `pick` until a batch comes back short, with a turn
 * of the event loop after each; answers how many ids there were
 */
export async function inBatches<Id>(size: number, pick: () => Promise<Id[]>, step: (ids: Id[]) => Promise<void>): Promise<number> {
  let total = 0;
  for (;;) {
    const ids = await pick();
    if (ids.length) await step(ids);
    total += ids.length;
    if (ids.length < size) return total;
    await nextTurn();
  }
}

/**
 * A queue of one: each piece of work given starts when the one before has ended, in the order given.
 * For work done in parts on SQLite's thread: between two parts of one, whatever else waits (a health
 * check, a booking) runs, instead of the parts of every such request in flight, one after another.
 */
export function oneAtATime(): <T>(work: () => Promise<T>) => Promise<T> {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>) => {
    const run = tail.then(work, work);
    tail = run.catch(() => {});
    return run;
  };
}
