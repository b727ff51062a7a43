// Popular packages on the home page (issue 12: what Indian lab sites lead with): a few health
// packages with the tests they hold and their prices, as a guest pays them, from the page's loader
// (rendered on the server, so they are in the HTML). Booking one goes through /packages.
import type { TestPackage } from '@lab/contract';
import { Link } from 'react-router';
import { paths } from '@lab/contract';
import { formatRupees } from '../../../shared/lib/format-money.ts';
import { buttonClass } from '../../../shared/ui/button-styles.ts';

export function PopularPackages({ packages }: { packages: readonly TestPackage[] }) {
  if (packages.length === 0) return null;
  return (
    <section aria-labelledby="popular-packages" className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <h2 id="popular-packages" className="text-2xl font-bold text-slate-900 sm:text-3xl">
        Popular health packages
      </h2>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {packages.slice(0, 3).map((p) => (
          <li key={p.id} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
            <h3 className="text-lg font-semibold text-slate-900">{p.name}</h3>
            <p className="mt-1 text-sm text-slate-700">
              {p.tests.length} tests: {p.tests.map((t) => t.name).join(', ')}
            </p>
            <p className="mt-3 flex-1 text-slate-900">
              <span className="text-xl font-bold">{formatRupees(p.offer_price)}</span>
              {p.offer_price < p.original_price ? (
                <>
                  {' '}
                  <s className="text-slate-600" aria-label={`instead of ${formatRupees(p.original_price)}`}>
                    {formatRupees(p.original_price)}
                  </s>
                </>
              ) : null}
            </p>
            <Link to={paths.packages} className={`${buttonClass.secondary} mt-4 self-start`} aria-label={`Book a package: ${p.name}`}>
              Book a package
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
