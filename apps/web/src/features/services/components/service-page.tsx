// The layout shared by the five service pages: hero with tagline and "Book Now", "What is …?" with its
// deeper panel, the expertise part (cards, or rows with a badge for Radiology) and "Tests We Offer", in
// the page's language (the words are catalogue messages: content/*.ts name them).
import { useId } from 'react';
import type { MetaArgs } from 'react-router';
import { PageHero } from '../../../shared/ui/page-hero.tsx';
import { CheckIcon } from '../../../shared/ui/icons.tsx';
import { serviceImages } from '../content/images.ts';
import type { Expertise, ServicePageContent } from '../content/types.ts';
import { BookNowLink } from './book-now-link.tsx';
import { LearnMore } from './learn-more.tsx';
import { pageMeta, type Translate, useT } from '../../../shared/i18n/i18n.tsx';

/** the page's <title> and description in its language */
export const serviceMeta = (matches: MetaArgs['matches'], content: ServicePageContent) => pageMeta(matches, content.metaTitle, content.metaDescription);

function ExpertiseCards({ items, t }: { items: Expertise[]; t: Translate }) {
  return (
    <ul className="mt-8 grid gap-6 md:grid-cols-3">
      {items.map((e) => (
        <li key={String(e.title)} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <h3 className="text-lg font-bold text-slate-900">{t(e.title)}</h3>
          <p className="mt-2 text-slate-700">{t(e.text)}</p>
        </li>
      ))}
    </ul>
  );
}

function ExpertiseRows({ items, t }: { items: Expertise[]; t: Translate }) {
  return (
    <ul className="mt-8 space-y-4">
      {items.map((e) => {
        const title = t(e.title);
        return (
          <li key={String(e.title)} className="flex items-start gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
            <span
              data-testid="expertise-badge"
              className="inline-flex min-w-16 shrink-0 items-center justify-center rounded-lg bg-brand-800 px-3 py-2 text-sm font-bold text-white"
            >
              {title.split(' ')[0]}
            </span>
            <div>
              <h3 className="text-lg font-bold text-slate-900">{title}</h3>
              <p className="mt-1 text-slate-700">{t(e.text)}</p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

export function ServicePage({ content }: { content: ServicePageContent }) {
  const whatIsId = useId();
  const t = useT();
  return (
    <>
      <PageHero
        eyebrow={t('services.labName')}
        title={t(content.name)}
        tagline={t(content.tagline)}
        actions={<BookNowLink />}
        art={
          <img
            src={serviceImages[content.key]}
            alt=""
            width={320}
            height={200}
            // shown on wide screens only: lazy, so a phone never downloads it
            loading="lazy"
            decoding="async"
            className="h-auto w-full max-w-sm rounded-2xl shadow-md"
          />
        }
      />

      <section aria-labelledby={whatIsId} className="mx-auto max-w-4xl px-4 py-12 sm:px-6">
        <h2 id={whatIsId} className="text-2xl font-bold text-slate-900 sm:text-3xl">
          {t(content.whatIs.heading)}
        </h2>
        <div className="mt-4 space-y-4 text-lg leading-relaxed text-slate-700">
          {content.whatIs.paragraphs.map((p) => (
            <p key={String(p)}>{t(p)}</p>
          ))}
        </div>
        <LearnMore describedBy={whatIsId} panelClassName="mt-6 rounded-xl border border-brand-100 bg-brand-50 p-6">
          <h3 className="text-xl font-bold text-slate-900">{t(content.deeper.heading)}</h3>
          <div className="mt-3 space-y-3 leading-relaxed text-slate-700">
            {content.deeper.paragraphs.map((p) => (
              <p key={String(p)}>{t(p)}</p>
            ))}
          </div>
        </LearnMore>
      </section>

      <section className="bg-slate-50">
        <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
          <h2 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t(content.expertiseHeading)}</h2>
          <p className="mt-2 max-w-3xl text-slate-700">{t(content.expertiseIntro)}</p>
          {content.expertiseLayout === 'rows' ? <ExpertiseRows items={content.expertise} t={t} /> : <ExpertiseCards items={content.expertise} t={t} />}
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
        <h2 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('services.testsWeOffer')}</h2>
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {content.tests.map((test) => (
            <li key={String(test.name)} className="flex gap-3 rounded-xl border border-slate-200 p-5">
              <CheckIcon className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
              <div>
                <h3 className="font-semibold text-slate-900">{t(test.name)}</h3>
                <p className="mt-1 text-sm text-slate-700">{t(test.text)}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
