// The home page (spec §2 "Home page"), also served at /diagnostic.
import { BookingTeaserForm } from '../components/booking-teaser.tsx';
import { HomeHero } from '../components/home-hero.tsx';
import { ContactSummary, ServicesGrid, ServicesSection, WhyChooseUs } from '../components/home-sections.tsx';
import { StatsCarousel } from '../components/stats-carousel.tsx';

export const meta = () => [
  { title: 'Lab Centre Diagnostics | Pathology lab and test booking' },
  {
    name: 'description',
    content:
      'Accurate and timely diagnostic services: hematology, microbiology, serology, biochemistry and radiology. Book a test online with home sample collection.',
  },
];

export default function HomePage() {
  return (
    <>
      <HomeHero />
      <ServicesSection />
      <div className="mx-auto max-w-5xl px-4 pb-12 sm:px-6">
        <BookingTeaserForm />
      </div>
      <ServicesGrid />
      <section aria-labelledby="lab-numbers" className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
        <h2 id="lab-numbers" className="text-center text-2xl font-bold text-slate-900 sm:text-3xl">
          Our Lab in Numbers
        </h2>
        <p className="mx-auto mt-2 max-w-2xl text-center text-slate-700">Live figures from our laboratory.</p>
        <div className="mt-8">
          <StatsCarousel />
        </div>
      </section>
      <WhyChooseUs />
      <ContactSummary />
    </>
  );
}
