// Careers (docs/product.md#public-pages), rendered on the server: job cards with the posting date, Open or Closed,
// and for an open one an "Apply Now" link that opens the application link in a new tab (a closed one
// says "Applications closed" and links nowhere).
import type { ReactNode } from 'react';
import { type Career, type Locale, localeOfPath } from '@lab/contract';
import { formatDate } from '../../../shared/lib/format-date.ts';
import { buttonClass } from '../../../shared/ui/button-styles.ts';
import { CardGrid, contentPageMeta, LoadError } from '../../../shared/ui/card-grid.tsx';
import { PageHero } from '../../../shared/ui/page-hero.tsx';
import { loadCareers } from '../api/get-careers.ts';
import { pageMessages } from '../../../shared/i18n/catalogues.server.ts';
import type { Route } from './+types/careers-page';
import type { MetaArgs } from 'react-router';
import { useLanguage, useT } from '../../../shared/i18n/i18n.tsx';

// The openings with the texts of their cards (catalogues.server.ts)
export const loader = async (args: Route.LoaderArgs) => ({ careers: await loadCareers(args), messages: pageMessages(args, 'careers') });

// What the page shows around its cards and when its data cannot be read (docs/product.md#messages), in both languages in
// this module, as the offers page's (decision 034).
const frameTexts: Record<Locale, { title: string; description: string; heading: string; tagline: string; opportunities: string; failed: string }> = {
  en: {
    title: 'Careers | Lab Centre Diagnostics',
    description: 'Work with Lab Centre Diagnostics: open positions for technologists, phlebotomists, pathologists and more.',
    heading: 'Join Our Team',
    tagline: 'Build a career in diagnostics with people who care about accuracy, patients and each other.',
    opportunities: 'Open Career Opportunities',
    failed: 'Failed to fetch career data',
  },
  hi: {
    title: 'करियर | लैब सेंटर डायग्नोस्टिक्स',
    description: 'लैब सेंटर डायग्नोस्टिक्स के साथ काम करें: टेक्नोलॉजिस्ट, फ्लेबोटोमिस्ट, पैथोलॉजिस्ट और दूसरे पदों पर भर्ती।',
    heading: 'हमारी टीम से जुड़ें',
    tagline: 'ऐसे लोगों के साथ जाँच के क्षेत्र में करियर बनाएँ जो सटीकता, मरीज़ों और एक-दूसरे की परवाह करते हैं।',
    opportunities: 'करियर के मौक़े',
    failed: 'करियर की जानकारी नहीं मिल सकी',
  },
};

export const meta = ({ location }: MetaArgs) => contentPageMeta(frameTexts[localeOfPath(location.pathname)]);

function CareerCard({ career }: { career: Career }) {
  const { t, locale } = useLanguage();
  return (
    <li>
      <article className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <div className="flex items-start justify-between gap-3">
          <h3 className="text-xl font-bold text-slate-900">{career.job_title}</h3>
          <span
            className={`shrink-0 rounded-full px-3 py-1 text-sm font-bold ${
              career.is_open ? 'bg-green-100 text-green-800' : 'bg-slate-200 text-slate-800'
            }`}
          >
            {career.is_open ? t('careers.open') : t('careers.closed')}
          </span>
        </div>
        <p className="mt-3 flex-1 text-slate-700">{career.description}</p>
        <p className="mt-4 text-sm text-slate-600">
          {t('careers.postedOn')} <time dateTime={career.posted_on}>{formatDate(career.posted_on, locale)}</time>
        </p>
        {career.is_open ? (
          <a
            href={career.application_link}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t('careers.applyLabel', { job: career.job_title })}
            className={`${buttonClass.primary} mt-4 self-start`}
          >
            {t('careers.apply')}
          </a>
        ) : (
          <p className="mt-4 font-semibold text-slate-700">{t('careers.applicationsClosed')}</p>
        )}
      </article>
    </li>
  );
}

function CareersFrame({ children }: { children: ReactNode }) {
  const text = frameTexts[useLanguage().locale];
  return (
    <>
      <PageHero title={text.heading} tagline={text.tagline} />
      <section aria-labelledby="open-careers" className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
        <h2 id="open-careers" className="text-2xl font-bold text-slate-900 sm:text-3xl">
          {text.opportunities}
        </h2>
        <div className="mt-6">{children}</div>
      </section>
    </>
  );
}

export default function CareersPage({ loaderData: { careers } }: Route.ComponentProps) {
  const t = useT();
  return (
    <CareersFrame>
      <CardGrid items={careers} empty={t('careers.none')} card={(c) => <CareerCard key={c.id} career={c} />} />
    </CareersFrame>
  );
}

/** As docs/product.md#messages has it: the openings could not be read */
export function ErrorBoundary() {
  const { locale } = useLanguage();
  return (
    <CareersFrame>
      <LoadError what={frameTexts[locale].failed} />
    </CareersFrame>
  );
}
