// /find-booking: a guest's way back to a booking. The booking reference from the e-mail plus the phone
// number or e-mail used open the booking's bill (the capability route), with no account needed, and,
// once its report is released, the report beside it. With JavaScript the form sends itself and lands
// on the bill (or, with a report, on both links); without, it posts to this page, whose action answers
// with the same links or the errors at their fields (decision 051).
import { type FoundBooking, paths } from '@lab/contract';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, type MetaArgs, useNavigate } from 'react-router';
import { ApiError } from '../../../shared/api/client.ts';
import { buttonStyle, inputClass, labelClass } from '../../../shared/ui/button-styles.ts';
import { metaTranslate, type Translate, useT } from '../../../shared/i18n/i18n.tsx';
import { findBooking } from '../api/find-booking.ts';
import { type FindErrors, findErrorsOf } from '../api/find-booking-errors.ts';
import { type FindOutcome, postFindBooking } from '../api/find-booking-form.ts';
import type { Route } from './+types/find-booking-page';

export function meta({ matches }: MetaArgs) {
  const t = metaTranslate(matches);
  return [...(t ? [{ title: t('patient.find.meta') }] : []), { name: 'robots', content: 'noindex' }];
}

/** the form posted without JavaScript (with it, the form sends itself and this never runs) */
export const action = (args: Route.ActionArgs) => postFindBooking(args);

/** the server's reason, field by field, so a person sees what to correct */
function errorsFrom(error: unknown, t: Translate): FindErrors {
  return error instanceof ApiError ? findErrorsOf(error) : { form: t('patient.find.offline') };
}

/** the booking found: its bill and, once released, its report, side by side */
function Found({ booking }: { booking: FoundBooking }) {
  const t = useT();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby="found-booking" className="mt-6 rounded-2xl border border-brand-200 bg-brand-50 p-6">
      <h2 id="found-booking" ref={heading} tabIndex={-1} className="text-xl font-bold text-brand-900 focus:outline-none">
        {t('patient.find.found', { reference: booking.reference })}
      </h2>
      {booking.report_ready && <p className="mt-2 text-slate-800">{t('patient.find.reportReady')}</p>}
      <p className="mt-4 flex flex-wrap gap-3">
        <Link to={paths.billLink(booking.id)} className={buttonStyle(booking.report_ready ? 'secondary' : 'primary')}>
          {t('patient.find.bill')}
        </Link>
        {booking.report_ready && (
          <Link to={paths.report(booking.id)} className={buttonStyle('primary')}>
            {t('patient.find.report')}
          </Link>
        )}
      </p>
    </section>
  );
}

export default function FindBookingPage({ actionData }: Partial<Pick<Route.ComponentProps, 'actionData'>> = {}) {
  const posted = actionData as FindOutcome | undefined;
  const id = useId();
  const navigate = useNavigate();
  const t = useT();
  const [errors, setErrors] = useState<FindErrors>(posted?.errors ?? {});
  const [found, setFound] = useState<FoundBooking | null>(posted?.found ?? null);
  const [sending, setSending] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setErrors({});
    setFound(null);
    setSending(true);
    try {
      const booking = await findBooking({ reference: String(data.get('reference') ?? ''), contact: String(data.get('contact') ?? '') });
      // No report yet: straight to the bill, as before; with one, both links.
      if (booking.report_ready) setFound(booking);
      else await navigate(paths.billLink(booking.id));
    } catch (error) {
      setErrors(errorsFrom(error, t));
    } finally {
      setSending(false);
    }
  };

  const fieldError = (name: 'reference' | 'contact') =>
    errors[name] ? (
      <p id={`${id}-${name}-error`} className="mt-1 text-sm font-medium text-red-700">
        {errors[name]}
      </p>
    ) : null;

  return (
    <div className="mx-auto max-w-lg px-4 py-10">
      <h1 className="text-3xl font-bold text-brand-900">{t('patient.find.title')}</h1>
      <p className="mt-2 text-slate-700">{t('patient.find.intro')}</p>
      {found && <Found booking={found} />}
      <form method="post" onSubmit={onSubmit} aria-label={t('patient.find.title')} noValidate className="mt-6 space-y-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <div>
          <label htmlFor={`${id}-reference`} className={labelClass}>
            {t('patient.find.reference')}
          </label>
          <input
            id={`${id}-reference`}
            name="reference"
            required
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="LC-7K4M-Q2"
            defaultValue={posted?.values.reference}
            aria-invalid={errors.reference ? true : undefined}
            aria-describedby={errors.reference ? `${id}-reference-error` : undefined}
            className={inputClass}
          />
          {fieldError('reference')}
        </div>
        <div>
          <label htmlFor={`${id}-contact`} className={labelClass}>
            {t('patient.find.contact')}
          </label>
          <input
            id={`${id}-contact`}
            name="contact"
            required
            autoComplete="email"
            defaultValue={posted?.values.contact}
            aria-invalid={errors.contact ? true : undefined}
            aria-describedby={errors.contact ? `${id}-contact-error` : undefined}
            className={inputClass}
          />
          {fieldError('contact')}
        </div>
        <button type="submit" disabled={sending} aria-busy={sending} className={`${buttonStyle('primary')} w-full`}>
          {t('patient.find.title')}
        </button>
        <div role="alert">
          {errors.form || errors.failed ? (
            <p className="rounded-md border-l-4 border-red-700 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">{errors.form ?? t('patient.find.failed')}</p>
          ) : null}
        </div>
      </form>
    </div>
  );
}
