// The grouping of a visit's tests into containers (containers.ts): by container, first-fit by volume,
// nothing for a test without a sample, a test bigger than a tube in a tube of its own.
import { describe, expect, it } from 'vitest';
import { defaultContainer, groupIntoContainers, type TestToDraw } from './containers.ts';

const test = (test_id: number, container: TestToDraw['container'], ml: number): TestToDraw => ({ test_id, name: `T${test_id}`, container, volume_ul: ml * 1000 });

describe('groupIntoContainers', () => {
  it('puts tests of one container into one tube while their volumes fit, in the container list\'s order', () => {
    const groups = groupIntoContainers([test(1, 'sst', 1), test(2, 'edta', 2), test(3, 'sst', 2), test(4, 'none', 0)]);
    expect(groups.map((g) => [g.container, g.volume_ul, g.tests.map((t) => t.test_id)])).toEqual([
      ['edta', 2000, [2]],
      ['sst', 3000, [1, 3]],
    ]);
  });

  it('fills the fewest tubes, the largest volumes first', () => {
    // in booking order 2, 2, 3, 3 ml would take three 5 ml tubes (2+2, 3, 3); largest first takes two (3+2, 3+2)
    const groups = groupIntoContainers([test(1, 'sst', 2), test(2, 'sst', 2), test(3, 'sst', 3), test(4, 'sst', 3)]);
    expect(groups.map((g) => g.volume_ul).sort()).toEqual([5000, 5000]);
  });

  it('gives a test bigger than a tube, and each swab, a container of its own', () => {
    expect(groupIntoContainers([test(1, 'fluoride', 3), test(2, 'fluoride', 1)]).map((g) => g.volume_ul)).toEqual([3000, 1000]);
    expect(groupIntoContainers([test(1, 'swab', 0), test(2, 'swab', 0)])).toHaveLength(2);
    expect(groupIntoContainers([])).toEqual([]);
  });
});

describe('defaultContainer', () => {
  it('names the demo test\'s container, else its category\'s', () => {
    expect(defaultContainer('Fasting Blood Sugar', 'biochemistry')).toEqual({ container: 'fluoride', volume_ul: 1000 });
    expect(defaultContainer('Serum Zinc Level', 'hematology')).toEqual({ container: 'edta', volume_ul: 1000 });
    expect(defaultContainer('MRI Knee', 'radiology')).toEqual({ container: 'none', volume_ul: 0 });
    expect(defaultContainer('Something', 'unknown')).toEqual({ container: 'sst', volume_ul: 1000 });
  });
});
