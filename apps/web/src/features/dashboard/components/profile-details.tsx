// "Your details" on the dashboard: the patient's date of birth (or age), sex, phone and ABHA (printed
// on reports and carried in their FHIR documents, docs/abdm.md), kept on the
// account so every booking is prefilled with them (a booking for oneself keeps what was typed there);
// the lab reads its reference ranges by age and sex. A refusal names each field under it, focus on the
// first (shared/lib/form-errors.ts).
import type { ProfileUpdate } from '@lab/contract';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { profileFields, useProfile, useUpdateProfile } from '../../../shared/api/profile.ts';
import { formErrorsOf, type FormErrors, NO_ERRORS } from '../../../shared/lib/form-errors.ts';
import { type AbhaValue, abhaBody, abhaDraft, abhaErrors, AbhaFields, abhaServerFields } from '../../../shared/ui/abha-fields.tsx';
import { buttonClass } from '../../../shared/ui/button-styles.ts';
import { FormErrorBox, useFocusFirstError } from '../../../shared/ui/form-errors.tsx';
import { PatientFields, type PatientFieldsValue, PhoneField } from '../../../shared/ui/patient-fields.tsx';
import { StatusMessage } from '../../../shared/ui/status-message.tsx';
import { useT } from '../../../shared/i18n/i18n.tsx';

type Draft = PatientFieldsValue & AbhaValue & { phone: string };

/** the form as the API takes it: a date of birth wins over an age; an empty field clears it */
function updateOf(d: Draft): ProfileUpdate {
  const age = d.dateOfBirth ? {} : { age_years: d.ageYears === '' ? null : Number(d.ageYears) };
  return { date_of_birth: d.dateOfBirth || null, ...age, sex: d.sex || null, phone: d.phone.trim() || null, ...abhaBody(d) };
}

export function ProfileDetails({ username, today }: { username: string; today: string }) {
  const id = useId();
  const t = useT();
  const profile = useProfile(username);
  const save = useUpdateProfile(username);
  const [draft, setDraft] = useState<Draft>({ dateOfBirth: '', ageYears: '', sex: '', phone: '', abhaNumber: '', abhaAddress: '' });
  const [saved, setSaved] = useState(false);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstError(form, errors);

  useEffect(() => {
    if (profile.data) {
      setDraft({ ...profileFields(profile.data), phone: profile.data.phone ?? '', ...abhaDraft(profile.data) });
    }
  }, [profile.data]);

  const edit = (patch: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setSaved(false);
    setErrors((e) => ({ form: e.form, fields: Object.fromEntries(Object.entries(e.fields).filter(([k]) => !(k in patch))) }));
  };

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    // The ABHA fields are checked here as at the field; nothing is sent while one is wrong.
    const abha = abhaErrors(draft, t);
    if (Object.keys(abha).length > 0) {
      setErrors({ form: null, fields: abha });
      return;
    }
    setErrors(NO_ERRORS);
    save.mutate(updateOf(draft), {
      onSuccess: () => setSaved(true),
      onError: (error) =>
        setErrors(
          formErrorsOf(error, {
            fallback: t('dashboard.profile.failed'),
            fields: {
              date_of_birth: { name: 'dateOfBirth', label: t('patient.fields.born') },
              age_years: { name: 'ageYears', label: t('patient.fields.age') },
              sex: { name: 'sex', label: t('patient.fields.sex') },
              phone: { name: 'phone', label: t('dashboard.profile.phone') },
              ...abhaServerFields(t),
            },
          }),
        ),
    });
  };

  return (
    <section aria-labelledby={`${id}-heading`} className="mt-8 rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id={`${id}-heading`} className="text-xl font-semibold text-slate-900">
        {t('dashboard.profile.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('dashboard.profile.intro')}</p>
      <form ref={form} onSubmit={onSubmit} noValidate className="mt-4 grid gap-3 sm:grid-cols-4 sm:items-start">
        <PatientFields id={id} value={draft} onChange={edit} today={today} ageOffWithBirthDate errors={errors.fields} />
        <PhoneField id={id} label={t('dashboard.profile.phone')} value={draft.phone} onChange={(phone) => edit({ phone })} error={errors.fields.phone} />
        <AbhaFields id={id} value={draft} onChange={edit} errors={errors.fields} />
        <button type="submit" disabled={save.isPending || profile.isPending} className={`${buttonClass.primary} sm:col-span-4 sm:justify-self-start`}>
          {t(save.isPending ? 'patient.saving' : 'dashboard.profile.save')}
        </button>
      </form>
      <FormErrorBox message={errors.form} className="mt-3" />
      <StatusMessage message={saved ? t('dashboard.profile.saved') : null} tone="success" className="mt-3" />
    </section>
  );
}
