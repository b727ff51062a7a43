// Grievances to the lab's grievance officer (from the lab's details): a form, and each grievance with
// the date its answer is due and, once given, the answer.
import type { DataSummary } from '@lab/contract';
import { useId } from 'react';
import { formatDate, formatDateTime } from '../../../shared/lib/format-date.ts';
import { useLanguage } from '../../../shared/i18n/i18n.tsx';
import { useFileGrievance, useGrievances } from '../api/grievances.ts';
import { RequestForm } from './request-form.tsx';
import { TextField } from './text-field.tsx';
import { useRequestForm } from './use-request-form.ts';

// (its messages: patient.grievance.* in the catalogues)

export function GrievancesPanel({ username, summary }: { username: string; summary: DataSummary | undefined }) {
  const id = useId();
  const list = useGrievances(username);
  const file = useFileGrievance(username);
  const { t, locale } = useLanguage();
  const form = useRequestForm({
    initial: { subject: '', details: '' },
    clear: ['subject', 'details'],
    shown: ['subject', 'details'],
    send: file,
    input: (values) => values,
    failed: t('dashboard.grievance.failed'),
  });

  const contact = summary?.grievance_contact;
  return (
    <div>
      <h3 className="text-lg font-semibold text-slate-900">{t('dashboard.grievance.title')}</h3>
      {contact && (
        <p className="mt-1 text-sm text-slate-700">
          {t('dashboard.grievance.officer', { name: contact.name, days: summary.grievance_due_days })}{' '}
          <a href={`mailto:${contact.email}`} className="font-medium text-brand-700 underline">
            {contact.email}
          </a>{' '}
          {t('dashboard.grievance.officerEnd', { phone: contact.phone })}
        </p>
      )}
      <RequestForm send={t('dashboard.grievance.send')} pending={form.pending} sent={form.sent ? t('dashboard.grievance.sent') : null} error={form.error} onSubmit={form.onSubmit}>
        <TextField id={`${id}-subject`} label={t('dashboard.grievance.subject')} {...form.field('subject')} required maxLength={200} />
        <TextField id={`${id}-details`} label={t('dashboard.grievance.details')} {...form.field('details')} multiline required maxLength={4000} />
      </RequestForm>
      {list.data && list.data.length > 0 && (
        <ul className="mt-4 grid gap-3" aria-label={t('dashboard.grievance.list')}>
          {list.data.map((g) => (
            <li key={g.id} className="rounded-md border border-slate-200 p-3 text-sm">
              <p className="font-semibold break-words text-slate-900">{g.subject}</p>
              <p className="mt-1 break-words whitespace-pre-line text-slate-700">{g.details}</p>
              <p className="mt-1 text-slate-600">
                {t('dashboard.correct.sentOn', { when: formatDateTime(g.received_at, locale) })} ·{' '}
                {g.status === 'open' ? t('dashboard.grievance.due', { date: formatDate(g.due_date, locale) }) : t('dashboard.grievance.answered')}
              </p>
              {g.answer && <p className="mt-2 break-words whitespace-pre-line text-slate-900">{t('dashboard.grievance.answer', { answer: g.answer })}</p>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
