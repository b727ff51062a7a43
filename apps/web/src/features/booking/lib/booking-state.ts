// What other screens hand to /Appointment in navigation state: a package to book (from /packages:
// packageId, offerPrice, selectedTestIds) and the home teaser's contact details (read through
// shared/lib/booking-teaser). The page reads it once, then clears it so a reload does not repeat it.
// Links that choose tests (an offer's "Book", a home search result) put their ids in the address
// instead, `?tests=ID,ID` (bookTestsPath), so they work from any page, e-mail or bookmark.

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

/** at most this many ids are read from a link: more than any offer or package names */
const MAX_LINKED_TESTS = 50;

/**
 * The test ids of `?tests=ID,ID`, each once, in order; anything that is not an id is skipped, so a
 * mangled link still chooses what it can. Ids the catalogue does not list are dropped later.
 */
export function readLinkedTests(search: string): number[] {
  const raw = new URLSearchParams(search).get('tests') ?? '';
  const ids = raw
    .split(',')
    .map((part) => part.trim())
    .filter((part) => /^\d{1,10}$/.test(part))
    .map(Number)
    .filter((n) => n > 0 && n <= 2_147_483_647);
  return [...new Set(ids)].slice(0, MAX_LINKED_TESTS);
}
