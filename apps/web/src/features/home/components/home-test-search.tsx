// The home page's test search (issue 12: what Indian lab sites lead with): a plain GET form to
// /Appointment?q=…, which opens the booking page's priced results for that name, each a click from
// being booked. A form, not a search of its own: it works before the script has loaded and adds next
// to nothing to the home page's first load (decision 007).
import { paths } from '@lab/contract';
import { buttonClass, inputClass } from '../../../shared/ui/button-styles.ts';
import { useT } from '../../../shared/i18n/i18n.tsx';

export function HomeTestSearch() {
  const t = useT();
  return (
    <form role="search" method="get" action={paths.appointment} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <label htmlFor="home-search-q" className="text-xl font-bold text-slate-900">
        {t('home.search.label')}
      </label>
      <div className="mt-3 flex gap-2">
        <input id="home-search-q" name="q" type="search" placeholder={t('home.search.placeholder')} className={inputClass} />
        <button type="submit" className={buttonClass.primary}>
          {t('home.search.submit')}
        </button>
      </div>
    </form>
  );
}
