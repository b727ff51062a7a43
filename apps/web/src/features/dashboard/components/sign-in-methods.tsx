// "Ways to sign in" on the dashboard (decision 069): the mobile number that signs the account in by code
// (proven here with a code sent to it: how an account made with a password before the mobile sign-in
// joins its number), and a password or an e-mail for an account made by code. Each form's refusals go
// under their fields in the page's language (shared/lib/form-errors.ts).
import { type FormEvent, useId, useRef, useState } from 'react';
import { useProfile } from '../../../shared/api/profile.ts';
import { CodeField, Field } from '../../../shared/auth/phone-sign-in-form.tsx';
import { sendSignInCode } from '../../../shared/auth/phone-sign-in.ts';
import { useT } from '../../../shared/i18n/i18n.tsx';
import { formErrorsOf, type FormErrors, NO_ERRORS } from '../../../shared/lib/form-errors.ts';
import { buttonClass } from '../../../shared/ui/button-styles.ts';
import { FormErrorBox, useFocusFirstError } from '../../../shared/ui/form-errors.tsx';
import { StatusMessage } from '../../../shared/ui/status-message.tsx';
import { useAddCredentials, useProveMobile } from '../api/sign-in-methods.ts';

/** +91 and the ten digits as people read them: +91 98290 12345 */
const readable = (e164: string) => (/^\+91\d{10}$/.test(e164) ? `+91 ${e164.slice(3, 8)} ${e164.slice(8)}` : e164);

function useFormErrors() {
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstError(form, errors);
  return { errors, setErrors, form };
}

function MobileProof({ username, proven }: { username: string; proven: string | null }) {
  const t = useT();
  const prove = useProveMobile(username);
  const [open, setOpen] = useState(false);
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const { errors, setErrors, form } = useFormErrors();
  const fields = { phone: t('patient.phone.mobile'), code: t('patient.phone.code') };

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setErrors(NO_ERRORS);
    setBusy(true);
    try {
      if (sent === null) {
        setSent((await sendSignInCode(phone, 'sms')).message);
      } else {
        await prove.mutateAsync({ phone, code });
        setDone(true);
        setOpen(false);
        setSent(null);
        setCode('');
      }
    } catch (error) {
      setErrors(formErrorsOf(error, { fallback: t('dashboard.signIn.mobileFailed'), fields }));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div>
      <h3 className="font-semibold text-slate-900">{t('patient.phone.mobile')}</h3>
      <p className="mt-1 text-sm text-slate-700" data-testid="proven-mobile">
        {proven ? t('dashboard.signIn.mobileProven', { phone: readable(proven) }) : t('dashboard.signIn.mobileNone')}
      </p>
      <StatusMessage message={done ? t('dashboard.signIn.mobileSaved') : null} tone="success" className="mt-2" />
      {open ? (
        <form ref={form} onSubmit={(e) => void onSubmit(e)} noValidate className="mt-3 space-y-3" aria-busy={busy}>
          <FormErrorBox message={errors.form} />
          {sent === null ? (
            <Field label={t('patient.phone.mobile')} hint={t('patient.phone.mobileHint')} name="phone" type="tel" inputMode="tel" autoComplete="tel" value={phone} error={errors.fields.phone} onChange={(e) => setPhone(e.target.value)} />
          ) : (
            <CodeField sent={sent} value={code} error={errors.fields.code ?? errors.fields.phone} onChange={setCode} />
          )}
          <button type="submit" disabled={busy} className={`${buttonClass.primary} w-full sm:w-auto`}>
            {sent === null ? t('patient.phone.send') : t('dashboard.signIn.mobileProve')}
          </button>
        </form>
      ) : (
        <button
          type="button"
          className={`${buttonClass.light} mt-2`}
          onClick={() => {
            setOpen(true);
            setDone(false);
          }}
        >
          {proven ? t('dashboard.signIn.mobileChange') : t('dashboard.signIn.mobileAdd')}
        </button>
      )}
    </div>
  );
}

type Credential = 'password' | 'email';

/** the form of a password or an e-mail the account lacks; once saved the profile has it and the form goes (`onSaved` says so above) */
function CredentialForm({ username, kind, onSaved }: { username: string; kind: Credential; onSaved: (kind: Credential) => void }) {
  const t = useT();
  const add = useAddCredentials(username);
  const [value, setValue] = useState('');
  const { errors, setErrors, form } = useFormErrors();
  const label = t(kind === 'password' ? 'dashboard.signIn.password' : 'dashboard.signIn.email');

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setErrors(NO_ERRORS);
    add.mutate(kind === 'password' ? { password: value } : { email: value.trim() }, {
      onSuccess: () => {
        setValue('');
        onSaved(kind);
      },
      onError: (error) => setErrors(formErrorsOf(error, { fallback: t('dashboard.signIn.saveFailed'), fields: { [kind]: label } })),
    });
  }

  return (
    <form ref={form} onSubmit={onSubmit} noValidate className="space-y-3" aria-busy={add.isPending}>
      <FormErrorBox message={errors.form} />
      <Field
        label={label}
        hint={t(kind === 'password' ? 'dashboard.signIn.passwordHint' : 'dashboard.signIn.emailHint')}
        name={kind}
        type={kind}
        autoComplete={kind === 'password' ? 'new-password' : 'email'}
        value={value}
        error={errors.fields[kind]}
        onChange={(e) => setValue(e.target.value)}
      />
      <button type="submit" disabled={add.isPending} className={`${buttonClass.primary} w-full sm:w-auto`}>
        {t(kind === 'password' ? 'dashboard.signIn.passwordAdd' : 'dashboard.signIn.emailAdd')}
      </button>
    </form>
  );
}

export function SignInMethods({ username }: { username: string }) {
  const id = useId();
  const t = useT();
  const profile = useProfile(username);
  const [saved, setSaved] = useState<Credential | null>(null);
  if (!profile.data) return null;
  const { has_password: hasPassword, proven_mobile: proven, email } = profile.data;
  return (
    <section aria-labelledby={`${id}-heading`} className="mt-8 space-y-6 rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
      <div>
        <h2 id={`${id}-heading`} className="text-xl font-semibold text-slate-900">
          {t('dashboard.signIn.title')}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t('dashboard.signIn.intro')}</p>
      </div>
      <MobileProof username={username} proven={proven ?? null} />
      <StatusMessage message={saved ? t(saved === 'password' ? 'dashboard.signIn.passwordSaved' : 'dashboard.signIn.emailSaved') : null} tone="success" />
      {hasPassword === false && <CredentialForm username={username} kind="password" onSaved={setSaved} />}
      {email === '' && <CredentialForm username={username} kind="email" onSaved={setSaved} />}
    </section>
  );
}
