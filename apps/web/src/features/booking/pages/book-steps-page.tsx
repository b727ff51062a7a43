// /book: the booking in plain steps, for a phone without JavaScript (docs/features.md#booking-without-scripts):
// tests, then where and when (opened on the first free day when no date is chosen, decision 078), then who, then review and book. Every step is a form the server answers:
// the choices travel in the page's address (GET forms; Back and Reload keep them), the last step posts
// the booking to this page's action, which answers the confirmation or the refusals beside the summary.
// The booking page (/Appointment) stays the place for scripts; its note for browsers without them
// links here with the tests already chosen.
import { paths } from '@lab/contract';
import type { ReactNode } from 'react';
import { Link, type MetaArgs } from 'react-router';
import { metaTranslate, useLanguage } from '../../../shared/i18n/i18n.tsx';
import { formatDateTime } from '../../../shared/lib/format-date.ts';
import { buttonClass, inputClass, labelClass } from '../../../shared/ui/button-styles.ts';
import { type BookOutcome, loadBookSteps, postBookSteps } from '../api/book-steps.server.ts';
import { ADDRESS_FIELDS, hiddenFields, STEPS, type StepsState, stepHref } from '../lib/book-steps.ts';
import type { Route } from './+types/book-steps-page';

export const loader = (args: Route.LoaderArgs) => loadBookSteps(args);
export const action = (args: Route.ActionArgs) => postBookSteps(args);

export function meta({ matches }: MetaArgs) {
  const t = metaTranslate(matches);
  return t ? [{ title: t('patient.steps.meta') }, { name: 'description', content: t('patient.steps.description') }] : [];
}

const PATH = paths.bookSteps;

function Hidden({ state, shown }: { state: StepsState; shown: readonly string[] }) {
  return (
    <>
      {hiddenFields(state, shown).map(([name, value], i) => (
        <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

function TextInput({ name, label, value, type = 'text', autoComplete, error }: { name: string; label: string; value: string; type?: string; autoComplete?: string; error?: string[] | undefined }) {
  const id = `steps-${name}`;
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input id={id} name={name} type={type} defaultValue={value} autoComplete={autoComplete} className={inputClass} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} />
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error.join(' ')}
        </p>
      ) : null}
    </div>
  );
}

function Next({ step, label }: { step: string; label: string }) {
  return (
    <button type="submit" name="step" value={step} className={`${buttonClass.primary} w-full`}>
      {label}
    </button>
  );
}

function Back({ state, step }: { state: StepsState; step: (typeof STEPS)[number] }) {
  const { t } = useLanguage();
  return (
    <Link to={stepHref(PATH, state, step)} className="mt-3 inline-block font-semibold text-brand-800 underline underline-offset-4">
      {t('patient.steps.back')}
    </Link>
  );
}

function Card({ children }: { children: ReactNode }) {
  return <div className="mt-4 space-y-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">{children}</div>;
}

