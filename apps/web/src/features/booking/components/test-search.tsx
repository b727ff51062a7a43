// The booking page's test picker (spec §2, §4, §9): a combobox whose result list shows every test on
// focus, filters by name while typing, hides 200 ms after blur and adds a test on click (duplicates
// allowed). The list is at most 60 units high and scrolls; with a catalogue of thousands of tests
// only the rows in view (plus a margin) are in the DOM, and filtering runs at deferred priority so
// the input never waits for the list.
import type { LabTest } from '@lab/contract';
import { type KeyboardEvent, useDeferredValue, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { formatRupees } from '../../../shared/lib/format-money.ts';
import { buildTestIndex, differsFromPrice, filterTests } from '../lib/test-search.ts';

export const BLUR_HIDE_MS = 200;
/** row height in rem (h-12); the window maths needs it in pixels, read from the root font size */
const ROW_REM = 3;
const HEADER_REM = 2;
/** rows rendered above and below the visible ones, so fast scrolling shows no blank gap */
const OVERSCAN = 8;

const hasMember = differsFromPrice('membership_price');
const hasOffer = differsFromPrice('general_offer_price');

export interface TestSearchProps {
  tests: readonly LabTest[];
  loading: boolean;
  onSelect(test: LabTest): void;
}

function remPx(): number {
  if (typeof window === 'undefined') return 16;
  return Number.parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
}

function optionLabel(t: LabTest): string {
  let label = `${t.name}, ${formatRupees(t.price)}`;
  if (hasMember(t)) label += `, membership price ${formatRupees(t.membership_price)}`;
  if (hasOffer(t)) label += `, offer price ${formatRupees(t.general_offer_price)}`;
  return label;
}

export function TestSearch({ tests, loading, onSelect }: TestSearchProps) {
  const id = useId();
  const listId = `${id}-results`;
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewportPx, setViewportPx] = useState(0);
  const scroller = useRef<HTMLDivElement>(null);
  const blurTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const index = useMemo(() => buildTestIndex(tests), [tests]);
  const deferredQuery = useDeferredValue(query);
  const results = useMemo(() => filterTests(index, deferredQuery), [index, deferredQuery]);
  const columns = index.hasMemberPrices || index.hasOfferPrices ? 'four' : 'two';

  useEffect(() => () => clearTimeout(blurTimer.current), []);

  // A new result set starts at its top.
  useLayoutEffect(() => {
    if (scroller.current) scroller.current.scrollTop = 0;
    setScrollTop(0);
    setActive(-1);
  }, [results]);

  useLayoutEffect(() => {
    if (open && scroller.current) setViewportPx(scroller.current.clientHeight);
  }, [open, results]);

  const rem = useMemo(remPx, []);
  const rowPx = ROW_REM * rem;
  const first = Math.max(0, Math.floor((scrollTop - HEADER_REM * rem) / rowPx) - OVERSCAN);
  const visibleRows = Math.ceil((viewportPx || 15 * rem) / rowPx);
  const last = Math.min(results.length, first + visibleRows + 2 * OVERSCAN);
  const windowRows = results.slice(first, last);

  const optionId = (i: number) => `${id}-option-${i}`;

  const choose = (t: LabTest) => {
    onSelect(t);
    setText(t.name);
    setOpen(false);
  };

  const moveTo = (i: number) => {
    const el = scroller.current;
    setActive(i);
    if (!el) return;
    // Keep the active row inside the scroll window, so its element exists for aria-activedescendant.
    const top = HEADER_REM * rem + i * rowPx;
    if (top - HEADER_REM * rem < el.scrollTop) el.scrollTop = top - HEADER_REM * rem;
    else if (top + rowPx > el.scrollTop + el.clientHeight) el.scrollTop = top + rowPx - el.clientHeight;
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
    <div className="relative">
      <label htmlFor={`${id}-input`} className="mb-1 block text-sm font-medium text-slate-700">
        Search tests
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
        placeholder="Type a test name, e.g. Lipid Profile"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setQuery(e.target.value);
          setOpen(true);
        }}
        onFocus={() => {
          clearTimeout(blurTimer.current);
          // Spec §4: focusing shows every test, whatever the input still holds.
          setQuery('');
          setOpen(true);
        }}
        onBlur={() => {
          clearTimeout(blurTimer.current);
          blurTimer.current = setTimeout(() => setOpen(false), BLUR_HIDE_MS);
        }}
        onKeyDown={onKeyDown}
        className="w-full rounded-md border border-slate-300 px-3 py-2 text-base focus:border-brand-600 focus:ring-2 focus:ring-brand-600 focus:outline-none"
      />
      <p role="status" className="sr-only">
        {showList && !loading ? `${results.length} ${results.length === 1 ? 'test' : 'tests'} found` : ''}
      </p>
      <div
        ref={scroller}
        hidden={!showList}
        onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
        // Keeps focus in the input while a row is clicked, so the blur timer cannot race the click.
        onMouseDown={(e) => e.preventDefault()}
        className="absolute z-20 mt-1 max-h-60 w-full overflow-y-auto rounded-md border border-slate-200 bg-white text-xs shadow-lg sm:text-sm"
        data-testid="test-results"
      >
        <div
          aria-hidden="true"
          className={`sticky top-0 z-10 grid h-8 items-center gap-2 border-b border-slate-200 bg-slate-100 px-3 font-semibold text-slate-700 ${
            columns === 'four'
              ? 'grid-cols-[minmax(0,1fr)_4.75rem_4.75rem_4.75rem] sm:grid-cols-[minmax(0,1fr)_7rem_7rem_7rem]'
              : 'grid-cols-[minmax(0,1fr)_4.75rem] sm:grid-cols-[minmax(0,1fr)_7rem]'
          }`}
        >
          <span>Test</span>
          <span className="text-right">Price</span>
          {columns === 'four' ? (
            <>
              <span className="text-right">Member price</span>
              <span className="text-right">Offer price</span>
            </>
          ) : null}
        </div>
        {loading ? (
          <p className="px-3 py-2 text-slate-600">Loading tests...</p>
        ) : results.length === 0 ? (
          <p className="px-3 py-2 text-slate-600">No tests found.</p>
        ) : null}
        <div id={listId} role="listbox" aria-label="Tests" data-query={deferredQuery}>
          {/* Spacers stand in for the rows outside the window (set through the DOM, allowed by the CSP). */}
          <div aria-hidden="true" style={{ height: `${first * ROW_REM}rem` }} />
          {windowRows.map((t, offset) => {
            const i = first + offset;
            return (
              <div
                key={`${t.id}-${i}`}
                id={optionId(i)}
                role="option"
                aria-selected={i === active}
                aria-setsize={results.length}
                aria-posinset={i + 1}
                aria-label={optionLabel(t)}
                onClick={() => choose(t)}
                className={`grid h-12 cursor-pointer items-center gap-2 border-b border-slate-100 px-3 hover:bg-brand-50 ${
                  i === active ? 'bg-brand-100' : ''
                } ${
                  columns === 'four'
                    ? 'grid-cols-[minmax(0,1fr)_4.75rem_4.75rem_4.75rem] sm:grid-cols-[minmax(0,1fr)_7rem_7rem_7rem]'
                    : 'grid-cols-[minmax(0,1fr)_4.75rem] sm:grid-cols-[minmax(0,1fr)_7rem]'
                }`}
              >
                <span className="line-clamp-2 text-slate-900">{t.name}</span>
                <span className="text-right tabular-nums">{formatRupees(t.price)}</span>
                {columns === 'four' ? (
                  <>
                    <span className="text-right text-brand-700 tabular-nums">{hasMember(t) ? formatRupees(t.membership_price) : ''}</span>
                    <span className="text-right text-brand-700 tabular-nums">{hasOffer(t) ? formatRupees(t.general_offer_price) : ''}</span>
                  </>
                ) : null}
              </div>
            );
          })}
          <div aria-hidden="true" style={{ height: `${(results.length - last) * ROW_REM}rem` }} />
        </div>
      </div>
    </div>
  );
}
