// Offers (spec §2 "Offers"): one card per offer with its discount, validity dates and an Active or
// Expired badge taken from the `active` flag.
import type { Offer } from '@lab/contract';
import { formatDate } from '../../../shared/lib/format-date.ts';
import { PageHero } from '../../../shared/ui/page-hero.tsx';
import { useOffers } from '../api/get-offers.ts';

export const meta = () => [
  { title: 'Offers | Lab Centre Diagnostics' },
  { name: 'description', content: 'Current discounts on diagnostic tests and health check-ups at Lab Centre Diagnostics.' },
];

function OfferCard({ offer }: { offer: Offer }) {
  return (
    <li>
      <article className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <div className="flex items-start justify-between gap-3">
          <p className="text-3xl font-extrabold text-brand-800">{offer.discount_percentage}% off</p>
          <span
            className={`rounded-full px-3 py-1 text-sm font-bold ${
              offer.active ? 'bg-green-100 text-green-800' : 'bg-slate-200 text-slate-800'
            }`}
          >
            {offer.active ? 'Active' : 'Expired'}
          </span>
        </div>
        <h2 className="mt-3 flex-1 text-lg font-semibold text-slate-900">{offer.description}</h2>
        <dl className="mt-4 grid grid-cols-2 gap-2 text-sm">
          <div>
            <dt className="text-slate-600">Valid from</dt>
            <dd className="font-semibold text-slate-900">
              <time dateTime={offer.start_date}>{formatDate(offer.start_date)}</time>
            </dd>
          </div>
          <div>
            <dt className="text-slate-600">Valid till</dt>
            <dd className="font-semibold text-slate-900">
              <time dateTime={offer.end_date}>{formatDate(offer.end_date)}</time>
            </dd>
          </div>
        </dl>
      </article>
    </li>
  );
}

export default function OffersPage() {
  const { data: offers, isPending, isError } = useOffers();
  return (
    <>
      <PageHero title="Active Offers" tagline="Limited-time offers on our tests and health packages. Book before they end!" />
      <section aria-label="Offers" className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
        <div role="status" aria-live="polite">
          {isPending ? <p className="text-lg text-slate-700">Loading Offers...</p> : null}
          {isError ? (
            <p className="rounded-md border-l-4 border-red-700 bg-red-50 px-4 py-3 font-medium text-red-800">
              Error: Failed to fetch offers
            </p>
          ) : null}
          {offers && offers.length === 0 ? <p className="text-lg text-slate-700">There are no offers at the moment.</p> : null}
        </div>
        {offers && offers.length > 0 ? (
          <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {offers.map((o) => (
              <OfferCard key={o.id} offer={o} />
            ))}
          </ul>
        ) : null}
      </section>
    </>
  );
}
