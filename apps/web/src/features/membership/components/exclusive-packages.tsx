// Packages at the member's price, on the membership screen; booking happens from the packages screen.
import { paths } from '@lab/contract';
import { Link } from 'react-router';
import { usePackages } from '../../../shared/api/packages.ts';
import { formatRupees } from '../../../shared/lib/format-money.ts';
import { buttonClass } from '../../../shared/ui/button-styles.ts';
import { useLanguage } from '../../../shared/i18n/i18n.tsx';

export function ExclusivePackages({ username }: { username: string }) {
  const { t, locale, localePath } = useLanguage();
  const packages = usePackages(username, locale);
  if (packages.isPending) return <p className="text-slate-700">{t('packages.loading')}</p>;
  if (packages.isError) return <p className="text-red-700">{t('packages.failedShort')}</p>;
  if (packages.data.length === 0) return <p className="text-slate-700">{t('packages.none')}</p>;
  return (
    <>
      <ul className="grid gap-4 sm:grid-cols-2">
        {packages.data.map((p) => (
          <li key={p.id} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
            <h3 className="font-bold text-slate-900">{p.name}</h3>
            <p className="mt-1 text-sm text-slate-700">{t('packages.tests', { count: p.tests.length })}</p>
            <p className="mt-3 text-sm text-slate-600">
              {t('packages.offerPriceLower')} <s>{formatRupees(p.offer_price)}</s>
            </p>
            <p className="font-bold text-green-800">{t('packages.memberPriceLower', { amount: formatRupees(p.discounted_price) })}</p>
          </li>
        ))}
      </ul>
      <Link to={localePath(paths.packages)} className={`${buttonClass.secondary} mt-6`}>
        {t('packages.seeAndBook')}
      </Link>
    </>
  );
}
