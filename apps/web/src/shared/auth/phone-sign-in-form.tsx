// Sign-in and sign-up with a mobile number and a one-time code (decision 061): the number (and SMS or
// WhatsApp), then the 6-digit code; a number new to the lab is asked its name and the privacy notice's
// consent once, after its code. The server's refusals go under their fields in the page's language
// (shared/lib/form-errors.ts). Signed in, the session is kept like a login's, so the page it sits on
// stays as it was (the booking form keeps its choices); `onSignedIn` is told whether the account is new.
// Shared: the login and registration screens and the booking form use it.
import type { LoginResponse } from '@lab/contract';
import { type FormEvent, type InputHTMLAttributes, memo, useId, useMemo, useRef, useState } from 'react';
import { ApiError } from '../api/client.ts';
import { useT } from '../i18n/i18n.tsx';
import { formErrorsOf, type FormErrors, NO_ERRORS } from '../lib/form-errors.ts';
import { buttonClass, inputClass, labelClass } from '../ui/button-styles.ts';
import { ConsentBoxes, consentGrant, noConsent } from '../ui/consent-boxes.tsx';
import { FieldError, FormErrorBox, useFocusFirstError } from '../ui/form-errors.tsx';
import { useAuth } from './auth-context.tsx';

type Channel = 'sms' | 'whatsapp';

