// Offers (docs/product.md#public-pages), rendered on the server: one card per offer with its discount, validity
// dates, an Active or Expired badge taken from the `active` flag, the tests it applies to and, while
// it runs, a "Book" link that opens the booking screen with those tests selected.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { localeOfPath, type Offer, paths } from '@lab/contract';
import { formatDate } from '../../../shared/lib/format-date.ts';
import { buttonClass } from '../../../shared/ui/button-styles.ts';
import { CardGrid, contentPageMeta, LoadError } from '../../../shared/ui/card-grid.tsx';
import { PageHero } from '../../../shared/ui/page-hero.tsx';
import { loadOffers } from '../api/get-offers.ts';
import { pageMessages } from '../../../shared/i18n/catalogues.server.ts';
import type { Route } from './+types/offers-page';
import type { MetaArgs } from 'react-router';
import { useLanguage, useT } from '../../../shared/i18n/i18n.tsx';
import { messagesInCode } from '../../../shared/i18n/messages-in-code.ts';

// The offers with the texts of their cards (catalogues.server.ts)
export const loader = async (args: Route.LoaderArgs) => ({ offers: await loadOffers(args), messages: pageMessages(args, 'offers') });

// What the page shows around its cards and when its data cannot be read (docs/product.md#messages): carried
// in this module's code in both languages (messages-in-code.ts), not with the page's data: the error must
// show when the page's data (and its messages) could not be fetched, and no other page's data has to
// carry these texts for it (decision 034).
const frameTexts = messagesInCode({
  title: 'offersFrame.title',
  description: 'offersFrame.description',
  heading: 'offersFrame.heading',
  tagline: 'offersFrame.tagline',
  list: 'offersFrame.list',
  failed: 'offersFrame.failed',
});

export const meta = ({ location }: MetaArgs) => contentPageMeta(frameTexts[localeOfPath(location.pathname)]);

/** the booking screen with the offer's tests selected */
export const bookingLink = (tests: ReadonlyArray<{ id: number }>) => `${paths.appointment}?tests=${tests.map((t) => t.id).join(',')}`;

function OfferCard({ offer }: { offer: Offer }) {
  const { t, locale } = useLanguage();
  const { tests } = offer;
  return (
    <li>
      <article className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <div className="flex items-start justify-between gap-3">
          <p className="text-3xl font-extrabold text-brand-800">{t('offers.off', { percent: offer.discount_percentage })}</p>
          <span
            className={`rounded-full px-3 py-1 text-sm font-bold ${
              offer.active ? 'bg-green-100 text-green-800' : 'bg-slate-200 text-slate-800'
            }`}
          >
            {offer.active ? t('offers.active') : t('offers.expired')}
          </span>
        </div>
        <h2 className="mt-3 flex-1 text-lg font-semibold text-slate-900">{offer.description}</h2>
        {tests.length > 0 ? (
          <div className="mt-3 text-sm">
            <p className="text-slate-600">{t('offers.appliesTo')}</p>
            <ul aria-label={`Tests in the offer: ${offer.description}`} className="mt-1 list-disc pl-5 font-medium text-slate-900">
              {tests.map((t) => (
                <li key={t.id}>{t.name}</li>
              ))}
            </ul>
          </div>
        ) : null}
        <dl className="mt-4 grid grid-cols-2 gap-2 text-sm">
          <div>
            <dt className="text-slate-600">{t('offers.validFrom')}</dt>
            <dd className="font-semibold text-slate-900">
              <time dateTime={offer.start_date}>{formatDate(offer.start_date, locale)}</time>
            </dd>
          </div>
          <div>
            <dt className="text-slate-600">{t('offers.validTill')}</dt>
            <dd className="font-semibold text-slate-900">
              <time dateTime={offer.end_date}>{formatDate(offer.end_date, locale)}</time>
            </dd>
          </div>
        </dl>
        {offer.active && tests.length > 0 ? (
          <Link to={bookingLink(tests)} aria-label={t('offers.bookLabel', { offer: offer.description })} className={`${buttonClass.primary} mt-4 self-start`}>
            {t('offers.book')}
          </Link>
        ) : null}
      </article>
    </li>
  );
}

function OffersFrame({ children }: { children: ReactNode }) {
  const text = frameTexts[useLanguage().locale];
  return (
    <>
      <PageHero title={text.heading} tagline={text.tagline} />
      <section aria-label={text.list} className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
        {children}
      </section>
    </>
  );
}

export default function OffersPage({ loaderData: { offers } }: Route.ComponentProps) {
  const t = useT();
  return (
    <OffersFrame>
      <CardGrid items={offers} empty={t('offers.none')} card={(o) => <OfferCard key={o.id} offer={o} />} />
    </OffersFrame>
  );
}

/** As docs/product.md#messages has it: the offers could not be read */
export function ErrorBoundary() {
  const { locale } = useLanguage();
  return (
    <OffersFrame>
      <LoadError what={frameTexts[locale].failed} />
    </OffersFrame>
  );
}
