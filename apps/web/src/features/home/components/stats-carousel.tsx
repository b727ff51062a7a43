// The rotating statistics of the home page (docs/product.md#public-pages, #screen-behaviour, #fixed-values):
// read in the browser, then shown as cards (stats-cards.tsx, whose code loads only then). A fixed-height
// frame keeps the page from shifting when the data arrives.
import { lazy, Suspense, useEffect } from 'react';
import { useDashboardStats } from '../api/get-dashboard-stats.ts';
import { useT } from '../../../shared/i18n/i18n.tsx';

const StatsCards = lazy(() => import('./stats-cards.tsx'));

export function StatsCarousel() {
  const { data, error, isPending } = useDashboardStats();
  const t = useT();

  useEffect(() => {
    // As docs/product.md#messages has it: a failed statistics fetch is only logged.
    if (error) console.error('Failed to fetch dashboard statistics', error);
  }, [error]);

  const loading = <p className="flex h-40 items-center justify-center rounded-2xl bg-slate-100 text-lg font-medium text-slate-700">{t('home.stats.loading')}</p>;
  return (
    <div aria-roledescription={t('home.stats.carousel')} aria-label={t('home.stats.label')} role="region" className="mx-auto min-h-[13rem] max-w-md">
      {data ? (
        // the same frame as the loading line while the cards' code arrives: nothing moves
        <Suspense fallback={loading}>
          <StatsCards data={data} />
        </Suspense>
      ) : isPending ? (
        loading
      ) : null}
    </div>
  );
}
