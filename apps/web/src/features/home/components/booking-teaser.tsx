// The booking teaser of the home page: name, e-mail and phone (all required) carried to /Appointment
// for prefilling, in navigation state and in sessionStorage (shared/lib/booking-teaser.ts).
import { type FormEvent, useId } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@lab/contract';
import { type BookingTeaser, saveBookingTeaser } from '../../../shared/lib/booking-teaser.ts';
import { useHydrated } from '../../../shared/lib/use-hydrated.ts';
import { buttonClass, inputClass, labelClass } from '../../../shared/ui/button-styles.ts';
import { useT } from '../../../shared/i18n/i18n.tsx';

export function BookingTeaserForm() {
  const navigate = useNavigate();
  const id = useId();
  const hydrated = useHydrated();
  const t = useT();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const teaser: BookingTeaser = {
      name: String(form.get('name') ?? '').trim(),
      email: String(form.get('email') ?? '').trim(),
      number: String(form.get('number') ?? '').trim(),
    };
    saveBookingTeaser(teaser);
    navigate(paths.appointment, { state: { teaser } });
  };

  return (
    <form onSubmit={onSubmit} aria-labelledby={`${id}-title`} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-lg sm:p-8">
      <h2 id={`${id}-title`} className="text-2xl font-bold text-slate-900">
        {t('home.teaser.title')}
      </h2>
      <p className="mt-1 text-slate-700">{t('home.teaser.text')}</p>
      <div className="mt-6 grid gap-4 md:grid-cols-3">
        <div>
          <label htmlFor={`${id}-name`} className={labelClass}>
            {t('home.teaser.name')}
          </label>
          <input id={`${id}-name`} name="name" type="text" required autoComplete="name" maxLength={100} className={inputClass} />
        </div>
        <div>
          <label htmlFor={`${id}-email`} className={labelClass}>
            {t('home.teaser.email')}
          </label>
          <input id={`${id}-email`} name="email" type="email" required autoComplete="email" maxLength={254} className={inputClass} />
        </div>
        <div>
          <label htmlFor={`${id}-number`} className={labelClass}>
            {t('home.teaser.phone')}
          </label>
          <input
            id={`${id}-number`}
            name="number"
            type="tel"
            required
            autoComplete="tel"
            inputMode="tel"
            maxLength={20}
            className={inputClass}
          />
        </div>
      </div>
      <button type="submit" disabled={!hydrated} className={`${buttonClass.primary} mt-6 w-full md:w-auto`}>
        {t('home.teaser.submit')}
      </button>
    </form>
  );
}
