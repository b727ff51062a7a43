// The catalogue: tests, categories, packages, offers and membership plans, each on its own tab.
import { Route, Routes } from 'react-router';
import { SubTabs } from '../components/console-layout.tsx';
import { staffPaths } from '../lib/staff-paths.ts';
import { CategoriesManager } from './catalogue/categories-manager.tsx';
import { OffersManager } from './catalogue/offers-manager.tsx';
import { PackagesManager } from './catalogue/packages-manager.tsx';
import { PlansManager } from './catalogue/plans-manager.tsx';
import { TestsManager } from './catalogue/tests-manager.tsx';

export default function CatalogueScreen() {
  return (
    <section aria-labelledby="catalogue-heading">
      <h2 id="catalogue-heading" className="mb-4 text-xl font-bold text-slate-900">
        Catalogue
      </h2>
      <SubTabs
        label="Catalogue"
        tabs={[
          { to: staffPaths.catalogueTests, label: 'Tests', end: true },
          { to: staffPaths.catalogueCategories, label: 'Categories' },
          { to: staffPaths.cataloguePackages, label: 'Packages' },
          { to: staffPaths.catalogueOffers, label: 'Offers' },
          { to: staffPaths.cataloguePlans, label: 'Membership plans' },
        ]}
      />
      <Routes>
        <Route index element={<TestsManager />} />
        <Route path="categories" element={<CategoriesManager />} />
        <Route path="packages" element={<PackagesManager />} />
        <Route path="offers" element={<OffersManager />} />
        <Route path="plans" element={<PlansManager />} />
      </Routes>
    </section>
  );
}
