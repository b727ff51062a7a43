// The contact form (docs/product.md#public-pages, #screen-behaviour, #messages): after submitting, one of three messages; success styling for the
// one that says "successfully" (in either language); focusing any field clears the message; the form resets on success.
// With JavaScript the form is sent by script; without it the form posts to the page itself and the page's
// action answers with the outcome. Either way the fields the API refused show their messages under
// themselves, all at once, focus on the first (shared/lib/form-errors.ts), the form filled in again.
import { type FocusEvent, type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { focusFirstError, formErrorsOf } from '../../../shared/lib/form-errors.ts';
import { ApiError } from '../../../shared/api/client.ts';
import { buttonClass, inputClass, labelClass } from '../../../shared/ui/button-styles.ts';
import { StatusMessage } from '../../../shared/ui/status-message.tsx';
import { CONTACT_MESSAGES, type ContactMessage } from '../api/contact-messages.ts';
import type { ContactOutcome } from '../api/contact-outcome.ts';
import { sendContactMessage } from '../api/send-contact-message.ts';
import { useLanguage } from '../../../shared/i18n/i18n.tsx';

export function ContactForm({ posted }: { posted?: ContactOutcome | undefined }) {
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const [message, setMessage] = useState<ContactMessage | null>(posted?.message ?? null);
  const { t, locale } = useLanguage();
  const [fieldErrors, setFieldErrors] = useState(posted?.fieldErrors ?? {});
  const [sending, setSending] = useState(false);
  // the first refused field takes focus once the messages are on screen
  const refusedAt = useRef(0);
  /** true while focus is moved to a refused field: that focus keeps the message (a person's focus clears it) */
  const movingFocus = useRef(false);
  useEffect(() => {
    if (refusedAt.current === 0) return;
    movingFocus.current = true;
    focusFirstError(form.current);
    movingFocus.current = false;
  }, [fieldErrors]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const value = (key: string) => String(data.get(key) ?? '');
    setMessage(null);
    setFieldErrors({});
    setSending(true);
    try {
      await sendContactMessage({ name: value('name'), email: value('email'), phone: value('phone'), message: value('message') }, locale);
      setMessage(CONTACT_MESSAGES.success);
      form.current?.reset();
    } catch (error) {
      // An answer with another status is "something went wrong"; no answer at all is a failure to submit.
      setMessage(error instanceof ApiError ? CONTACT_MESSAGES.failed : CONTACT_MESSAGES.error);
      const refused = formErrorsOf(error, { fallback: '', fields: { name: 'name', email: 'email', phone: 'phone', message: 'message' } });
      if (error instanceof ApiError && error.status === 400 && Object.keys(refused.fields).length > 0) {
        refusedAt.current += 1;
        setFieldErrors(Object.fromEntries(Object.entries(refused.fields).map(([k, v]) => [k, [v]])));
      }
    } finally {
      setSending(false);
    }
  };

  // As docs/product.md#screen-behaviour has it: focusing any field clears the message (focus events bubble up to the form).
  const clearOnFieldFocus = (event: FocusEvent<HTMLFormElement>) => {
    if (movingFocus.current) return;
    if (event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement) setMessage(null);
  };
  const field = (name: string) => `${id}-${name}`;
  /** the input's own props: its id, its value after a refused post, its errors tied to it */
  const fieldProps = (name: keyof ContactOutcome['values']) => ({
    id: field(name),
    name,
    defaultValue: posted?.values[name],
    'aria-invalid': fieldErrors[name] ? true : undefined,
    'aria-describedby': fieldErrors[name] ? `${field(name)}-error` : undefined,
    // Posted without scripts, the page comes back with the first refused field focused.
    autoFocus: posted !== undefined && name === firstRefused ? true : undefined,
  });
  const firstRefused = (['name', 'email', 'phone', 'message'] as const).find((n) => posted?.fieldErrors[n]);
  const errorsOf = (name: string) =>
    fieldErrors[name] ? (
      <p id={`${field(name)}-error`} className="mt-1 text-sm font-medium text-red-800">
        {fieldErrors[name].join(' ')}
      </p>
    ) : null;

  return (
    <form
      ref={form}
      method="post"
      onSubmit={onSubmit}
      onFocus={clearOnFieldFocus}
      aria-labelledby={`${id}-title`}
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
    >
      <h2 id={`${id}-title`} className="text-2xl font-bold text-slate-900">
        {t('contact.form.title')}
      </h2>
      <div className="mt-6 grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={field('name')} className={labelClass}>
            {t('contact.form.name')}
          </label>
          <input {...fieldProps('name')} type="text" autoComplete="name" maxLength={100} className={inputClass} />
          {errorsOf('name')}
        </div>
        <div>
          <label htmlFor={field('email')} className={labelClass}>
            {t('contact.form.email')}
          </label>
          <input {...fieldProps('email')} type="email" autoComplete="email" maxLength={254} className={inputClass} />
          {errorsOf('email')}
        </div>
        <div className="sm:col-span-2">
          <label htmlFor={field('phone')} className={labelClass}>
            {t('contact.form.phone')}
          </label>
          <input {...fieldProps('phone')} type="tel" autoComplete="tel" inputMode="tel" maxLength={20} className={inputClass} />
          {errorsOf('phone')}
        </div>
        <div className="sm:col-span-2">
          <label htmlFor={field('message')} className={labelClass}>
            {t('contact.form.message')}
          </label>
          <textarea {...fieldProps('message')} rows={5} maxLength={2000} className={inputClass} />
          {errorsOf('message')}
        </div>
      </div>
      {errorsOf('non_field_errors')}
      <StatusMessage message={message && t(message)} tone={message === CONTACT_MESSAGES.success ? 'success' : 'error'} className="mt-4" />
      <button type="submit" disabled={sending} className={`${buttonClass.primary} mt-4 w-full sm:w-auto`}>
        {sending ? t('contact.form.submitting') : t('contact.form.submit')}
      </button>
    </form>
  );
}
