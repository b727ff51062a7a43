// The services overview (docs/product.md#public-pages): hero, then five cards, each with its own
// independent "Learn More" / "Show Less" toggle and three tests.
import { Link } from 'react-router';
import { BookNowLink } from '../components/book-now-link.tsx';
import { LearnMore } from '../components/learn-more.tsx';
import { type OverviewService, overviewServices, overviewTexts } from '../content/overview.ts';
import { pageMeta, useLanguage } from '../../../shared/i18n/i18n.tsx';
import type { MetaArgs } from 'react-router';
import { PageHero } from '../../../shared/ui/page-hero.tsx';
import { ArrowRightIcon, CheckIcon } from '../../../shared/ui/icons.tsx';

export const meta = ({ matches }: MetaArgs) => pageMeta(matches, 'services.meta.title', 'services.meta.description');

// The first image is in view on a phone: loading it lazily would delay the largest paint.
function ServiceCard({ service, first }: { service: OverviewService; first: boolean }) {
  const headingId = `service-${service.key}`;
  const { t, localePath, locale } = useLanguage();
  const { name, description, tests } = overviewTexts(service.key, t);
  return (
    <li>
      <article
        aria-labelledby={headingId}
        className="flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
      >
        <img
          src={service.image}
          alt=""
          width={320}
          height={200}
          loading={first ? 'eager' : 'lazy'}
          decoding="async"
          className="aspect-[8/5] h-auto w-full object-cover"
        />
        <div className="flex flex-1 flex-col p-6">
          <h3 id={headingId} className="text-xl font-bold text-slate-900">
            {name}
          </h3>
          <p className="mt-2 text-slate-700">{description}</p>
          <LearnMore describedBy={headingId} panelClassName="mt-4 rounded-lg bg-brand-50 p-4 text-sm leading-relaxed text-slate-800">
            <p>{t('services.details', { name: locale === 'en' ? name.toLowerCase() : name })}</p>
          </LearnMore>
          <h4 className="mt-6 text-sm font-bold uppercase tracking-wide text-slate-700">{t('services.testsWeOffer')}</h4>
          <ul className="mt-3 grid gap-2 sm:grid-cols-3">
            {tests.map((test) => (
              <li key={test} className="flex items-start gap-2 rounded-lg bg-slate-50 p-3 text-sm font-medium text-slate-800">
                <CheckIcon className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" />
                {test}
              </li>
            ))}
          </ul>
          <Link
            to={localePath(service.path)}
            className="mt-6 inline-flex items-center gap-1 self-start rounded font-semibold text-brand-800 underline-offset-4 hover:underline"
          >
            {t('services.moreAbout', { name })}
            <ArrowRightIcon className="h-4 w-4" />
          </Link>
        </div>
      </article>
    </li>
  );
}

export default function ServicesPage() {
  const t = useLanguage().t;
  return (
    <>
      <PageHero
        title={t('services.title')}
        tagline={t('services.tagline')}
        actions={<BookNowLink />}
      />
      <section aria-labelledby="specialized-services" className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
        <h2 id="specialized-services" className="text-2xl font-bold text-slate-900 sm:text-3xl">
          {t('services.specialized')}
        </h2>
        <ul className="mt-8 grid gap-8 lg:grid-cols-2">
          {overviewServices.map((s, i) => (
            <ServiceCard key={s.key} service={s} first={i === 0} />
          ))}
        </ul>
      </section>
    </>
  );
}
