// "Family members" on the dashboard (docs/families-and-doctors.md): the people the holder books for, added,
// edited and removed (one with bookings is archived by the server). Adding an adult asks the holder to
// confirm the member agreed to the privacy notice; a minor's, the holder's relation as their guardian. A
// member's ABHA number and address are checked at the field (shared/ui/abha-fields.tsx). A
// refusal names each field under it, focus on the first (shared/lib/form-errors.ts).
import { ADULT_AGE, GUARDIAN_RELATIONS, type GuardianRelation, type Member, type MemberCreate, MEMBER_RELATIONS, type MemberRelation, paths, privacyNotice } from '@lab/contract';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useInviteMember, useMembers, useRemoveMember, useSaveMember } from '../../../shared/api/members.ts';
import { useLanguage, useT } from '../../../shared/i18n/i18n.tsx';
import { formatDateTime } from '../../../shared/lib/format-date.ts';
import { formErrorsOf, type FormErrors, NO_ERRORS } from '../../../shared/lib/form-errors.ts';
import { type AbhaValue, abhaBody, abhaDraft, abhaErrors, AbhaFields, abhaServerFields, NO_ABHA } from '../../../shared/ui/abha-fields.tsx';
import { buttonClass, inputClass, labelClass } from '../../../shared/ui/button-styles.ts';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog.tsx';
import { FieldError, FormErrorBox, useFocusFirstError } from '../../../shared/ui/form-errors.tsx';
import { PatientFields, type PatientFieldsValue, PhoneField } from '../../../shared/ui/patient-fields.tsx';
import { StatusMessage } from '../../../shared/ui/status-message.tsx';

interface Draft extends PatientFieldsValue, AbhaValue {
  name: string;
  relation: MemberRelation;
  phone: string;
  agreed: boolean;
  guardian: '' | GuardianRelation;
}
const EMPTY: Draft = { name: '', relation: 'parent', dateOfBirth: '', ageYears: '', sex: '', phone: '', agreed: false, guardian: '', ...NO_ABHA };

