// The tests chosen so far, each with a Delete button, and the total (docs/product.md#public-pages, #fixed-values): the sum of the
// discounted prices, or the package's offer price when a package is being booked.
import type { LabTest } from '@lab/contract';
import { formatRupees } from '../../../shared/lib/format-money.ts';
import { bookingTotal, listTotal, payablePrice } from '../lib/pricing.ts';
import { useT } from '../../../shared/i18n/i18n.tsx';

export interface SelectedTest {
  /** the same test may be chosen twice (docs/product.md#screen-behaviour), so rows are told apart by this key */
  key: number;
  test: LabTest;
}

export interface SelectedTestsProps {
  selected: readonly SelectedTest[];
  offerPrice: number | null;
  onDelete(key: number): void;
}

export function SelectedTests({ selected, offerPrice, onDelete }: SelectedTestsProps) {
  const t = useT();
  const tests = selected.map((s) => s.test);
  const total = bookingTotal(tests);
  const list = listTotal(tests);
  return (
    <section aria-labelledby="selected-tests-heading" className="rounded-lg border border-slate-200 p-4">
      <h2 id="selected-tests-heading" className="text-lg font-semibold text-slate-900">
        {t('booking.selected.title')}
      </h2>
      {selected.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{t('booking.selected.none')}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100" aria-label={t('booking.selected.title')}>
          {selected.map(({ key, test }) => (
            <li key={key} className="flex items-center justify-between gap-3 py-2">
              <span className="min-w-0 flex-1 text-slate-900">{test.name}</span>
              <span className="text-right text-sm tabular-nums">
                {payablePrice(test) !== test.price ? (
                  <>
                    <span className="mr-2 text-slate-500 line-through">{formatRupees(test.price)}</span>
                    <span className="font-medium text-brand-700">{formatRupees(payablePrice(test))}</span>
                  </>
                ) : (
                  formatRupees(test.price)
                )}
              </span>
              <button
                type="button"
                onClick={() => onDelete(key)}
                aria-label={t('booking.selected.deleteTest', { name: test.name })}
                className="rounded-md border border-red-300 px-3 py-1 text-sm font-medium text-red-700 hover:bg-red-50 focus-visible:ring-2 focus-visible:ring-red-600 focus-visible:outline-none"
              >
                {t('booking.selected.delete')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <dl className="mt-3 space-y-1 border-t border-slate-200 pt-3 text-sm">
        {offerPrice !== null ? (
          <>
            <div className="flex justify-between text-slate-600">
              <dt>{t('booking.selected.atListPrice')}</dt>
              <dd className="tabular-nums line-through">{formatRupees(list)}</dd>
            </div>
            <div className="flex justify-between text-base font-semibold text-slate-900">
              <dt>{t('booking.selected.offerPrice')}</dt>
              <dd className="tabular-nums" data-testid="booking-total">
                {formatRupees(offerPrice)}
              </dd>
            </div>
          </>
        ) : (
          <>
            {list !== total ? (
              <div className="flex justify-between text-slate-600">
                <dt>{t('booking.selected.listPrice')}</dt>
                <dd className="tabular-nums line-through">{formatRupees(list)}</dd>
              </div>
            ) : null}
            <div className="flex justify-between text-base font-semibold text-slate-900">
              <dt>{t('booking.selected.total')}</dt>
              <dd className="tabular-nums" data-testid="booking-total">
                {formatRupees(total)}
              </dd>
            </div>
          </>
        )}
      </dl>
    </section>
  );
}
