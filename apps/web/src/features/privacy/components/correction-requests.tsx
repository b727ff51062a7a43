// Correction: profile fields are edited in "Your details"; anything else (a name on a bill, a detail
// on a report) is a request the lab's staff handle. The patient files one and sees where each stands.
import { CORRECTION_TOPICS, type CorrectionRequest } from '@lab/contract';
import { useId } from 'react';
import { formatDateTime } from '../../../shared/lib/format-date.ts';
import { useLanguage } from '../../../shared/i18n/i18n.tsx';
import type { MessageId } from '../../../shared/i18n/message-id.ts';
import { inputClass, labelClass } from '../../../shared/ui/button-styles.ts';
import { useCorrections, useFileCorrection } from '../api/corrections.ts';
import { RequestForm } from './request-form.tsx';
import { TextField } from './text-field.tsx';
import { useRequestForm } from './use-request-form.ts';

type Topic = (typeof CORRECTION_TOPICS)[number];

const TOPIC_NAMES: Record<Topic, MessageId> = {
  appointment: 'dashboard.correct.topic.appointment',
  bill: 'dashboard.correct.topic.bill',
  report: 'dashboard.correct.topic.report',
  other: 'dashboard.correct.topic.other',
};
const STATUS_NAMES: Record<CorrectionRequest['status'], MessageId> = {
  open: 'dashboard.correct.status.open',
  corrected: 'dashboard.correct.status.corrected',
  declined: 'dashboard.correct.status.declined',
};

export function CorrectionRequests({ username }: { username: string }) {
  const id = useId();
  const list = useCorrections(username);
  const file = useFileCorrection(username);
  const { t, locale } = useLanguage();
  const form = useRequestForm({
    initial: { concerns: 'appointment' as Topic, reference: '', details: '' },
    clear: ['reference', 'details'],
    shown: ['reference', 'details'],
    send: file,
    input: ({ concerns, reference, details }) => ({ concerns, details, ...(reference.trim() ? { reference } : {}) }),
    failed: t('dashboard.correct.failed'),
  });
  const concerns = form.field('concerns');

  return (
    <div>
      <h3 className="text-lg font-semibold text-slate-900">{t('dashboard.correct.title')}</h3>
      <p className="mt-1 text-sm text-slate-600">{t('dashboard.correct.intro')}</p>
      <RequestForm send={t('dashboard.correct.send')} pending={form.pending} sent={form.sent ? t('dashboard.correct.sent') : null} error={form.error} onSubmit={form.onSubmit}>
        <div>
          <label htmlFor={`${id}-concerns`} className={labelClass}>
            {t('dashboard.correct.about')}
          </label>
          <select id={`${id}-concerns`} value={concerns.value} onChange={(e) => concerns.onChange(e.target.value as Topic)} className={inputClass}>
            {CORRECTION_TOPICS.map((topic) => (
              <option key={topic} value={topic}>
                {t(TOPIC_NAMES[topic])}
              </option>
            ))}
          </select>
        </div>
        <TextField id={`${id}-reference`} label={t('dashboard.correct.reference')} {...form.field('reference')} maxLength={40} />
        <TextField id={`${id}-details`} label={t('dashboard.correct.details')} {...form.field('details')} multiline required maxLength={2000} />
      </RequestForm>
      {list.data && list.data.length > 0 && (
        <ul className="mt-4 grid gap-3" aria-label={t('dashboard.correct.list')}>
          {list.data.map((r) => (
            <li key={r.id} className="rounded-md border border-slate-200 p-3 text-sm">
              <p className="font-semibold text-slate-900">
                {t(TOPIC_NAMES[r.concerns])}
                {r.reference ? ` (${r.reference})` : ''}: {t(STATUS_NAMES[r.status])}
              </p>
              <p className="mt-1 break-words whitespace-pre-line text-slate-700">{r.details}</p>
              <p className="mt-1 text-slate-600">{t('dashboard.correct.sentOn', { when: formatDateTime(r.created_at, locale) })}</p>
              {r.resolution && <p className="mt-2 break-words whitespace-pre-line text-slate-900">{t('dashboard.correct.answer', { answer: r.resolution })}</p>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