/** a labelled input with its hint and its error below, described by both */
export function Field({ label, error, hint, ...input }: { label: string; error?: string | undefined; hint?: string } & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'>) {
  const id = useId();
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input id={id} className={inputClass} aria-invalid={error ? true : undefined} aria-describedby={described || undefined} {...input} />
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-700">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** what the code's message said (the same for every number), then the 6-digit code, digits only */
export function CodeField({ sent, value, error, onChange }: { sent: string | null; value: string; error: string | undefined; onChange: (digits: string) => void }) {
  const t = useT();
  return (
    <>
      {sent && (
        <p role="status" className="rounded-lg bg-brand-50 p-3 text-sm text-slate-800">
          {sent}
        </p>
      )}
      <Field
        label={t('patient.phone.code')}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={6}
        value={value}
        error={error}
        onChange={(e) => onChange(e.target.value.replace(/\D/g, ''))}
      />
    </>
  );
}

const withoutField = (all: FormErrors, name: string): FormErrors =>
  all.fields[name] ? { ...all, fields: Object.fromEntries(Object.entries(all.fields).filter(([k]) => k !== name)) } : all;

/** memo: the page around it (a long form) re-renders on every keystroke; this form need not */
export const PhoneSignInForm = memo(function PhoneSignInForm({ idPrefix, onSignedIn }: { idPrefix: string; onSignedIn?: (created: boolean) => void }) {
  const t = useT();
  const { adopt } = useAuth();
  const [step, setStep] = useState<'phone' | 'code'>('phone');
  const [phone, setPhone] = useState('');
  const [channel, setChannel] = useState<Channel>('sms');
  const [code, setCode] = useState('');
  const [needName, setNeedName] = useState(false);
  const [names, setNames] = useState({ first_name: '', last_name: '' });
  const [consent, setConsent] = useState(noConsent);
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, errors);
  const labels = useMemo(
    () => ({
      phone: t('patient.phone.mobile'),
      channel: t('patient.phone.channel'),
      code: t('patient.phone.code'),
      first_name: t('patient.phone.firstName'),
      last_name: t('patient.phone.lastName'),
      consent: { name: 'consent', label: t('patient.phone.consent') },
    }),
    [t],
  );

  async function sendCode() {
    setBusy(true);
    setErrors(NO_ERRORS);
    try {
      const { sendSignInCode } = await import('./phone-sign-in.ts');
      const answer = await sendSignInCode(phone, channel);
      setSent(answer.message);
      setCode('');
      setStep('code');
    } catch (e) {
      setErrors(formErrorsOf(e, { fallback: t(e instanceof ApiError ? 'patient.phone.failed' : 'patient.auth.loginError'), fields: labels }));
    } finally {
      setBusy(false);
    }
  }

  async function signIn() {
    if (needName && !consent.service) {
      setErrors({ fields: { consent: t('patient.form.consent') }, form: null });
      return;
    }
    setBusy(true);
    setErrors(NO_ERRORS);
    try {
      const { signInByCode } = await import('./phone-sign-in.ts');
      const body = needName ? { phone, code, first_name: names.first_name, last_name: names.last_name, consent: consentGrant(consent) } : { phone, code };
      const { created, ...user } = await signInByCode(body);
      adopt(user satisfies LoginResponse);
      onSignedIn?.(created);
    } catch (e) {
      const refused = formErrorsOf(e, { fallback: t(e instanceof ApiError ? 'patient.phone.failed' : 'patient.auth.loginError'), fields: labels });
      // The number is new: its name is asked (the server says so at the field), and the same code is sent again.
      if (!needName && refused.fields.first_name) setNeedName(true);
      setErrors(refused);
      setBusy(false);
    }
  }

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    void (step === 'phone' ? sendCode() : signIn());
  }

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="space-y-4" aria-busy={busy}>
      <FormErrorBox message={errors.form} />
      {step === 'phone' ? (
        <>
          <Field
            label={t('patient.phone.mobile')}
            hint={t('patient.phone.mobileHint')}
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            value={phone}
            error={errors.fields.phone}
            onChange={(e) => {
              setPhone(e.target.value);
              setErrors((all) => withoutField(all, 'phone'));
            }}
          />
          <fieldset>
            <legend className={labelClass}>{t('patient.phone.channel')}</legend>
            <div className="flex gap-6">
              {(['sms', 'whatsapp'] as const).map((c) => (
                <label key={c} className="flex min-h-11 items-center gap-2 text-base text-slate-900">
                  <input type="radio" name={`${idPrefix}-channel`} value={c} checked={channel === c} onChange={() => setChannel(c)} className="size-5 accent-brand-700" />
                  {t(c === 'sms' ? 'patient.phone.sms' : 'patient.phone.whatsapp')}
                </label>
              ))}
            </div>
          </fieldset>
          <button type="submit" disabled={busy} className={`${buttonClass.primary} w-full`}>
            {t('patient.phone.send')}
          </button>
        </>
      ) : (
        <>
          <CodeField
            sent={sent}
            value={code}
            error={errors.fields.code}
            onChange={(digits) => {
              setCode(digits);
              setErrors((all) => withoutField(all, 'code'));
            }}
          />
          {needName && (
            <>
              <Field
                label={t('patient.phone.firstName')}
                name="first_name"
                autoComplete="given-name"
                value={names.first_name}
                error={errors.fields.first_name}
                onChange={(e) => {
                  setNames((n) => ({ ...n, first_name: e.target.value }));
                  setErrors((all) => withoutField(all, 'first_name'));
                }}
              />
              <Field
                label={t('patient.phone.lastName')}
                name="last_name"
                autoComplete="family-name"
                value={names.last_name}
                error={errors.fields.last_name}
                onChange={(e) => setNames((n) => ({ ...n, last_name: e.target.value }))}
              />
              <ConsentBoxes
                idPrefix={`${idPrefix}-phone`}
                value={consent}
                onChange={(next) => {
                  setConsent(next);
                  setErrors((all) => withoutField(all, 'consent'));
                }}
                error={errors.fields.consent}
              />
            </>
          )}
          <button type="submit" disabled={busy} className={`${buttonClass.primary} w-full`}>
            {t('patient.phone.submit')}
          </button>
          <div className="flex flex-wrap justify-between gap-2">
            <button type="button" disabled={busy} className={buttonClass.light} onClick={() => void sendCode()}>
              {t('patient.phone.resend')}
            </button>
            <button
              type="button"
              className={buttonClass.light}
              onClick={() => {
                setStep('phone');
                setNeedName(false);
                setErrors(NO_ERRORS);
              }}
            >
              {t('patient.phone.changeNumber')}
            </button>
          </div>
        </>
      )}
    </form>
  );
});
