// The tests matching a search, for /tests's server loader: GET /api/tests/ (in the page's language, as a
// guest pays: list price, and the running offer's price where lower), filtered by name on the server, so
// the page arrives with its results and prices and needs no script (the home page's search leads here).
// Server-only, so the search's code stays out of the page's scripts.
import type { LabTest } from '@lab/contract';
import type { LoaderFunctionArgs } from 'react-router';
import { inPageLanguage, loadFromApi } from '../../../shared/api/server-data.ts';
import { buildSearchIndex, searchItems } from '../../../shared/lib/search-index.ts';
import { MAX_RESULTS, searchQueryOf, type TestSearchResult } from './search-tests.ts';

/**
 * the tests whose name (or other language's name) matches as people spell it, as the booking page's picker
 * searches (shared/lib/search-index.ts, docs/i18n.md). The catalogue arrives with each request, so its
 * names are folded once per request, which is once per search here.
 */
export function matchTests(tests: readonly LabTest[], query: string): TestSearchResult {
  const matched = query === '' ? [] : searchItems(buildSearchIndex(tests), query);
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
