// What other screens hand to /Appointment in navigation state: a package to book (from /packages:
// packageId, offerPrice, selectedTestIds) and the home teaser's contact details (read through
// shared/lib/booking-teaser). The page reads it once, then clears it so a reload does not repeat it.

export interface PackageSelection {
  packageId: number | null;
  /** the package price /packages showed; the server prices the booking itself */
  offerPrice: number | null;
  testIds: number[];
}

const finiteNumber = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : null);

export function readPackageSelection(state: unknown): PackageSelection | null {
  if (typeof state !== 'object' || state === null) return null;
  const s = state as Record<string, unknown>;
  const testIds = Array.isArray(s.selectedTestIds)
    ? s.selectedTestIds.map(finiteNumber).filter((n): n is number => n !== null && Number.isInteger(n) && n > 0)
    : [];
  const offerPrice = finiteNumber(s.offerPrice);
  const packageId = finiteNumber(s.packageId);
  if (testIds.length === 0 && offerPrice === null && packageId === null) return null;
  return {
    packageId: packageId !== null && Number.isInteger(packageId) && packageId > 0 ? packageId : null,
    offerPrice: offerPrice !== null && offerPrice >= 0 ? offerPrice : null,
    testIds,
  };
}
