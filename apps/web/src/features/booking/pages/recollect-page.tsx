// /recollect/{token}: the link of the e-mail telling a patient their sample could not be tested. It shows
// the tests drawn again and why, and lets the patient pick a day and slot for the free recollection,
// once; no login, on any phone (docs/samples.md).
import { formatDayDate, type Locale } from '@lab/contract';
import { useId, useRef, useState } from 'react';
import { type MetaArgs, useParams } from 'react-router';
import { ApiError } from '../../../shared/api/client.ts';
import { formErrorsOf } from '../../../shared/lib/form-errors.ts';
import { metaTranslate, type Translate, useLanguage } from '../../../shared/i18n/i18n.tsx';
import { formatDate, todayInIndia } from '../../../shared/lib/format-date.ts';
import { buttonStyle } from '../../../shared/ui/button-styles.ts';
import { DateSlotPicker } from '../../../shared/ui/date-slot-picker.tsx';
import { StatusMessage } from '../../../shared/ui/status-message.tsx';
import { usePickRecollection, useRecollection } from '../api/recollection.ts';

export function meta({ matches }: MetaArgs) {
  const t = metaTranslate(matches);
  return [...(t ? [{ title: t('patient.recollect.meta') }] : []), { name: 'robots', content: 'noindex' }];
}

const reasonOf = (error: unknown, t: Translate) =>
  error instanceof ApiError ? (formErrorsOf(error, { fallback: t('patient.recollect.failed') }).form ?? t('patient.recollect.failed')) : t('patient.claimed.offline');

const dayOf = (date: string, locale: Locale) => (locale === 'en' ? formatDayDate(date) : formatDate(date, locale));

export default function RecollectPage() {
  const { token = '' } = useParams();
  const recollection = useRecollection(token);
  const pick = usePickRecollection(token);
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  const id = useId();
  const { t, locale } = useLanguage();
  const errors = pick.isError ? formErrorsOf(pick.error, { fallback: t('patient.recollect.failed'), fields: { date: 'date', time: 'time' } }) : null;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    pick.mutate({ date, time }, { onSettled: () => heading.current?.focus() });
  };

  return (
    <div className="mx-auto max-w-lg px-4 py-10">
      <h1 ref={heading} tabIndex={-1} className="text-3xl font-bold text-brand-900 focus:outline-none">
        {t('patient.recollect.title')}
      </h1>
      {recollection.isPending ? (
        <p role="status" className="mt-4 text-slate-700">
          {t('patient.cancel.loading')}
        </p>
      ) : recollection.isError ? (
        <p role="alert" className="mt-4 rounded-md border-l-4 border-red-700 bg-red-50 px-4 py-3 text-red-800">
          {reasonOf(recollection.error, t)}
        </p>
      ) : (
        <>
          <p className="mt-4 text-slate-800">{t('patient.recollect.lead', { reference: recollection.data.reference })}</p>
          <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-lg border border-slate-200 bg-white p-4 text-slate-800">
            <dt className="font-medium">{t('patient.appt.tests')}</dt>
            <dd>
              <ul>
                {recollection.data.tests.map((name, i) => (
                  <li key={i}>{name}</li>
                ))}
              </ul>
            </dd>
            <dt className="font-medium">{t('patient.cancel.where')}</dt>
            <dd>{t(recollection.data.home_sample ? 'patient.cancel.home' : 'patient.appt.centre')}</dd>
          </dl>
          {recollection.data.date && recollection.data.time ? (
            <StatusMessage className="mt-4" tone="success" message={t('patient.recollect.done', { date: dayOf(recollection.data.date, locale), time: recollection.data.time })} />
          ) : (
            <form onSubmit={submit} className="mt-6 space-y-4" noValidate>
              <DateSlotPicker
                id={id}
                look="form"
                dateLabel={t('patient.recollect.date')}
                date={date}
                onDate={(d) => {
                  setDate(d);
                  setTime('');
                }}
                time={time}
                onTime={setTime}
                minDate={todayInIndia()}
                homeSample={recollection.data.home_sample}
                latestTime={null}
                dateError={errors?.fields.date}
                timeError={errors?.fields.time ?? null}
              />
              {errors?.form ? <StatusMessage tone="error" message={errors.form} /> : null}
              <button type="submit" disabled={pick.isPending || !date || !time} className={buttonStyle('primary')}>
                {t('patient.recollect.submit')}
              </button>
            </form>
          )}
        </>
      )}
    </div>
  );
}
