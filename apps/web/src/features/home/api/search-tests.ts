// The tests matching a search, for /tests: what the page shows and how the query is read. The search
// itself runs in the page's server loader (search-tests.server.ts), so the page needs no script for it.

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
