// "Your details" on the dashboard: the patient's date of birth (or age) and sex, kept on the account
// so every booking is prefilled with them; the lab reads its reference ranges by age and sex.
import type { ProfileUpdate } from '@lab/contract';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { ApiError } from '../../../shared/api/client.ts';
import { profileFields, useProfile, useUpdateProfile } from '../../../shared/api/profile.ts';
import { buttonClass } from '../../../shared/ui/button-styles.ts';
import { PatientFields, type PatientFieldsValue } from '../../../shared/ui/patient-fields.tsx';
import { StatusMessage } from '../../../shared/ui/status-message.tsx';
import { type Translate, useT } from '../../../shared/i18n/i18n.tsx';

type Draft = PatientFieldsValue;

/** the form as the API takes it: a date of birth wins over an age; an empty field clears it */
function updateOf(d: Draft): ProfileUpdate {
  const age = d.dateOfBirth ? {} : { age_years: d.ageYears === '' ? null : Number(d.ageYears) };
  return { date_of_birth: d.dateOfBirth || null, ...age, sex: d.sex || null };
}

/** the first message of the API's field errors, for the screen */
function failureText(error: unknown, t: Translate): string {
  if (error instanceof ApiError && typeof error.body === 'object' && error.body !== null) {
    const first = Object.values(error.body as Record<string, unknown>).flat()[0];
    if (typeof first === 'string') return first;
  }
  return t('dashboard.profile.failed');
}

export function ProfileDetails({ username, today }: { username: string; today: string }) {
  const id = useId();
  const t = useT();
  const profile = useProfile(username);
  const save = useUpdateProfile(username);
  const [draft, setDraft] = useState<Draft>({ dateOfBirth: '', ageYears: '', sex: '' });
  const [message, setMessage] = useState<{ text: string; tone: 'success' | 'error' } | null>(null);

  useEffect(() => {
    if (profile.data) setDraft(profileFields(profile.data));
  }, [profile.data]);

  const edit = (patch: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setMessage(null);
  };

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    save.mutate(updateOf(draft), {
      onSuccess: () => setMessage({ text: t('dashboard.profile.saved'), tone: 'success' }),
      onError: (error) => setMessage({ text: failureText(error, t), tone: 'error' }),
    });
  };

  return (
    <section aria-labelledby={`${id}-heading`} className="mt-8 rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id={`${id}-heading`} className="text-xl font-semibold text-slate-900">
        {t('dashboard.profile.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('dashboard.profile.intro')}</p>
      <form onSubmit={onSubmit} className="mt-4 grid gap-3 sm:grid-cols-4 sm:items-end">
        <PatientFields id={id} value={draft} onChange={edit} today={today} ageOffWithBirthDate />
        <button type="submit" disabled={save.isPending || profile.isPending} className={buttonClass.primary}>
          {t(save.isPending ? 'patient.saving' : 'dashboard.profile.save')}
        </button>
      </form>
      <StatusMessage message={message?.text} tone={message?.tone ?? 'success'} className="mt-3" />
    </section>
  );
}
