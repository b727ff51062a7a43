// One appointment on the dashboard with its actions: View Bill, Cancel (then "Cancelled", disabled) and
// Reschedule (a date, then one of its slots with the seats left, as on /Appointment: full slots disabled,
// later slots withheld for a fasting test). Once the sample is collected the card offers only what can
// still be done (the bill, the report, the receipt): the server refuses cancelling or moving it, so no
// such button shows. Each button's name says which appointment it acts on. Once the lab has received the
// sample, the card says when, and when the report is expected (docs/samples.md).
import type { UserAppointment } from '@lab/contract';
import { type FormEvent, useId, useState } from 'react';
import { formatDate, formatDateTime } from '../../../shared/lib/format-date.ts';
import { formatRupees } from '../../../shared/lib/format-money.ts';
import { useLanguage } from '../../../shared/i18n/i18n.tsx';
import type { MessageId } from '../../../shared/i18n/message-id.ts';
import { DateSlotPicker } from '../../../shared/ui/date-slot-picker.tsx';
import { testNames } from '../lib/appointments.ts';

export interface AppointmentCardProps {
  appointment: UserAppointment;
  /** today in India, the earliest date to move to */
  minDate: string;
  busy: 'bill' | 'cancel' | 'reschedule' | null;
  onViewBill(a: UserAppointment): void;
  /** the released report of this appointment, when there is one */
  reportReady?: boolean;
  onDownloadReport?(a: UserAppointment): void;
  onCancel(a: UserAppointment): void;
  /** resolves true when the move succeeded, so the form can close */
  onReschedule(a: UserAppointment, date: string, time: string): Promise<boolean>;
  /** the family member the visit is for (docs/families-and-doctors.md); absent: the account holder */
  forName?: string | undefined;
}

const statusLabel: Record<UserAppointment['status'], MessageId> = {
  booked: 'dashboard.appt.status.booked',
  approved: 'dashboard.appt.status.approved',
  sample_collected: 'dashboard.appt.status.sampleCollected',
  completed: 'dashboard.appt.status.completed',
  cancelled: 'dashboard.appt.status.cancelled',
};

export const CHOOSE_TIME: MessageId = 'dashboard.appt.chooseTime';

const button =
  'rounded-md px-3 py-1.5 text-sm font-medium focus-visible:ring-2 focus-visible:ring-offset-2 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-60';

