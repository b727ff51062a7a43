// The nominee: a person who may use the patient's rights on their death or incapacity. They do so by
// writing to the grievance officer, who checks who they are against what is kept here.
import { type FormEvent, useEffect, useId, useState } from 'react';
import { buttonClass, buttonStyle } from '../../../shared/ui/button-styles.ts';
import { StatusMessage } from '../../../shared/ui/status-message.tsx';
import { useT } from '../../../shared/i18n/i18n.tsx';
import { useNominee, useSaveNominee } from '../api/nominee.ts';
import { type FormErrors, formErrorsOf, NO_ERRORS } from './form-errors.ts';
import { TextField } from './text-field.tsx';

// (its messages: patient.nominee.* in the catalogues)

const empty = { name: '', relation: '', phone: '', email: '' };

export function NomineeForm({ username }: { username: string }) {
  const id = useId();
  const nominee = useNominee(username);
  const save = useSaveNominee(username);
  const [draft, setDraft] = useState(empty);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [done, setDone] = useState<string | null>(null);
  const t = useT();

  useEffect(() => {
    const n = nominee.data?.nominee;
    setDraft(n ? { name: n.name, relation: n.relation, phone: n.phone, email: n.email } : empty);
  }, [nominee.data]);

  const edit = (field: keyof typeof empty) => (value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setDone(null);
  };

  const run = (input: Parameters<typeof save.mutate>[0], message: string) =>
    save.mutate(input, {
      onSuccess: () => {
        setErrors(NO_ERRORS);
        setDone(message);
      },
      onError: (error) => {
        setDone(null);
        setErrors(formErrorsOf(error, t('dashboard.nominee.failed'), ['name', 'relation', 'phone', 'email']));
      },
    });

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    run({ name: draft.name, relation: draft.relation, ...(draft.phone.trim() ? { phone: draft.phone } : {}), ...(draft.email.trim() ? { email: draft.email } : {}) }, t('dashboard.nominee.saved'));
  };

  const hasNominee = Boolean(nominee.data?.nominee);
  return (
    <div>
      <h3 className="text-lg font-semibold text-slate-900">{t('dashboard.nominee.title')}</h3>
      <p className="mt-1 text-sm text-slate-600">{t('dashboard.nominee.intro')}</p>
      <form onSubmit={onSubmit} className="mt-3 grid gap-3 sm:grid-cols-2" noValidate>
        <TextField id={`${id}-name`} label={t('dashboard.nominee.name')} value={draft.name} onChange={edit('name')} error={errors.fields.name} required maxLength={120} autoComplete="off" />
        <TextField id={`${id}-relation`} label={t('dashboard.nominee.relation')} value={draft.relation} onChange={edit('relation')} error={errors.fields.relation} required maxLength={60} />
        <TextField
          id={`${id}-phone`}
          label={t('dashboard.nominee.phone')}
          type="tel"
          value={draft.phone}
          onChange={edit('phone')}
          error={errors.fields.phone}
          hint={t('dashboard.nominee.phoneHint')}
          maxLength={20}
          autoComplete="off"
        />
        <TextField id={`${id}-email`} label={t('dashboard.nominee.email')} type="email" value={draft.email} onChange={edit('email')} error={errors.fields.email} maxLength={254} autoComplete="off" />
        <div className="flex flex-wrap gap-3 sm:col-span-2">
          <button type="submit" disabled={save.isPending || nominee.isPending} className={buttonClass.primary}>
            {t(save.isPending ? 'patient.saving' : 'dashboard.nominee.save')}
          </button>
          {hasNominee && (
            <button type="button" disabled={save.isPending} onClick={() => run(null, t('dashboard.nominee.removed'))} className={buttonStyle('danger')}>
              {t('dashboard.nominee.remove')}
            </button>
          )}
        </div>
      </form>
      <StatusMessage message={done ?? errors.form} tone={done ? 'success' : 'error'} className="mt-3" />
    </div>
  );
}
