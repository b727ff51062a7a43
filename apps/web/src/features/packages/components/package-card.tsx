// One test package: a header button opens or closes it (aria-expanded); open, it lists the tests with
// their prices, the original and offer price, the member price when the membership runs, and the
// "Book Package" and "Close" actions.
import type { TestPackage } from '@lab/contract';
import { useId } from 'react';
import { formatRupees } from '../../../shared/lib/format-money.ts';
import { buttonClass } from '../../../shared/ui/button-styles.ts';
import { useT } from '../../../shared/i18n/i18n.tsx';
import { ChevronDownIcon } from '../../../shared/ui/icons.tsx';

export interface PackageCardProps {
  pkg: TestPackage;
  open: boolean;
  memberActive: boolean;
  /** false while the membership is still being read: the price to book is not known yet */
  canBook: boolean;
  onToggle(): void;
  onClose(): void;
  onBook(): void;
}

export function PackageCard({ pkg, open, memberActive, canBook, onToggle, onClose, onBook }: PackageCardProps) {
  const panelId = useId();
  const t = useT();
  return (
    <li className="rounded-xl border border-slate-200 bg-white shadow-sm">
      <h2>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={onToggle}
          className="flex w-full items-center justify-between gap-4 rounded-xl px-5 py-4 text-left focus-visible:outline-2 focus-visible:outline-brand-700"
        >
          <span>
            <span className="block text-lg font-bold text-slate-900">{pkg.name}</span>
            <span className="block text-sm text-slate-600">
              {t('packages.tests', { count: pkg.tests.length })} · {formatRupees(memberActive ? pkg.discounted_price : pkg.offer_price)}
            </span>
          </span>
          <ChevronDownIcon className={`h-5 w-5 shrink-0 text-slate-600 transition-transform motion-reduce:transition-none ${open ? 'rotate-180' : ''}`} />
        </button>
      </h2>
      {open ? (
        <div id={panelId} role="region" aria-label={pkg.name} className="border-t border-slate-200 px-5 py-4">
          <p className="text-slate-700">{pkg.description}</p>
          <h3 className="mt-4 font-semibold text-slate-900">{t('packages.included')}</h3>
          <ul className="mt-2 divide-y divide-slate-100">
            {pkg.tests.map((test) => (
              <li key={test.id} className="flex justify-between gap-4 py-1.5 text-sm">
                <span className="text-slate-800">{test.name}</span>
                <span className="text-slate-700">{formatRupees(test.price)}</span>
              </li>
            ))}
          </ul>
          <dl className="mt-4 grid gap-1 text-sm">
            <div className="flex justify-between gap-4">
              <dt className="text-slate-600">{t('packages.original')}</dt>
              <dd className="text-slate-600 line-through">{formatRupees(pkg.original_price)}</dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt className="font-semibold text-slate-900">{t('packages.offer')}</dt>
              <dd className={`font-semibold ${memberActive ? 'text-slate-700' : 'text-brand-800'}`}>{formatRupees(pkg.offer_price)}</dd>
            </div>
            {memberActive ? (
              <div className="flex justify-between gap-4">
                <dt className="font-bold text-green-800">{t('packages.member')}</dt>
                <dd className="font-bold text-green-800">{formatRupees(pkg.discounted_price)}</dd>
              </div>
            ) : null}
          </dl>
          <div className="mt-5 flex flex-wrap gap-3">
            <button type="button" className={buttonClass.primary} onClick={onBook} disabled={!canBook}>
              {t('packages.book')}
            </button>
            <button type="button" className={buttonClass.secondary} onClick={onClose}>
              {t('packages.close')}
            </button>
          </div>
        </div>
      ) : null}
    </li>
  );
}
