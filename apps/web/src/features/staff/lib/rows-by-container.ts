// The results worksheet's rows grouped by the container their test was drawn in (docs/samples.md): a
// technician at the bench works one tube at a time. A test's container is the visit's container that lists
// it and was not rejected (a rejected tube's tests are drawn again into a new one, which takes them); a
// test no container lists (a visit from before containers were numbered, or not yet collected) stays in
// one group without a container, after the others. Within a group the worksheet's own order is kept.
import type { Sample, WorksheetRow } from '@lab/contract';

export interface ContainerGroup<R> {
  /** null: the tests no drawn container lists */
  sample: Sample | null;
  rows: R[];
}

export function rowsByContainer<R extends Pick<WorksheetRow, 'test_name'>>(rows: readonly R[], samples: readonly Sample[]): Array<ContainerGroup<R>> {
  const live = samples.filter((s) => s.status !== 'rejected');
  const containerOf = new Map<string, Sample>();
  for (const s of live) for (const test of s.tests) if (!containerOf.has(test)) containerOf.set(test, s);
  const groups = new Map<Sample | null, R[]>(live.map((s) => [s, []]));
  groups.set(null, []);
  for (const row of rows) groups.get(containerOf.get(row.test_name) ?? null)!.push(row);
  return [...groups].filter(([, r]) => r.length > 0).map(([sample, r]) => ({ sample, rows: r }));
}
