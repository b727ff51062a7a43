// The patient's age in whole years as the booking form knows it (date of birth, or the age typed), so
// the form asks for a parent or guardian when the patient is under 18 (docs/personal-data.md); the server checks again.
import { ADULT_AGE } from '@lab/contract';

export function patientAge(dateOfBirth: string, ageYears: string, today: string): number | null {
  if (/^\d{4}-\d{2}-\d{2}$/.test(dateOfBirth)) {
    const [fy, fm, fd] = dateOfBirth.split('-').map(Number) as [number, number, number];
    const [y, m, d] = today.split('-').map(Number) as [number, number, number];
    return Math.max(0, y - fy - (m < fm || (m === fm && d < fd) ? 1 : 0));
  }
  if (ageYears.trim() !== '' && Number.isInteger(Number(ageYears))) return Number(ageYears);
  return null;
}

export const needsGuardian = (age: number | null) => age !== null && age < ADULT_AGE;