export function AppointmentCard({ appointment: a, minDate, busy, onViewBill, onCancel, onReschedule, reportReady = false, onDownloadReport, forName }: AppointmentCardProps) {
  const id = useId();
  const { t, locale } = useLanguage();
  const [open, setOpen] = useState(false);
  const [date, setDate] = useState(a.date);
  // A new slot is chosen from the day's slots; none is chosen until the patient picks one.
  const [time, setTime] = useState('');
  const [timeError, setTimeError] = useState<string | null>(null);
  const when = t('dashboard.appt.when', { date: a.date, time: a.time });
  const done = a.status === 'completed';
  // Once the sample is collected the server no longer lets the patient cancel or move it: no buttons for that.
  const fixed = done || a.status === 'sample_collected';
  const changeable = !fixed;
  const names = testNames(a.tests);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!time) {
      setTimeError(t(CHOOSE_TIME));
      return;
    }
    if (await onReschedule(a, date, time)) setOpen(false);
  };

  return (
    <li className="rounded-lg border border-slate-200 p-4">
      <article aria-labelledby={`${id}-title`}>
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 id={`${id}-title`} className="font-semibold text-slate-900">
            {t('patient.appt.at', { date: formatDate(a.date, locale), time: a.time })}
          </h3>
          {forName ? <p className="w-full text-sm font-medium text-slate-900 sm:order-last">{t('dashboard.person.for', { name: forName })}</p> : null}
          <p className="w-full text-sm text-slate-700 sm:order-last">
            {t('dashboard.appt.reference')} <span className="font-mono font-semibold tracking-wide">{a.reference}</span>
          </p>
          <span
            className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${
              a.is_cancelled ? 'bg-red-100 text-red-800' : done ? 'bg-slate-200 text-slate-800' : 'bg-brand-100 text-brand-900'
            }`}
          >
            {t(a.is_cancelled ? statusLabel.cancelled : statusLabel[a.status])}
          </span>
          {reportReady && <span className="rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-semibold text-green-900">{t('dashboard.appt.reportReady')}</span>}
        </div>
        <ul className="mt-2 text-sm text-slate-700" aria-label={t('patient.appt.tests')}>
          {Array.isArray(a.tests)
            ? a.tests.map((test, i) => (
                <li key={`${test.id}-${i}`} className="flex justify-between gap-2">
                  <span>{test.name}</span>
                  <span className="tabular-nums">{formatRupees(test.price)}</span>
                </li>
              ))
            : names.map((n) => <li key={n}>{n}</li>)}
        </ul>
        {a.sample_received_at && !a.is_cancelled ? (
          <ul className="mt-2 rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-800" aria-label={t('dashboard.appt.journey')}>
            <li>{t('dashboard.appt.receivedAtLab', { time: formatDateTime(a.sample_received_at, locale) })}</li>
            {a.report_expected_at && !done ? <li className="font-medium">{t('dashboard.appt.expectedBy', { time: formatDateTime(a.report_expected_at, locale) })}</li> : null}
          </ul>
        ) : a.report_expected_at && !a.is_cancelled && !done ? (
          // before the lab has the sample: the server's time from the booked slot (docs/samples.md)
          <p className="mt-1 text-sm font-medium text-slate-800">{t('patient.reportExpectedBy', { time: formatDateTime(a.report_expected_at, locale) })}</p>
        ) : null}
        <p className="mt-2 flex justify-between border-t border-slate-100 pt-2 text-sm font-medium">
          <span>{t(a.home_sample ? 'patient.appt.home' : 'patient.appt.centre')}</span>
          <span className="tabular-nums">{t('dashboard.appt.total', { amount: formatRupees(a.total_price) })}</span>
        </p>

        <div className="mt-3 flex flex-wrap gap-2">
          <button
            type="button"
            onClick={() => onViewBill(a)}
            disabled={busy === 'bill'}
            className={`${button} bg-brand-700 text-white hover:bg-brand-800 focus-visible:ring-brand-600`}
          >
            {t('dashboard.appt.viewBill')}<span className="sr-only"> {t('dashboard.appt.for', { when })}</span>
          </button>
          {reportReady && onDownloadReport && (
            <button type="button" onClick={() => onDownloadReport(a)} className={`${button} bg-green-700 text-white hover:bg-green-800 focus-visible:ring-green-600`}>
              {t('dashboard.appt.downloadReport')}<span className="sr-only"> {t('dashboard.appt.for', { when })}</span>
            </button>
          )}
          {a.receipt_path && (
            <a
              href={`${a.receipt_path}?lang=${locale}`}
              download
              className={`${button} border border-slate-300 text-slate-800 hover:bg-slate-50 focus-visible:ring-brand-600`}
            >
              {t('patient.pay.receipt')}<span className="sr-only"> {t('dashboard.appt.for', { when })}</span>
            </a>
          )}
          {changeable && (
            <>
              <button
                type="button"
                onClick={() => onCancel(a)}
                disabled={a.is_cancelled || busy === 'cancel'}
                className={`${button} border border-red-300 text-red-700 hover:bg-red-50 focus-visible:ring-red-600`}
              >
                {t(a.is_cancelled ? 'dashboard.appt.status.cancelled' : 'dashboard.appt.cancel')}
                <span className="sr-only"> {when}</span>
              </button>
              <button
                type="button"
                onClick={() => setOpen((o) => !o)}
                disabled={a.is_cancelled}
                aria-expanded={open}
                aria-controls={`${id}-reschedule`}
                className={`${button} border border-slate-300 text-slate-800 hover:bg-slate-50 focus-visible:ring-brand-600`}
              >
                {t('dashboard.appt.reschedule')}<span className="sr-only"> {when}</span>
              </button>
            </>
          )}
        </div>

        {open && changeable && !a.is_cancelled ? (
          <form
            id={`${id}-reschedule`}
            onSubmit={submit}
            aria-label={t('dashboard.appt.rescheduleForm', { when })}
            className="mt-3 grid gap-3 rounded-md bg-slate-50 p-3"
          >
            <DateSlotPicker
              id={id}
              look="compact"
              dateLabel={t('dashboard.appt.newDate')}
              timeLegend={t('dashboard.appt.newTime')}
              date={date}
              onDate={setDate}
              time={time}
              onTime={(slot) => {
                setTime(slot);
                if (slot) setTimeError(null);
              }}
              minDate={minDate}
              homeSample={a.home_sample}
              latestTime={a.latest_time ?? null}
              timeError={timeError}
            />
            <button
              type="submit"
              disabled={busy === 'reschedule'}
              className={`${button} justify-self-start bg-brand-700 text-white hover:bg-brand-800 focus-visible:ring-brand-600`}
            >
              {t('dashboard.appt.save')}
            </button>
          </form>
        ) : null}
      </article>
    </li>
  );
}
