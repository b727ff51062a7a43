// Popular packages on the home page (what Indian lab sites lead with): a few health
// packages with their prices, as a guest pays them, and how many tests they hold, which a tap opens into
// the tests' names (a <details>: no script), from the page's loader (rendered on the server, so they are
// in the HTML). Booking one goes through /packages.
import type { TestPackage } from '@lab/contract';
import { Link } from 'react-router';
import { paths } from '@lab/contract';
import { formatRupees } from '../../../shared/lib/format-money.ts';
import { buttonClass } from '../../../shared/ui/button-styles.ts';
import { useLanguage } from '../../../shared/i18n/i18n.tsx';

export const POPULAR_PACKAGES = 3;

/** a package as its card shows it */
export interface PopularPackage {
  name: string;
  price: number;
  originalPrice: number;
  /** the names of the tests it holds */
  tests: string[];
}

export const popularPackage = (p: TestPackage): PopularPackage => ({
  name: p.name,
  price: p.offer_price,
  originalPrice: p.original_price,
  tests: p.tests.map((test) => test.name),
});

export function PopularPackages({ packages }: { packages: readonly PopularPackage[] }) {
  const { t, localePath } = useLanguage();
  if (packages.length === 0) return null;
  return (
    <section aria-labelledby="popular-packages" className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <h2 id="popular-packages" className="text-2xl font-bold text-slate-900 sm:text-3xl">
        {t('home.popular')}
      </h2>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {packages.map((p) => (
          <li key={p.name} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
            <h3 className="text-lg font-semibold text-slate-900">{p.name}</h3>
            <details className="mt-1 text-sm text-slate-700">
              <summary className="min-h-6 cursor-pointer font-medium text-brand-800 underline underline-offset-2">{t('home.popular.tests', { count: p.tests.length })}</summary>
              <ul className="mt-2 list-disc space-y-1 pl-5">
                {p.tests.map((name) => (
                  <li key={name}>{name}</li>
                ))}
              </ul>
            </details>
            <p className="mt-3 flex-1 text-slate-900">
              <span className="text-xl font-bold">{formatRupees(p.price)}</span>
              {p.price < p.originalPrice ? (
                <>
                  {' '}
                  <s className="text-slate-600" aria-label={t('home.popular.instead', { price: formatRupees(p.originalPrice) })}>
                    {formatRupees(p.originalPrice)}
                  </s>
                </>
              ) : null}
            </p>
            <Link to={localePath(paths.packages)} className={`${buttonClass.secondary} mt-4 self-start`} aria-label={t('home.popular.bookLabel', { name: p.name })}>
              {t('home.popular.book')}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