/** whole years between a date of birth and today (both YYYY-MM-DD) */
function yearsSince(born: string, today: string): number {
  const [by, bm, bd] = born.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

/** the form's age, for which consent to ask; null until a date of birth or an age is typed */
function draftAge(d: Draft, today: string): number | null {
  if (d.dateOfBirth) return yearsSince(d.dateOfBirth, today);
  return d.ageYears === '' ? null : Number(d.ageYears);
}

function bodyOf(d: Draft, adult: boolean): MemberCreate {
  return {
    name: d.name.trim(),
    relation: d.relation,
    date_of_birth: d.dateOfBirth || null,
    ...(d.dateOfBirth ? {} : { age_years: d.ageYears === '' ? null : Number(d.ageYears) }),
    sex: d.sex || null,
    phone: d.phone.trim() || null,
    ...abhaBody(d),
    consent: adult ? { notice_version: privacyNotice.version, member_agreed: d.agreed } : { notice_version: privacyNotice.version, ...(d.guardian ? { guardian_relation: d.guardian } : {}) },
  };
}

const draftOf = (m: Member): Draft => ({
  name: m.name,
  relation: m.relation,
  dateOfBirth: m.date_of_birth ?? '',
  ageYears: m.date_of_birth || m.age_years === null ? '' : String(m.age_years),
  sex: m.sex ?? '',
  phone: m.phone ?? '',
  agreed: false,
  guardian: '',
  ...abhaDraft(m),
});

export function FamilyMembers({ username, today }: { username: string; today: string }) {
  const id = useId();
  const t = useT();
  const members = useMembers(username);
  const save = useSaveMember(username);
  const remove = useRemoveMember(username);
  /** null: no form open; 'new': adding; a number: editing that member */
  const [editing, setEditing] = useState<'new' | number | null>(null);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [status, setStatus] = useState<{ text: string; tone: 'success' | 'error' } | null>(null);
  const [removing, setRemoving] = useState<Member | null>(null);
  const [invited, setInvited] = useState<Invited | null>(null);
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstError(form, errors);

  const age = draftAge(draft, today);
  const adult = age !== null && age >= ADULT_AGE;
  const current = typeof editing === 'number' ? members.data?.find((m) => m.id === editing) : undefined;
  // an edit asks for consent only when whose data it is changes (or none is in force)
  const needsConsent = editing === 'new' || !current?.consent || (current.consent.by === 'member') !== adult;

  const edit = (patch: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setErrors((e) => ({ form: e.form, fields: Object.fromEntries(Object.entries(e.fields).filter(([k]) => !(k in patch))) }));
  };

  const open = (which: 'new' | Member) => {
    setStatus(null);
    setErrors(NO_ERRORS);
    setEditing(which === 'new' ? 'new' : which.id);
    setDraft(which === 'new' ? EMPTY : draftOf(which));
  };

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (editing === null) return;
    // The ABHA fields are checked here as at the field; nothing is sent while one is wrong.
    const abha = abhaErrors(draft, t);
    if (Object.keys(abha).length > 0) {
      setErrors({ form: null, fields: abha });
      return;
    }
    setErrors(NO_ERRORS);
    const { consent, ...fields } = bodyOf(draft, adult);
    save.mutate(
      { id: editing === 'new' ? null : editing, body: editing === 'new' || needsConsent ? { ...fields, consent } : fields },
      {
        onSuccess: () => {
          setEditing(null);
          setStatus({ text: t('dashboard.family.saved'), tone: 'success' });
        },
        onError: (error) =>
          setErrors(
            formErrorsOf(error, {
              fallback: t('dashboard.family.failed'),
              fields: {
                name: { name: 'name', label: t('dashboard.family.name') },
                relation: { name: 'relation', label: t('dashboard.family.relation') },
                date_of_birth: { name: 'dateOfBirth', label: t('patient.fields.born') },
                age_years: { name: 'ageYears', label: t('patient.fields.age') },
                sex: { name: 'sex', label: t('patient.fields.sex') },
                phone: { name: 'phone', label: t('dashboard.family.phone') },
                ...abhaServerFields(t),
                'consent.member_agreed': { name: 'agreed', label: t('dashboard.family.agreed', { version: privacyNotice.version }) },
                'consent.guardian_relation': { name: 'guardian', label: t('dashboard.family.guardianAs') },
              },
            }),
          ),
      },
    );
  };

  const confirmRemove = () => {
    const who = removing;
    setRemoving(null);
    if (!who) return;
    remove.mutate(who.id, {
      onSuccess: (answer) => setStatus({ text: answer.message, tone: 'success' }),
      onError: () => setStatus({ text: t('dashboard.family.removeFailed'), tone: 'error' }),
    });
  };

  const list = members.data ?? [];
  return (
    <section aria-labelledby={`${id}-heading`} className="mt-8 rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id={`${id}-heading`} className="text-xl font-semibold text-slate-900">
        {t('dashboard.family.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('dashboard.family.intro')}</p>
      {list.length === 0 && members.isSuccess ? <p className="mt-3 text-sm text-slate-600">{t('dashboard.family.none')}</p> : null}
      <ul className="mt-3 divide-y divide-slate-200">
        {list.map((m) => (
          <li key={m.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <div>
              <p className="font-medium text-slate-900">
                {m.name} <span className="text-sm font-normal text-slate-600">· {t(`dashboard.family.relation.${m.relation}`)}</span>
                {m.age_years !== null ? <span className="text-sm font-normal text-slate-600"> · {t('dashboard.family.years', { age: m.age_years })}</span> : null}
                {m.archived ? <span className="ml-2 rounded bg-slate-100 px-2 py-0.5 text-xs text-slate-700">{t('dashboard.family.archived')}</span> : null}
              </p>
              {m.consent ? (
                <p className="text-xs text-slate-600">{t(m.consent.by === 'member' ? 'dashboard.family.byMember' : 'dashboard.family.byGuardian', { version: m.consent.notice_version })}</p>
              ) : null}
            </div>
            {m.archived ? null : (
              <div className="flex gap-2">
                <button type="button" className={buttonClass.secondary} onClick={() => open(m)} aria-label={t('dashboard.family.edit', { name: m.name })}>
                  {t('dashboard.family.editShort')}
                </button>
                <button type="button" className={buttonClass.secondary} onClick={() => setRemoving(m)} aria-label={t('dashboard.family.remove', { name: m.name })}>
                  {t('dashboard.family.confirm')}
                </button>
                {/* an adult with a phone who agreed themselves may take their records over (the server checks it again) */}
                {m.adult && m.phone && m.consent?.by === 'member' ? <InviteButton member={m} onInvite={setInvited} /> : null}
              </div>
            )}
          </li>
        ))}
      </ul>
      {invited ? <InviteLink invited={invited} /> : null}
      {editing === null ? (
        <button type="button" className={`${buttonClass.primary} mt-3`} onClick={() => open('new')}>
          {t('dashboard.family.add')}
        </button>
      ) : (
        <form ref={form} onSubmit={onSubmit} noValidate aria-label={t('dashboard.family.add')} className="mt-4 grid gap-3 sm:grid-cols-4 sm:items-start">
          <div className="sm:col-span-2">
            <label htmlFor={`${id}-name`} className={labelClass}>
              {t('dashboard.family.name')}
            </label>
            <input id={`${id}-name`} value={draft.name} maxLength={100} onChange={(e) => edit({ name: e.target.value })} className={inputClass} aria-invalid={errors.fields.name ? true : undefined} aria-describedby={errors.fields.name ? `${id}-name-error` : undefined} />
            <FieldError id={`${id}-name-error`} message={errors.fields.name} />
          </div>
          <div className="sm:col-span-2">
            <label htmlFor={`${id}-relation`} className={labelClass}>
              {t('dashboard.family.relation')}
            </label>
            <select id={`${id}-relation`} value={draft.relation} onChange={(e) => edit({ relation: e.target.value as MemberRelation })} className={inputClass}>
              {MEMBER_RELATIONS.map((r) => (
                <option key={r} value={r}>
                  {t(`dashboard.family.relation.${r}`)}
                </option>
              ))}
            </select>
            <FieldError id={`${id}-relation-error`} message={errors.fields.relation} />
          </div>
          <PatientFields id={id} value={draft} onChange={edit} today={today} ageOffWithBirthDate errors={errors.fields} />
          <PhoneField id={id} label={t('dashboard.family.phone')} value={draft.phone} onChange={(phone) => edit({ phone })} error={errors.fields.phone} />
          <AbhaFields id={id} value={draft} onChange={edit} errors={errors.fields} className="sm:col-span-2" />
          {needsConsent && age !== null && adult ? (
            <div className="sm:col-span-4">
              <label className="flex items-start gap-2 text-sm text-slate-800">
                <input type="checkbox" checked={draft.agreed} onChange={(e) => edit({ agreed: e.target.checked })} className="mt-1" aria-invalid={errors.fields.agreed ? true : undefined} aria-describedby={errors.fields.agreed ? `${id}-agreed-error` : undefined} />
                <span>
                  {t('dashboard.family.agreed', { version: privacyNotice.version })}{' '}
                  <Link to={paths.privacy} className="underline">
                    {t('dashboard.family.readNotice')}
                  </Link>
                </span>
              </label>
              <FieldError id={`${id}-agreed-error`} message={errors.fields.agreed} />
            </div>
          ) : null}
          {needsConsent && age !== null && !adult ? (
            <div className="sm:col-span-4">
              <label htmlFor={`${id}-guardian`} className={labelClass}>
                {t('dashboard.family.guardianAs')}
              </label>
              <select id={`${id}-guardian`} value={draft.guardian} onChange={(e) => edit({ guardian: e.target.value as Draft['guardian'] })} className={inputClass} aria-invalid={errors.fields.guardian ? true : undefined} aria-describedby={errors.fields.guardian ? `${id}-guardian-error` : undefined}>
                <option value="">{t('dashboard.family.chooseGuardian')}</option>
                {GUARDIAN_RELATIONS.map((g) => (
                  <option key={g} value={g}>
                    {t(`dashboard.family.guardian.${g}`)}
                  </option>
                ))}
              </select>
              <FieldError id={`${id}-guardian-error`} message={errors.fields.guardian} />
            </div>
          ) : null}
          <div className="flex gap-2 sm:col-span-4">
            <button type="submit" disabled={save.isPending} className={buttonClass.primary}>
              {t(save.isPending ? 'patient.saving' : 'dashboard.family.save')}
            </button>
            <button type="button" className={buttonClass.secondary} onClick={() => setEditing(null)}>
              {t('dashboard.family.cancel')}
            </button>
          </div>
        </form>
      )}
      <FormErrorBox message={errors.form} className="mt-3" />
      <StatusMessage message={status?.text ?? null} tone={status?.tone ?? 'success'} className="mt-3" />
      <ConfirmDialog
        open={removing !== null}
        title={t('dashboard.family.confirmTitle', { name: removing?.name ?? '' })}
        body={t('dashboard.family.confirmBody')}
        confirmLabel={t('dashboard.family.confirm')}
        cancelLabel={t('dashboard.family.cancel')}
        onConfirm={confirmRemove}
        onClose={() => setRemoving(null)}
      />
    </section>
  );
}

interface Invited {
  name: string;
  link: string;
  expiresAt: string;
}

/** asks the server for a member's one-time invitation link */
function InviteButton({ member, onInvite }: { member: Member; onInvite(invited: Invited | null): void }) {
  const t = useT();
  const invite = useInviteMember();
  const [failed, setFailed] = useState(false);
  return (
    <>
      <button
        type="button"
        className={buttonClass.secondary}
        disabled={invite.isPending}
        aria-label={t('dashboard.family.invite', { name: member.name })}
        onClick={() => {
          setFailed(false);
          invite.mutate(member.id, {
            onSuccess: (answer) => onInvite({ name: member.name, link: answer.link, expiresAt: answer.expires_at }),
            onError: () => {
              setFailed(true);
              onInvite(null);
            },
          });
        }}
      >
        {t('dashboard.family.inviteShort')}
      </button>
      {failed ? <p className="w-full text-sm text-red-700">{t('dashboard.family.inviteFailed')}</p> : null}
    </>
  );
}

/** the invitation's link to pass on: copied, or sent on WhatsApp from the holder's phone */
function InviteLink({ invited }: { invited: Invited }) {
  const { t, locale } = useLanguage();
  const id = useId();
  const [copied, setCopied] = useState(false);
  return (
    <div className="mt-3 rounded-md border border-brand-200 bg-brand-50 p-3 text-sm">
      <p className="text-slate-800">{t('dashboard.family.inviteLink', { name: invited.name, until: formatDateTime(invited.expiresAt, locale) })}</p>
      <label htmlFor={`${id}-link`} className="sr-only">
        {t('dashboard.family.inviteLinkLabel', { name: invited.name })}
      </label>
      <input id={`${id}-link`} readOnly value={invited.link} onFocus={(e) => e.target.select()} className={`${inputClass} mt-2`} />
      <div className="mt-2 flex flex-wrap gap-2">
        <button type="button" className={buttonClass.secondary} onClick={() => void navigator.clipboard?.writeText(invited.link).then(() => setCopied(true))}>
          {t('dashboard.family.copy')}
        </button>
        <a className={buttonClass.secondary} href={`https://wa.me/?text=${encodeURIComponent(invited.link)}`} target="_blank" rel="noreferrer">
          {t('dashboard.family.shareWhatsApp')}
        </a>
      </div>
      <StatusMessage message={copied ? t('dashboard.family.copied') : null} tone="success" />
    </div>
  );
}
