// The catalogue: tests, categories, packages, offers, membership plans, and what each test measures
// (parameters and reference intervals), each on its own tab.
import { paths } from '@lab/contract';
import { Outlet } from 'react-router';
import { SubTabs } from '../components/console-layout.tsx';
import { ScreenError, staffMeta } from '../components/screen-route.tsx';

export const meta = () => staffMeta('Catalogue');
export const ErrorBoundary = ScreenError;

export default function CatalogueScreen() {
  return (
    <section aria-labelledby="catalogue-heading">
      <h2 id="catalogue-heading" className="mb-4 text-xl font-bold text-slate-900">
        Catalogue
      </h2>
      <SubTabs
        label="Catalogue"
        tabs={[
          { to: paths.staffCatalogue, label: 'Tests', end: true },
          { to: paths.staffCategories, label: 'Categories' },
          { to: paths.staffPackages, label: 'Packages' },
          { to: paths.staffOffers, label: 'Offers' },
          { to: paths.staffPlans, label: 'Membership plans' },
          { to: paths.staffParameters, label: 'Parameters and intervals' },
        ]}
      />
      <Outlet />
    </section>
  );
}
