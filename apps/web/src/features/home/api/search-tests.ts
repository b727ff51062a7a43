// The tests matching a search, for /tests's server loader: GET /api/tests/ (in the page's language, as a
// guest pays: list price, and the running offer's price where lower), filtered by name on the server, so
// the page arrives with its results and prices and needs no script (the home page's search leads here).
import type { LabTest } from '@lab/contract';
import type { LoaderFunctionArgs } from 'react-router';
import { inPageLanguage, loadFromApi } from '../../../shared/api/server-data.ts';

/** the most results a page shows; more means the search should be narrower */
export const MAX_RESULTS = 50;
/** a search longer than any test's name finds nothing anyway */
const MAX_QUERY = 100;

export interface FoundTest {
  id: number;
  name: string;
  price: number;
  /** what a guest pays today (an offer's price), equal to price without one */
  offerPrice: number;
}

export interface TestSearchResult {
  query: string;
  tests: FoundTest[];
  /** how many matched in all (more than tests.length when cut at MAX_RESULTS) */
  total: number;
}

/** the query as searched: one line, trimmed, at most MAX_QUERY characters */
export const searchQueryOf = (url: string) => (new URL(url).searchParams.get('q') ?? '').replace(/\s+/g, ' ').trim().slice(0, MAX_QUERY);

/** case-insensitive substring of the name (in Hindi, of the Hindi or the English name), as the booking page's picker searches */
export function matchTests(tests: readonly LabTest[], query: string): TestSearchResult {
  const q = query.toLowerCase();
  const matched = q === '' ? [] : tests.filter((t) => t.name.toLowerCase().includes(q) || (t.name_en ?? '').toLowerCase().includes(q));
  return {
    query,
    total: matched.length,
    tests: matched.slice(0, MAX_RESULTS).map((t) => ({ id: t.id, name: t.name, price: t.price, offerPrice: t.general_offer_price })),
  };
}

export async function loadTestSearch(args: Pick<LoaderFunctionArgs, 'context' | 'request'>): Promise<TestSearchResult> {
  const query = searchQueryOf(args.request.url);
  if (query === '') return { query, tests: [], total: 0 };
  return matchTests(await loadFromApi<LabTest[]>(args, inPageLanguage(args, '/api/tests/')), query);
}
