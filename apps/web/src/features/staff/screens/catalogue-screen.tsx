// The catalogue: tests, categories, packages, offers, membership plans, and what each test measures
// (parameters and reference intervals), each on its own tab.
import { staffPaths } from '@lab/contract';
import { ScreenError } from '../components/screen-route.tsx';
import { type Tab, TabbedScreen, tabbedMeta } from '../components/tabbed-screen.tsx';
import CategoriesManager from './catalogue/categories-manager.tsx';
import DoctorsManager from './catalogue/doctors-manager.tsx';
import ReferralsReport from './catalogue/referrals-report.tsx';
import OffersManager from './catalogue/offers-manager.tsx';
import PackagesManager from './catalogue/packages-manager.tsx';
import ParametersManager from './catalogue/parameters-manager.tsx';
import PlansManager from './catalogue/plans-manager.tsx';
import TestsManager from './catalogue/tests-manager.tsx';

const tabs: readonly Tab[] = [
  { to: staffPaths.staffCatalogue, label: 'Tests', Screen: TestsManager },
  { to: staffPaths.staffCategories, label: 'Categories', Screen: CategoriesManager },
  { to: staffPaths.staffPackages, label: 'Packages', Screen: PackagesManager },
  { to: staffPaths.staffOffers, label: 'Offers', Screen: OffersManager },
  { to: staffPaths.staffPlans, label: 'Membership plans', Screen: PlansManager },
  { to: staffPaths.staffParameters, label: 'Parameters and intervals', Screen: ParametersManager },
  { to: staffPaths.staffDoctors, label: 'Referring doctors', Screen: DoctorsManager, needs: ['GET /api/staff/doctors'] },
  { to: staffPaths.staffReferrals, label: 'Referrals', Screen: ReferralsReport, needs: ['GET /api/staff/referrals'] },
];

export const meta = tabbedMeta('Catalogue', tabs);
export const ErrorBoundary = ScreenError;

export default function CatalogueScreen() {
  return <TabbedScreen title="Catalogue" tabs={tabs} />;
}