export default function BookStepsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useLanguage();
  const { state, step, missing, chosen, matches, day, firstFree, firstFreeDays, totalText, dateText } = loaderData;
  const outcome = actionData as BookOutcome | undefined;
  // each message named whole: the build numbers the ids it finds written out
  const addressLabels = {
    house: t('patient.steps.address.house'),
    street: t('patient.steps.address.street'),
    locality: t('patient.steps.address.locality'),
    city: t('patient.steps.address.city'),
    pin: t('patient.steps.address.pin'),
  };
  const titles = { tests: t('patient.steps.testsTitle'), when: t('patient.steps.whenTitle'), who: t('patient.steps.whoTitle'), review: t('patient.steps.reviewTitle') };

  if (outcome && 'booked' in outcome) {
    const b = outcome.booked;
    return (
      <div className="mx-auto max-w-lg px-4 py-8">
        <h1 className="text-2xl font-bold text-brand-900">{t('patient.steps.bookedTitle')}</h1>
        <p role="status" className="mt-3 rounded-lg bg-green-50 p-3 text-green-900">
          {t('patient.steps.bookedReference', { reference: b.reference })}
        </p>
        <p className="mt-3 text-slate-800">{t('patient.steps.bookedWhen', { date: b.dateText, time: b.time })}</p>
        <p className="mt-1 text-slate-800">{t(b.where === 'home' ? 'patient.steps.atHome' : 'patient.steps.atCentre')}</p>
        {b.report_expected_at ? <p className="mt-1 font-medium text-slate-800">{t('patient.reportExpectedBy', { time: formatDateTime(b.report_expected_at, locale) })}</p> : null}
        <p className="mt-3 text-slate-700">{t('patient.steps.bookedNext')}</p>
        <Link to={paths.findBooking} className="mt-4 inline-block font-semibold text-brand-800 underline underline-offset-4">
          {t('patient.steps.findBooking')}
        </Link>
      </div>
    );
  }

  const refused = outcome && 'refused' in outcome ? outcome : null;
  const n = STEPS.indexOf(step) + 1;
  return (
    <div className="mx-auto max-w-lg px-4 py-6">
      <h1 className="text-2xl font-bold text-brand-900">{t('patient.steps.title')}</h1>
      <p className="mt-1 text-sm text-slate-700">{t('patient.steps.stepOf', { n, total: STEPS.length })}</p>
      <h2 className="mt-3 text-xl font-semibold text-slate-900">{titles[step]}</h2>
      {missing ? (
        <p role="alert" className="mt-3 rounded-md border-l-4 border-red-700 bg-red-50 px-4 py-3 text-sm text-red-800">
          {t(missing)}
        </p>
      ) : null}
      {chosen.length > 0 && step !== 'tests' ? (
        <p className="mt-2 text-sm text-slate-700">
          {chosen.map((c) => c.name).join(', ')}: <strong>{totalText}</strong>
        </p>
      ) : null}

      {step === 'tests' && (
        <form method="get" action={PATH}>
          <Hidden state={state} shown={['tests']} />
          <Card>
            <div>
              <label htmlFor="steps-q" className={labelClass}>
                {t('patient.steps.search')}
              </label>
              <div className="flex gap-2">
                <input id="steps-q" name="q" type="search" defaultValue={state.q} className={inputClass} />
                <button type="submit" name="step" value="tests" className={buttonClass.light}>
                  {t('patient.steps.searchButton')}
                </button>
              </div>
            </div>
            <fieldset>
              <legend className={labelClass}>{t('patient.steps.chooseTests')}</legend>
              {[...chosen, ...matches.filter((m) => !state.tests.includes(m.id))].map((test) => (
                <label key={test.id} className="flex min-h-11 items-center gap-3 text-base text-slate-900">
                  <input type="checkbox" name="tests" value={test.id} defaultChecked={state.tests.includes(test.id)} className="size-5 accent-brand-700" />
                  <span className="flex-1">{test.name}</span>
                  <span className="font-semibold">{test.priceText}</span>
                </label>
              ))}
              {chosen.length === 0 && matches.length === 0 ? <p className="text-sm text-slate-700">{t(state.q ? 'patient.steps.noMatch' : 'patient.steps.searchFirst')}</p> : null}
            </fieldset>
            {chosen.length > 0 ? <p className="font-semibold text-slate-900">{t('patient.steps.total', { total: totalText })}</p> : null}
            <Next step="when" label={t('patient.steps.next')} />
          </Card>
        </form>
      )}

      {step === 'when' && (
        <form method="get" action={PATH}>
          <Hidden state={state} shown={['where', 'date', 'time', ...ADDRESS_FIELDS]} />
          <Card>
            <fieldset>
              <legend className={labelClass}>{t('patient.steps.where')}</legend>
              {(['centre', 'home'] as const).map((w) => (
                <label key={w} className="flex min-h-11 items-center gap-3 text-base text-slate-900">
                  <input type="radio" name="where" value={w} defaultChecked={state.where === w} className="size-5 accent-brand-700" />
                  {t(w === 'home' ? 'patient.steps.atHome' : 'patient.steps.atCentre')}
                </label>
              ))}
            </fieldset>
            <fieldset className="space-y-3">
              <legend className="text-sm text-slate-700">{t('patient.steps.addressNote')}</legend>
              {ADDRESS_FIELDS.map((f) => (
                <TextInput key={f} name={f} label={addressLabels[f]} value={state.address[f]} autoComplete={f === 'pin' ? 'postal-code' : undefined} />
              ))}
            </fieldset>
            <TextInput name="date" type="date" label={t('patient.steps.date')} value={state.date} />
            {/* the day the page chose: sent back unchanged, it is looked for again (another kind of visit) */}
            {firstFree === 'found' ? <input type="hidden" name="firstFree" value={state.date} /> : null}
            {firstFree ? <p className="text-sm text-slate-700">{firstFree === 'found' ? t('patient.steps.firstFree') : t('patient.steps.noFreeDay', { days: firstFreeDays })}</p> : null}
            <button type="submit" name="step" value="when" className={`${buttonClass.light} w-full`}>
              {t('patient.steps.showTimes')}
            </button>
            {day ? (
              <fieldset>
                <legend className={labelClass}>{t('patient.steps.time')}</legend>
                {day.slots.filter((s) => s.seats_left > 0).length === 0 ? (
                  <p className="text-sm text-slate-700">{day.reason ?? t('patient.steps.noTimes')}</p>
                ) : (
                  day.slots
                    .filter((s) => s.seats_left > 0)
                    .map((s) => (
                      <label key={s.start} className="flex min-h-11 items-center gap-3 text-base text-slate-900">
                        <input type="radio" name="time" value={s.start} defaultChecked={state.time === s.start} className="size-5 accent-brand-700" />
                        {t('patient.steps.slot', { start: s.start, end: s.end, count: s.seats_left })}
                      </label>
                    ))
                )}
              </fieldset>
            ) : null}
            <Next step="who" label={t('patient.steps.next')} />
          </Card>
          <Back state={state} step="tests" />
        </form>
      )}

      {step === 'who' && (
        <form method="get" action={PATH}>
          <Hidden state={state} shown={['name', 'email', 'phone']} />
          <Card>
            <TextInput name="name" label={t('patient.steps.name')} value={state.name} autoComplete="name" />
            <TextInput name="email" type="email" label={t('patient.steps.email')} value={state.email} autoComplete="email" />
            <TextInput name="phone" type="tel" label={t('patient.steps.phone')} value={state.phone} autoComplete="tel" />
            <Next step="review" label={t('patient.steps.next')} />
          </Card>
          <Back state={state} step="when" />
        </form>
      )}

      {step === 'review' && (
        <form method="post" action={`${PATH}?${new URLSearchParams([...hiddenFields(state, []), ['step', 'review']]).toString()}`} aria-label={titles.review}>
          <Hidden state={state} shown={[]} />
          <Card>
            {refused ? (
              <div role="alert" className="rounded-md border-l-4 border-red-700 bg-red-50 px-4 py-3 text-sm text-red-800">
                <p>{refused.needsConsent ? t('patient.steps.needConsent') : (refused.message ?? t('patient.steps.refused'))}</p>
                <ul className="mt-1 list-disc pl-5">
                  {Object.values(refused.refused).flat().map((m) => (
                    <li key={m}>{m}</li>
                  ))}
                </ul>
              </div>
            ) : null}
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-2 text-slate-900">
              <dt className="font-semibold">{t('patient.steps.testsTitle')}</dt>
              <dd>{chosen.map((c) => `${c.name} (${c.priceText})`).join(', ')}</dd>
              <dt className="font-semibold">{t('patient.steps.totalLabel')}</dt>
              <dd data-testid="steps-total">{totalText}</dd>
              <dt className="font-semibold">{t('patient.steps.where')}</dt>
              <dd>
                {t(state.where === 'home' ? 'patient.steps.atHome' : 'patient.steps.atCentre')}
                {state.where === 'home' ? `: ${ADDRESS_FIELDS.map((f) => state.address[f]).filter(Boolean).join(', ')}` : ''}
              </dd>
              <dt className="font-semibold">{t('patient.steps.whenLabel')}</dt>
              <dd>{`${dateText}, ${state.time}`}</dd>
              <dt className="font-semibold">{t('patient.steps.whoTitle')}</dt>
              <dd className="break-all">{[state.name, state.email, state.phone].join(', ')}</dd>
            </dl>
            <p className="text-sm text-slate-700">{t('patient.steps.payAtVisit')}</p>
            <label className="flex items-start gap-3 text-sm text-slate-900">
              <input type="checkbox" name="consent" value="service" className="mt-0.5 size-5 accent-brand-700" />
              <span>
                {t('patient.steps.consent')}{' '}
                <Link to={paths.privacy} className="font-semibold text-brand-800 underline">
                  {t('patient.steps.notice')}
                </Link>
              </span>
            </label>
            <button type="submit" className={`${buttonClass.primary} w-full`}>
              {t('patient.steps.book')}
            </button>
          </Card>
          <Back state={state} step="who" />
        </form>
      )}
    </div>
  );
}
