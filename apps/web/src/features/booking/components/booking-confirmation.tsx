// The page a booking ends on (it stays until the person leaves it): the booking reference, the date and
// slot in the Indian way, where it happens, the preparation, what happens next (the visit or the
// phlebotomist, then the report), and links to the bill and to the calendar file. Its heading takes
// focus when it appears, so a screen reader starts reading here.
import { type CombinedPreparation, paths, slotEndOf } from '@lab/contract';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { formatDate, formatDateTime } from '../../../shared/lib/format-date.ts';
import { buttonClass } from '../../../shared/ui/button-styles.ts';
import { useLanguage } from '../../../shared/i18n/i18n.tsx';
import { calendarFileUrl } from '../api/calendar-file.ts';
import { PayNow } from './pay-now.tsx';
import { PreparationNote } from './preparation-note.tsx';

export interface BookedVisit {
  id: string;
  reference: string;
  date: string;
  time: string;
  homeSample: boolean;
  preparation: CombinedPreparation | null;
  /** when the report is expected (ISO), computed by the server from the slot (docs/samples.md); null: not said */
  reportExpectedAt?: string | null;
  /** a household's visit: every person's booking, this one first, each with its own bill */
  household?: Array<{ id: string; reference: string; name: string }>;
}

export function BookingConfirmation({ booked, onBookAnother }: { booked: BookedVisit; onBookAnother(): void }) {
  const { t, locale } = useLanguage();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  // The reference sits inside the sentence where each language puts it.
  const [before, after] = t('patient.booking.reference', { reference: '\u0000' }).split('\u0000');
  return (
    <section aria-labelledby="booked-heading" className="mx-auto max-w-2xl">
      <h1 id="booked-heading" ref={heading} tabIndex={-1} className="text-3xl font-bold text-brand-900 focus:outline-none">
        {t('patient.booking.done.title')}
      </h1>
      <div role="status" className="mt-4 rounded-md border-l-4 border-green-700 bg-green-50 px-4 py-3 text-green-900">
        <p className="font-medium">{t('patient.booking.booked')}</p>
        <p className="mt-1">
          {before}
          <strong data-testid="booking-reference" className="font-mono text-lg tracking-wide">
            {booked.reference}
          </strong>
          {after}
        </p>
      </div>
      <dl className="mt-6 grid gap-x-6 gap-y-3 sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold text-slate-800">{t('patient.booking.done.when')}</dt>
        <dd className="text-slate-900">
          {t('patient.booking.done.slot', { date: formatDate(booked.date, locale), start: booked.time, end: slotEndOf(booked.time) })}
        </dd>
        <dt className="font-semibold text-slate-800">{t('patient.booking.done.where')}</dt>
        <dd className="text-slate-900">{t(booked.homeSample ? 'patient.booking.done.atHome' : 'patient.booking.done.atCentre')}</dd>
      </dl>
      {booked.reportExpectedAt ? (
        <p data-testid="report-expected" className="mt-3 font-medium text-slate-900">
          {t('patient.reportExpectedBy', { time: formatDateTime(booked.reportExpectedAt, locale) })}
        </p>
      ) : null}
      {booked.preparation ? <PreparationNote preparation={booked.preparation} homeSample={booked.homeSample} level={2} /> : null}
      <h2 className="mt-6 text-lg font-semibold text-slate-900">{t('patient.booking.done.next')}</h2>
      <ol className="mt-2 list-decimal space-y-1 pl-5 text-slate-800">
        <li>{t(booked.homeSample ? 'patient.booking.done.nextHome' : 'patient.booking.done.nextVisit')}</li>
        <li>{t('patient.booking.done.nextReport')}</li>
      </ol>
      {booked.household && booked.household.length > 1 ? (
        <section aria-labelledby="household-booked" className="mt-6">
          <h2 id="household-booked" className="text-lg font-semibold text-slate-900">
            {t('booking.household.booked')}
          </h2>
          <ul className="mt-2 space-y-1">
            {booked.household.map((p) => (
              <li key={p.id}>
                <Link to={paths.billing(p.id)} state={{ validAccess: true }} className="text-brand-800 underline">
                  {t('booking.household.bill', { name: p.name, reference: p.reference })}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <PayNow appointmentId={booked.id} />
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <Link to={paths.billing(booked.id)} state={{ validAccess: true }} className={buttonClass.primary}>
          {t('patient.booking.done.bill')}
        </Link>
        <a href={calendarFileUrl(booked.id)} download={`appointment-${booked.reference}.ics`} className={buttonClass.secondary}>
          {t('patient.booking.done.calendar')}
        </a>
        <button type="button" onClick={onBookAnother} className={buttonClass.secondary}>
          {t('patient.booking.done.another')}
        </button>
      </div>
    </section>
  );
}
