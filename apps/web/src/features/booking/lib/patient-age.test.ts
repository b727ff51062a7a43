import { describe, expect, it } from 'vitest';
import { needsGuardian, patientAge } from './patient-age.ts';

describe('the patient age of the booking form', () => {
  it('counts whole years from a date of birth up to the birthday', () => {
    expect(patientAge('2008-11-25', '', '2026-11-24')).toBe(17);
    expect(patientAge('2008-11-24', '', '2026-11-24')).toBe(18);
    expect(patientAge('2008-12-01', '40', '2026-11-24')).toBe(17);
  });

  it('takes the typed age without a date of birth, and knows nothing from neither', () => {
    expect(patientAge('', '12', '2026-11-24')).toBe(12);
    expect(patientAge('', '', '2026-11-24')).toBeNull();
    expect(patientAge('', 'ten', '2026-11-24')).toBeNull();
  });

  it('asks for a guardian under 18 only', () => {
    expect(needsGuardian(17)).toBe(true);
    expect(needsGuardian(18)).toBe(false);
    expect(needsGuardian(null)).toBe(false);
  });
});
