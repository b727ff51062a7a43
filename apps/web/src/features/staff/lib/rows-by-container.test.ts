import type { Sample } from '@lab/contract';
import { describe, expect, it } from 'vitest';
import { rowsByContainer } from './rows-by-container.ts';

const tube = (accession: string, tests: string[], status: Sample['status'] = 'received'): Sample => ({
  accession,
  container: 'sst',
  container_name: `tube ${accession}`,
  volume_ml: 5,
  tests,
  status,
  collected_at: '2026-11-28T04:00:00.000Z',
  received_at: status === 'collected' ? null : '2026-11-28T05:00:00.000Z',
  reject_reason: status === 'rejected' ? 'haemolysed' : null,
  problem: null,
  expected_at: null,
});
const row = (test_name: string, name: string) => ({ test_name, name });

describe('the worksheet rows by container', () => {
  it('puts each test under the tube it was drawn in, in the containers\' order, keeping the rows\' order', () => {
    const rows = [row('CBC', 'Hb'), row('Lipid', 'LDL'), row('CBC', 'WBC'), row('Sugar', 'FBS'), row('Lipid', 'HDL')];
    const groups = rowsByContainer(rows, [tube('A', ['Lipid', 'Sugar']), tube('B', ['CBC'])]);
    expect(groups.map((g) => [g.sample?.accession, g.rows.map((r) => r.name)])).toEqual([
      ['A', ['LDL', 'FBS', 'HDL']],
      ['B', ['Hb', 'WBC']],
    ]);
  });

  it('takes a rejected tube\'s tests to the tube drawn again, and leaves tests no tube lists in a group of their own, last', () => {
    const rows = [row('CBC', 'Hb'), row('ESR', 'ESR'), row('Urine', 'pH')];
    const groups = rowsByContainer(rows, [tube('old', ['CBC', 'ESR'], 'rejected'), tube('new', ['CBC', 'ESR'], 'collected')]);
    expect(groups.map((g) => [g.sample?.accession ?? null, g.rows.map((r) => r.name)])).toEqual([
      ['new', ['Hb', 'ESR']],
      [null, ['pH']],
    ]);
  });

  it('is one group without a container when the visit has none', () => {
    expect(rowsByContainer([row('CBC', 'Hb')], [])).toEqual([{ sample: null, rows: [row('CBC', 'Hb')] }]);
  });
});
