// /tests?q=…: the tests whose name matches, each with its price (and an offer's price where one runs)
// and a link that books it, rendered on the server from the catalogue, so the home page's search works
// with JavaScript off too. The search form is a plain GET form to this page.
import { paths } from '@lab/contract';
import { formatRupees } from '../../../shared/lib/format-money.ts';
import { Link, type MetaArgs } from 'react-router';
import { PageHero } from '../../../shared/ui/page-hero.tsx';
import { pageMeta, useLanguage } from '../../../shared/i18n/i18n.tsx';
import { MAX_RESULTS } from '../api/search-tests.ts';
import { loadTestSearch } from '../api/search-tests.server.ts';
import { HomeTestSearch } from '../components/home-test-search.tsx';
import type { Route } from './+types/test-search-page';

export const loader = (args: Route.LoaderArgs) => loadTestSearch(args);

export const meta = ({ matches }: MetaArgs) => pageMeta(matches, 'tests.results.meta', 'tests.results.tagline');

export default function TestSearchPage({ loaderData: found }: Route.ComponentProps) {
  const { t, localePath } = useLanguage();
  return (
    <>
      <PageHero title={t('tests.results.title')} tagline={t('tests.results.tagline')} />
      <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6">
        <HomeTestSearch defaultValue={found.query} />
        <section aria-labelledby="test-results" className="mt-8">
          <h2 id="test-results" className="text-xl font-bold text-slate-900">
            {found.query === '' ? t('tests.results.empty') : t('tests.results.heading', { count: found.total, query: found.query })}
          </h2>
          {found.total > MAX_RESULTS ? <p className="mt-1 text-sm text-slate-700">{t('tests.results.more', { shown: MAX_RESULTS })}</p> : null}
          {found.query !== '' && found.total === 0 ? (
            <p className="mt-3 text-slate-700">
              {t('tests.results.none')}{' '}
              <Link to={paths.appointment} className="font-semibold text-brand-800 underline underline-offset-4">
                {t('tests.results.all')}
              </Link>
            </p>
          ) : null}
          <ul className="mt-4 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
            {found.tests.map((test) => (
              <li key={test.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
                <p className="font-semibold text-slate-900">{test.name}</p>
                <div className="flex items-center gap-4">
                  <p className="text-right">
                    {test.offerPrice < test.price ? (
                      <>
                        <span className="sr-only">{t('tests.results.was')} </span>
                        <s className="mr-2 text-sm text-slate-600">{formatRupees(test.price)}</s>
                        <span className="sr-only">{t('tests.results.now')} </span>
                        <strong className="text-green-800">{formatRupees(test.offerPrice)}</strong>
                      </>
                    ) : (
                      <strong className="text-slate-900">{formatRupees(test.price)}</strong>
                    )}
                  </p>
                  <Link
                    to={`${paths.appointment}?tests=${test.id}`}
                    aria-label={t('tests.results.book', { name: test.name })}
                    className="rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
                  >
                    {t('tests.results.bookShort')}
                  </Link>
                </div>
              </li>
            ))}
          </ul>
          {found.tests.length > 0 ? (
            <p className="mt-4 text-sm text-slate-700">
              <Link to={localePath(paths.home)} className="font-semibold text-brand-800 underline underline-offset-4">
                {t('tests.results.home')}
              </Link>
            </p>
          ) : null}
        </section>
      </div>
    </>
  );
}
