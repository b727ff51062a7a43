// The booking page's test picker (docs/product.md#public-pages, #screen-behaviour, #fixed-values): a combobox whose result list shows every test on
// focus, filters by name while typing, hides 200 ms after blur and adds a test on click (duplicates
// allowed). The list is at most 60 units high and scrolls; with a catalogue of thousands of tests
// only the rows in view (plus a margin below, and above once scrolled) are in the DOM, so a keystroke
// costs a filter over cached search keys and ~10 rows. The rows are keyed by their place in the list,
// so a new result set rewrites the rows' texts instead of building new elements; a keystroke that leaves
// the result set as it was (a space, a letter the search folds away) keeps the rows as they are; and
// nothing here reads the layout while a keystroke is handled (bench/web-search.ts). That is cheap enough
// to render with the keystroke itself: useDeferredValue was measured (bench/web-search.ts, 5,000 tests)
// and only added a frame of delay (median 14 ms instead of 4 ms; 4x CPU slowdown: 40-60 ms instead of 20 ms).
import type { LabTest } from '@lab/contract';
import { type KeyboardEvent, memo, useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { formatRupees } from '../../../shared/lib/format-money.ts';
import { inputClass } from '../../../shared/ui/button-styles.ts';
import { type Translate, useT } from '../../../shared/i18n/i18n.tsx';
import { buildTestIndex, differsFromPrice, filterTests } from '../lib/test-search.ts';

export const BLUR_HIDE_MS = 200;
/** row height in rem (h-12); the window maths needs it in pixels, read from the root font size */
const ROW_REM = 3;
const HEADER_REM = 2;
/** the list's greatest height in rem (max-h-60): the rows it can show at once */
const LIST_REM = 15;
/** rows rendered above and below the visible ones, so fast scrolling shows no blank gap */
const OVERSCAN = 5;

const hasMember = differsFromPrice('membership_price');
const hasOffer = differsFromPrice('general_offer_price');

export interface TestSearchProps {
  tests: readonly LabTest[];
  loading: boolean;
  onSelect(test: LabTest): void;
  /** a search to show the results of on arrival (the home page's search form) */
  initialQuery?: string;
}

function remPx(): number {
  if (typeof window === 'undefined') return 16;
  return Number.parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
}

interface RowText {
  /** the row's name: its visible text, in order (WCAG 2.5.3: speech input users say what they see) */
  label: string;
  price: string;
  member: string;
  offer: string;
}

// Formatting money is the costliest part of a row; each test is formatted once per catalogue.
const rowTextCache = new WeakMap<LabTest, RowText>();
/** what a row's price columns mean, per language (its translate function) and test: worded once */
const descriptionCache = new WeakMap<Translate, WeakMap<LabTest, string>>();

function rowDescription(t: LabTest, text: RowText, say: Translate): string {
  let byTest = descriptionCache.get(say);
  if (!byTest) descriptionCache.set(say, (byTest = new WeakMap()));
  let description = byTest.get(t);
  if (description === undefined) {
    description = [text.member && say('booking.search.memberIs', { price: text.member }), text.offer && say('booking.search.offerIs', { price: text.offer })].filter(Boolean).join(', ');
    byTest.set(t, description);
  }
  return description;
}

function rowText(t: LabTest): RowText {
  let text = rowTextCache.get(t);
  if (!text) {
    const price = formatRupees(t.price);
    const member = hasMember(t) ? formatRupees(t.membership_price) : '';
    const offer = hasOffer(t) ? formatRupees(t.general_offer_price) : '';
    const label = [`${t.name},`, price, member, offer].filter(Boolean).join(' ');
    text = { label, price, member, offer };
    rowTextCache.set(t, text);
  }
  return text;
}

/** the price columns shown: the list price always, the member and offer prices only where one differs (docs/product.md#fixed-values) */
interface Columns {
  member: boolean;
  offer: boolean;
}

// Written out whole, so Tailwind finds each class in the source.
const gridByCount = {
  2: 'grid-cols-[minmax(0,1fr)_4.75rem] sm:grid-cols-[minmax(0,1fr)_7rem]',
  3: 'grid-cols-[minmax(0,1fr)_4.75rem_4.75rem] sm:grid-cols-[minmax(0,1fr)_7rem_7rem]',
  4: 'grid-cols-[minmax(0,1fr)_4.75rem_4.75rem_4.75rem] sm:grid-cols-[minmax(0,1fr)_7rem_7rem_7rem]',
} as const;
const gridOf = (c: Columns) => gridByCount[(2 + Number(c.member) + Number(c.offer)) as 2 | 3 | 4];

interface ResultRowsProps {
  rows: readonly LabTest[];
  first: number;
  total: number;
  active: number;
  columns: Columns;
  idPrefix: string;
  onChoose(t: LabTest): void;
  say: Translate;
}

/** The rendered window of the result list; memoised, so state that leaves the rows alone (the open flag, the viewport) skips them. */
const ResultRows = memo(function ResultRows({ rows, first, total, active, columns, idPrefix, onChoose, say }: ResultRowsProps) {
  return (
    <>
      {/* Spacers stand in for the rows outside the window (set through the DOM, allowed by the CSP). */}
      <div aria-hidden="true" style={{ height: `${first * ROW_REM}rem` }} />
      {rows.map((t, offset) => {
        const i = first + offset;
        const text = rowText(t);
        // What the price columns mean, for a screen reader (the row's description; its name is what it shows).
        const description = rowDescription(t, text, say);
        return (
          // The row is named by what it shows, and its description says which price is which. Keyed by
          // its place: the element at a place is kept and given the new test's texts.
          <div
            key={i}
            id={`${idPrefix}-option-${i}`}
            role="option"
            aria-selected={i === active}
            aria-setsize={total}
            aria-posinset={i + 1}
            aria-label={text.label}
            aria-describedby={description ? `${idPrefix}-option-${i}-prices` : undefined}
            onClick={() => onChoose(t)}
            className={`grid h-12 cursor-pointer items-center gap-2 border-b border-slate-100 px-3 hover:bg-brand-50 ${i === active ? 'bg-brand-100' : ''} ${gridOf(columns)}`}
          >
            <span className="line-clamp-3 leading-4 text-slate-900">{t.name}</span>
            <span className="text-right tabular-nums">{text.price}</span>
            {columns.member ? <span className="text-right text-brand-700 tabular-nums">{text.member}</span> : null}
            {columns.offer ? <span className="text-right text-brand-700 tabular-nums">{text.offer}</span> : null}
            {description ? (
              <span id={`${idPrefix}-option-${i}-prices`} hidden>
                {description}
              </span>
            ) : null}
          </div>
        );
      })}
      <div aria-hidden="true" style={{ height: `${(total - first - rows.length) * ROW_REM}rem` }} />
    </>
  );
});

export function TestSearch({ tests, loading, onSelect, initialQuery = '' }: TestSearchProps) {
  const id = useId();
  const t = useT();
  const listId = `${id}-results`;
  const [text, setText] = useState(initialQuery);
  const [query, setQuery] = useState(initialQuery);
  const [open, setOpen] = useState(initialQuery !== '');
  const [active, setActive] = useState(-1);
  const [scrollTop, setScrollTop] = useState(0);
  const scroller = useRef<HTMLDivElement>(null);
  /** where the list is scrolled to, as its scroll events and the arrow keys left it (never read from the layout) */
  const listScrollTop = useRef(0);
  const blurTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const index = useMemo(() => buildTestIndex(tests), [tests]);
  const results = useMemo(() => filterTests(index, query), [index, query]);
  const columns = useMemo(() => ({ member: index.hasMemberPrices, offer: index.hasOfferPrices }), [index]);

  useEffect(() => () => clearTimeout(blurTimer.current), []);

  // A new result set starts at its top. Only a list scrolled away from it is moved: setting scrollTop
  // makes the browser lay the page out there and then, in the keystroke's own task.
  useLayoutEffect(() => {
    if (listScrollTop.current !== 0 && scroller.current) scroller.current.scrollTop = 0;
    listScrollTop.current = 0;
    setScrollTop(0);
    setActive(-1);
  }, [results]);

  const rem = useMemo(remPx, []);
  const rowPx = ROW_REM * rem;
  // the first row in view; the window holds the rows in view and OVERSCAN more on each side the list has
  const top = Math.max(0, Math.floor((scrollTop - HEADER_REM * rem) / rowPx));
  const first = Math.max(0, top - OVERSCAN);
  const last = Math.min(results.length, top + Math.ceil(LIST_REM / ROW_REM) + OVERSCAN);
  const windowRows = useMemo(() => results.slice(first, last), [results, first, last]);

  const optionId = (i: number) => `${id}-option-${i}`;

  const choose = useCallback(
    (test: LabTest) => {
      onSelect(test);
      setText(test.name);
      setOpen(false);
    },
    [onSelect],
  );

  const moveTo = (i: number) => {
    const el = scroller.current;
    setActive(i);
    if (!el) return;
    // Keep the active row inside the scroll window, so its element exists for aria-activedescendant.
    const top = HEADER_REM * rem + i * rowPx;
    if (top - HEADER_REM * rem < el.scrollTop) el.scrollTop = top - HEADER_REM * rem;
    else if (top + rowPx > el.scrollTop + el.clientHeight) el.scrollTop = top + rowPx - el.clientHeight;
    listScrollTop.current = el.scrollTop;
    setScrollTop(el.scrollTop);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      if (!open) setOpen(true);
      else if (results.length) moveTo(Math.min(results.length - 1, active + 1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      if (results.length) moveTo(Math.max(0, active - 1));
    } else if (e.key === 'Enter') {
      const t = active >= 0 ? results[active] : undefined;
      if (open && t) {
        // Enter picks the highlighted test instead of submitting the booking form.
        e.preventDefault();
        choose(t);
      }
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      setOpen(false);
    }
  };

  const showList = open && (loading || tests.length > 0);

  return (
    // Focus may move from the input into the scrolling list (keyboard scrolling); only leaving both hides it.
    <div
      className="relative"
      onFocus={() => clearTimeout(blurTimer.current)}
      onBlur={(e) => {
        if (e.relatedTarget instanceof Node && e.currentTarget.contains(e.relatedTarget)) return;
        clearTimeout(blurTimer.current);
        blurTimer.current = setTimeout(() => setOpen(false), BLUR_HIDE_MS);
      }}
    >
      <label htmlFor={`${id}-input`} className="mb-1 block text-sm font-medium text-slate-700">
        {t('booking.search.label')}
      </label>
      <input
        id={`${id}-input`}
        type="search"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={showList && active >= 0 ? optionId(active) : undefined}
        placeholder={t('booking.search.placeholder')}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setQuery(e.target.value);
          setOpen(true);
        }}
        onFocus={() => {
          clearTimeout(blurTimer.current);
          // As docs/product.md#screen-behaviour has it: focusing shows every test, whatever the input still holds.
          setQuery('');
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        className={inputClass}
      />
      <p role="status" className="sr-only">
        {showList && !loading ? t('booking.search.found', { count: results.length }) : ''}
      </p>
      <div
        ref={scroller}
        hidden={!showList}
        tabIndex={0}
        aria-label={t('booking.search.results')}
        onScroll={(e) => {
          listScrollTop.current = e.currentTarget.scrollTop;
          setScrollTop(e.currentTarget.scrollTop);
        }}
        // Keeps focus in the input while a row is clicked, so the blur timer cannot race the click.
        onMouseDown={(e) => e.preventDefault()}
        className="absolute z-20 mt-1 max-h-60 w-full overflow-y-auto rounded-md border border-slate-200 bg-white text-xs shadow-lg sm:text-sm"
        data-testid="test-results"
      >
        <div
          aria-hidden="true"
          className={`sticky top-0 z-10 grid h-8 items-center gap-2 border-b border-slate-200 bg-slate-100 px-3 font-semibold text-slate-700 ${gridOf(columns)}`}
        >
          <span>{t('booking.search.test')}</span>
          <span className="text-right">{t('booking.search.price')}</span>
          {columns.member ? <span className="text-right">{t('booking.search.member')}</span> : null}
          {columns.offer ? <span className="text-right">{t('booking.search.offer')}</span> : null}
        </div>
        {loading ? (
          <p className="px-3 py-2 text-slate-600">{t('booking.search.loading')}</p>
        ) : results.length === 0 ? (
          <p className="px-3 py-2 text-slate-600">{t('booking.search.none')}</p>
        ) : null}
        <div id={listId} role="listbox" aria-label={t('booking.search.list')} data-query={query}>
          <ResultRows
            rows={windowRows}
            first={first}
            total={results.length}
            active={active}
            columns={columns}
            idPrefix={id}
            onChoose={choose}
            say={t}
          />
        </div>
      </div>
    </div>
  );
}
