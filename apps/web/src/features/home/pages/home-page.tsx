// The home page (docs/product.md#public-pages), also served at /diagnostic: the hero with a test search
// (prices on the results page) and the call and WhatsApp buttons, popular packages (from the loader, in the server's HTML), services, the booking teaser,
// the lab in numbers and how to reach it.
import type { TestPackage } from '@lab/contract';
import { inPageLanguage, loadFromApi } from '../../../shared/api/server-data.ts';
import { BookingTeaserForm } from '../components/booking-teaser.tsx';
import { HomeHero } from '../components/home-hero.tsx';
import { POPULAR_PACKAGES, popularPackage, PopularPackages } from '../components/popular-packages.tsx';
import { ContactSummary, ServicesGrid, ServicesSection, WhyChooseUs } from '../components/home-sections.tsx';
import { StatsCarousel } from '../components/stats-carousel.tsx';
import type { Route } from './+types/home-page';
import type { MetaArgs } from 'react-router';
import { pageMeta, useT } from '../../../shared/i18n/i18n.tsx';

/**
 * The first few packages as a guest pays them, only what the cards show (the loader's data travels in
 * the page's HTML, inside its first-load budget); the page stands without them if they cannot be read.
 */
export const loader = async (args: Route.LoaderArgs) => {
  const packages = await loadFromApi<TestPackage[]>(args, inPageLanguage(args, '/api/packages/')).catch(() => [] as TestPackage[]);
  return { packages: packages.slice(0, POPULAR_PACKAGES).map(popularPackage) };
};

// the site's own title and description (the root's), which the page's data then carries once
export const meta = ({ matches }: MetaArgs) => pageMeta(matches, 'meta.title', 'meta.description');

export default function HomePage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <>
      <HomeHero />
      <PopularPackages packages={loaderData.packages} />
      <ServicesSection />
      <div className="mx-auto max-w-5xl px-4 pb-12 sm:px-6">
        <BookingTeaserForm />
      </div>
      <ServicesGrid />
      <section aria-labelledby="lab-numbers" className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
        <h2 id="lab-numbers" className="text-center text-2xl font-bold text-slate-900 sm:text-3xl">
          {t('home.numbers')}
        </h2>
        <p className="mx-auto mt-2 max-w-2xl text-center text-slate-700">{t('home.numbers.text')}</p>
        <div className="mt-8">
          <StatsCarousel />
        </div>
      </section>
      <WhyChooseUs />
      <ContactSummary />
    </>
  );
}
