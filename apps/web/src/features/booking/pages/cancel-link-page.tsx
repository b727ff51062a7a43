// /cancel/{token}: the link of the reminder e-mail. It shows the booking the signed link names and,
// after a confirmation in a dialog, cancels it; no login, on any phone. Once used, after the sample is
// collected or past its time, it says why it cannot cancel.
import { formatDayDate, type CancelLinkBooking, type Locale } from '@lab/contract';
import { useRef, useState } from 'react';
import { type MetaArgs, useParams } from 'react-router';
import { ApiError } from '../../../shared/api/client.ts';
import { formErrorsOf } from '../../../shared/lib/form-errors.ts';
import { metaTranslate, type Translate, useLanguage } from '../../../shared/i18n/i18n.tsx';
import { formatDate } from '../../../shared/lib/format-date.ts';
import { formatRupees } from '../../../shared/lib/format-money.ts';
import { buttonStyle } from '../../../shared/ui/button-styles.ts';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog.tsx';
import { StatusMessage } from '../../../shared/ui/status-message.tsx';
import { useCancelByLink, useCancelLink } from '../api/cancel-link.ts';

export function meta({ matches }: MetaArgs) {
  const t = metaTranslate(matches);
  return [...(t ? [{ title: t('patient.cancel.meta') }] : []), { name: 'robots', content: 'noindex' }];
}

/** the server's words (in the page's language), ours when it said none a person can read; never a field's name or a status code */
const reasonOf = (error: unknown, t: Translate) =>
  error instanceof ApiError ? (formErrorsOf(error, { fallback: t('patient.cancel.failed') }).form ?? t('patient.cancel.failed')) : t('patient.claimed.offline');

/** "Tuesday, 1 Dec 2026" in English; in Hindi the weekday and month from Intl */
function dayDate(date: string, locale: Locale): string {
  if (locale === 'en') return formatDayDate(date);
  const time = Date.parse(`${date}T00:00:00Z`);
  return Number.isNaN(time) ? date : `${new Intl.DateTimeFormat('hi-IN', { weekday: 'long', timeZone: 'UTC' }).format(time)}, ${formatDate(date, locale)}`;
}

function BookingSummary({ booking }: { booking: CancelLinkBooking }) {
  const { t, locale } = useLanguage();
  return (
    <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-lg border border-slate-200 bg-white p-4 text-slate-800">
      <dt className="font-medium">{t('patient.cancel.reference')}</dt>
      <dd>{booking.reference}</dd>
      <dt className="font-medium">{t('patient.cancel.when')}</dt>
      <dd>{t('patient.appt.at', { date: dayDate(booking.date, locale), time: booking.time })}</dd>
      <dt className="font-medium">{t('patient.cancel.where')}</dt>
      <dd>{t(booking.home_sample ? 'patient.cancel.home' : 'patient.appt.centre')}</dd>
      <dt className="font-medium">{t('patient.appt.tests')}</dt>
      <dd>
        <ul>
          {booking.tests.map((name, i) => (
            <li key={i}>{name}</li>
          ))}
        </ul>
      </dd>
    </dl>
  );
}

export default function CancelLinkPage() {
  const { token = '' } = useParams();
  const booking = useCancelLink(token);
  const cancel = useCancelByLink(token);
  const [asking, setAsking] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const { t, locale } = useLanguage();

  // a booking paid online: the cancel step offers its refund (ticked)
  const [refundOnline, setRefundOnline] = useState(true);
  const refundable = booking.data?.refundable_online ?? 0;
  const confirmed = () =>
    cancel.mutate(refundable > 0 && refundOnline, {
      // The answer replaces the button: focus goes to the heading so the outcome is read next.
      onSettled: () => heading.current?.focus(),
    });

  return (
    <div className="mx-auto max-w-lg px-4 py-10">
      <h1 ref={heading} tabIndex={-1} className="text-3xl font-bold text-brand-900 focus:outline-none">
        {t('patient.cancel.title')}
      </h1>
      {booking.isPending ? (
        <p role="status" className="mt-4 text-slate-700">
          {t('patient.cancel.loading')}
        </p>
      ) : booking.isError ? (
        <p role="alert" className="mt-4 rounded-md border-l-4 border-red-700 bg-red-50 px-4 py-3 text-red-800">
          {reasonOf(booking.error, t)}
        </p>
      ) : (
        <>
          <BookingSummary booking={booking.data} />
          <StatusMessage
            className="mt-4"
            tone={cancel.isError ? 'error' : cancel.isSuccess ? 'success' : 'error'}
            message={
              cancel.isError ? reasonOf(cancel.error, t) : cancel.isSuccess ? t('patient.cancel.done', { reference: booking.data.reference }) : booking.data.refusal
            }
          />
          {booking.data.refusal === null ? (
            <button type="button" onClick={() => setAsking(true)} disabled={cancel.isPending} className={`${buttonStyle('danger')} mt-6`}>
              {t(cancel.isPending ? 'patient.cancel.cancelling' : 'patient.cancel.submit')}
            </button>
          ) : null}
          <ConfirmDialog
            open={asking}
            title={t('patient.cancel.ask', { reference: booking.data.reference })}
            body={t('patient.cancel.askBody', { date: dayDate(booking.data.date, locale), time: booking.data.time })}
            confirmLabel={t('patient.cancel.yes')}
            cancelLabel={t('patient.cancel.keep')}
            onConfirm={confirmed}
            onClose={() => setAsking(false)}
          >
            {refundable > 0 ? (
              <label className="flex items-start gap-2 text-sm text-slate-900">
                <input type="checkbox" className="mt-1" checked={refundOnline} onChange={(e) => setRefundOnline(e.target.checked)} />
                <span>{t('patient.cancel.refundOnline', { amount: formatRupees(refundable) })}</span>
              </label>
            ) : null}
          </ConfirmDialog>
        </>
      )}
    </div>
  );
}
