// The contact form (spec §2, §4, §8): after submitting, one of three messages; success styling when the
// text says "successfully"; focusing any field clears the message; the form resets on success.
import { type FocusEvent, type FormEvent, useId, useRef, useState } from 'react';
import { ApiError } from '../../../shared/api/client.ts';
import { useHydrated } from '../../../shared/lib/use-hydrated.ts';
import { buttonClass, inputClass, labelClass } from '../../../shared/ui/button-styles.ts';
import { StatusMessage } from '../../../shared/ui/status-message.tsx';
import { sendContactMessage } from '../api/send-contact-message.ts';

export const CONTACT_MESSAGES = {
  success: 'Form submitted successfully!',
  failed: 'Something went wrong. Please try again.',
  error: 'Failed to submit the form. Please try again.',
} as const;

export function ContactForm() {
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const hydrated = useHydrated();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const value = (key: string) => String(data.get(key) ?? '');
    setMessage(null);
    setSending(true);
    try {
      await sendContactMessage({ name: value('name'), email: value('email'), phone: value('phone'), message: value('message') });
      setMessage(CONTACT_MESSAGES.success);
      form.current?.reset();
    } catch (error) {
      // An answer with another status is "something went wrong"; no answer at all is a failure to submit.
      setMessage(error instanceof ApiError ? CONTACT_MESSAGES.failed : CONTACT_MESSAGES.error);
    } finally {
      setSending(false);
    }
  };

  // Spec §4: focusing any field clears the message (focus events bubble up to the form).
  const clearOnFieldFocus = (event: FocusEvent<HTMLFormElement>) => {
    if (event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement) setMessage(null);
  };
  const field = (name: string) => `${id}-${name}`;

  return (
    <form
      ref={form}
      onSubmit={onSubmit}
      onFocus={clearOnFieldFocus}
      aria-labelledby={`${id}-title`}
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
    >
      <h2 id={`${id}-title`} className="text-2xl font-bold text-slate-900">
        Send Us a Message
      </h2>
      <div className="mt-6 grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={field('name')} className={labelClass}>
            Name
          </label>
          <input id={field('name')} name="name" type="text" autoComplete="name" maxLength={100} className={inputClass} />
        </div>
        <div>
          <label htmlFor={field('email')} className={labelClass}>
            Email
          </label>
          <input id={field('email')} name="email" type="email" autoComplete="email" maxLength={254} className={inputClass} />
        </div>
        <div className="sm:col-span-2">
          <label htmlFor={field('phone')} className={labelClass}>
            Phone
          </label>
          <input id={field('phone')} name="phone" type="tel" autoComplete="tel" inputMode="tel" maxLength={20} className={inputClass} />
        </div>
        <div className="sm:col-span-2">
          <label htmlFor={field('message')} className={labelClass}>
            Message
          </label>
          <textarea id={field('message')} name="message" rows={5} maxLength={2000} className={inputClass} />
        </div>
      </div>
      <StatusMessage message={message} tone={message?.includes('successfully') ? 'success' : 'error'} className="mt-4" />
      <button type="submit" disabled={!hydrated || sending} className={`${buttonClass.primary} mt-4 w-full sm:w-auto`}>
        {sending ? 'Submitting...' : 'Submit'}
      </button>
    </form>
  );
}
