// /packages (docs/product.md#public-pages): expandable package cards, one open at a time. "Book Package" opens the
// booking page with the package in navigation state; the price it carries is what the caller will pay
// (the member price while the membership runs), though the server prices the booking itself.
import { paths } from '@lab/contract';
import { useState } from 'react';
import { type LoaderFunctionArgs, type MetaArgs, useNavigate } from 'react-router';
import { pageMessages } from '../../../shared/i18n/catalogues.server.ts';
import { useMembershipStatus } from '../../../shared/api/membership.ts';
import { usePackages } from '../../../shared/api/packages.ts';
import { useAuth } from '../../../shared/auth/auth-context.tsx';
import { metaTranslate, useLanguage } from '../../../shared/i18n/i18n.tsx';
import { PackageCard } from '../components/package-card.tsx';

/** its texts (packages.*, which the membership screen shows too) come with this screen's data */
export const loader = (args: LoaderFunctionArgs) => ({ messages: pageMessages(args, 'packages') });

export function meta({ matches }: MetaArgs) {
  const t = metaTranslate(matches);
  return t ? [{ title: t('patient.pkg.meta') }] : [];
}

/** what /appointment reads from navigation state */
export interface PackageBookingState {
  offerPrice: number;
  selectedTestIds: number[];
  packageId: number;
}

export default function PackagesPage() {
  const { user, ready } = useAuth();
  const username = user?.username ?? null;
  const { t, locale } = useLanguage();
  // in the screen's language: /hi/packages, or /packages with Hindi chosen (the `lang` cookie)
  const packages = usePackages(username, locale, ready);
  const membership = useMembershipStatus(username);
  // the member price is shown, and charged, only while the membership runs (docs/product.md#public-pages)
  const memberActive = membership.data?.is_active === true;
  const [openId, setOpenId] = useState<number | null>(null);
  const navigate = useNavigate();

  let body;
  if (!ready || packages.isPending) {
    body = <p className="text-slate-700">{t('packages.loading')}</p>;
  } else if (packages.isError) {
    body = (
      <p role="alert" className="text-red-700">
        {t('packages.failed')}
      </p>
    );
  } else if (packages.data.length === 0) {
    body = <p className="text-slate-700">{t('packages.none')}</p>;
  } else {
    body = (
      <ul className="grid gap-4">
        {packages.data.map((pkg) => (
          <PackageCard
            key={pkg.id}
            pkg={pkg}
            open={openId === pkg.id}
            memberActive={memberActive}
            canBook={username === null || !membership.isPending}
            onToggle={() => setOpenId((id) => (id === pkg.id ? null : pkg.id))}
            onClose={() => setOpenId(null)}
            onBook={() => {
              const state: PackageBookingState = {
                offerPrice: memberActive ? pkg.discounted_price : pkg.offer_price,
                selectedTestIds: pkg.tests.map((test) => test.id),
                packageId: pkg.id,
              };
              void navigate(paths.appointmentAlt, { state });
            }}
          />
        ))}
      </ul>
    );
  }

  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{t('packages.title')}</h1>
      <p className="mt-2 text-lg text-slate-700">{t('packages.intro')}</p>
      <div className="mt-8">{body}</div>
    </div>
  );
}
