// Finding tests by name as people spell them (docs/i18n.md, "Search as people spell"), for the booking
// page's picker and the /tests?q= page alike. Each test's key (its name, and its other language's name:
// name_en in a Hindi list, name_hi in an English one, folded by searchKey) is computed once per catalogue;
// a keystroke folds only the query and scans the keys.
//
// A test matches when its key contains the query's key. Only when that finds nothing does the search
// widen: the query's words are matched one by one, each as typed or as what its alias means
// (search-aliases.ts), filler words ("test", "ki") left out. So an alias never changes a list the text as
// typed already finds.
import { SEARCH_ALIASES, SEARCH_FILLER_WORDS } from './search-aliases.ts';
import { searchKey, searchKeys } from './search-key.ts';

export interface Searchable {
  name: string;
  /** a Hindi list's English name */
  name_en?: string;
  /** an English list's Hindi name */
  name_hi?: string;
}

export interface SearchIndex<T> {
  items: readonly T[];
  /** each item's names, folded, one per line */
  keys: readonly string[];
}

function keyOf(t: Searchable): string {
  let key = searchKey(t.name);
  // A line break never survives folding, so no match spans two names.
  if (t.name_en) key += `\n${searchKey(t.name_en)}`;
  if (t.name_hi) key += `\n${searchKey(t.name_hi)}`;
  return key;
}

export function buildSearchIndex<T extends Searchable>(items: readonly T[]): SearchIndex<T> {
  return { items, keys: items.map(keyOf) };
}

interface Aliases {
  /** folded word (or words) → the folded words it means */
  means: Map<string, readonly string[]>;
  fillers: Set<string>;
}

let aliases: Aliases | null = null;

/** the alias list folded, once, on the first search that needs it */
function foldedAliases(): Aliases {
  aliases ??= {
    means: new Map(Object.entries(SEARCH_ALIASES).map(([word, means]) => [searchKey(word), means.map(searchKey)])),
    fillers: new Set(SEARCH_FILLER_WORDS.map(searchKey)),
  };
  return aliases;
}

function matching<T>(index: SearchIndex<T>, test: (key: string) => boolean): T[] {
  const out: T[] = [];
  for (let i = 0; i < index.keys.length; i++) {
    if (test(index.keys[i]!)) out.push(index.items[i]!);
  }
  return out;
}

/**
 * The query's terms when the text as typed found nothing: each a list of folded alternatives, all terms
 * to be found; null when there is nothing wider to try.
 */
function widerTerms(query: string, whole: string): (readonly string[])[] | null {
  const { means, fillers } = foldedAliases();
  const meant = means.get(whole);
  if (meant) return [meant];
  const words = query
    .split(/[\s,;/]+/)
    .map(searchKey)
    .filter((w) => w !== '' && !fillers.has(w));
  const terms = words.map((w) => [w, ...(means.get(w) ?? [])]);
  // One word without an alias is the search already made.
  if (terms.length === 0 || (terms.length === 1 && terms[0]!.length === 1)) return null;
  return terms;
}

/** the items whose names match the query, in their order; none for a query with no letters or digits */
export function searchItems<T>(index: SearchIndex<T>, query: string): T[] {
  const [whole = '', typedOn] = searchKeys(query);
  if (whole === '') return [];
  const found = matching(index, typedOn === undefined ? (key) => key.includes(whole) : (key) => key.includes(whole) || key.includes(typedOn));
  if (found.length > 0) return found;
  const terms = widerTerms(query, whole);
  if (!terms) return [];
  return matching(index, (key) => terms.every((alternatives) => alternatives.some((a) => key.includes(a))));
}
