// The home page's test search (what Indian lab sites lead with): a plain GET form to /tests?q=…, a page
// the server renders with the matching tests and their prices, each a click from being booked. A form,
// not a search of its own: it works without scripts and adds next to nothing to the home page's first
// load (decision 007). The results page shows it again, filled in with the search.
import { paths } from '@lab/contract';
import { buttonClass, inputClass } from '../../../shared/ui/button-styles.ts';
import { useLanguage } from '../../../shared/i18n/i18n.tsx';

export function HomeTestSearch({ defaultValue }: { defaultValue?: string }) {
  const { t, localePath } = useLanguage();
  return (
    <form role="search" method="get" action={localePath(paths.tests)} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <label htmlFor="home-search-q" className="text-xl font-bold text-slate-900">
        {t('home.search.label')}
      </label>
      <div className="mt-3 flex gap-2">
        <input id="home-search-q" name="q" type="search" maxLength={100} defaultValue={defaultValue} placeholder={t('home.search.placeholder')} className={inputClass} />
        <button type="submit" className={buttonClass.primary}>
          {t('home.search.submit')}
        </button>
      </div>
    </form>
  );
}
