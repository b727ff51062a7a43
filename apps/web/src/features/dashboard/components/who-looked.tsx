// "Who looked" on the dashboard (docs/personal-data.md): each time lab staff opened this person's appointment
// details, results, report, e-mails, bills, correction requests or grievances, shown by the staff
// member's role and the time, never by name.
import type { ReadKind, StaffRole } from '@lab/contract';
import { useId } from 'react';
import { ApiError } from '../../../shared/api/client.ts';
import { formatDateTime } from '../../../shared/lib/format-date.ts';
import { buttonStyle } from '../../../shared/ui/button-styles.ts';
import { StatusMessage } from '../../../shared/ui/status-message.tsx';
import { useLanguage } from '../../../shared/i18n/i18n.tsx';
import type { MessageId } from '../../../shared/i18n/message-id.ts';
import { useAccessLog } from '../api/get-access-log.ts';

const ROLE_NAMES: Record<StaffRole, MessageId> = {
  reception: 'dashboard.looked.role.reception',
  phlebotomist: 'dashboard.looked.role.phlebotomist',
  technician: 'dashboard.looked.role.technician',
  pathologist: 'dashboard.looked.role.pathologist',
  admin: 'dashboard.looked.role.admin',
};

// What was opened (the contract's READ_KIND_LABELS, in the page's language).
const READ_KINDS: Record<ReadKind, MessageId> = {
  appointment: 'dashboard.looked.kind.appointment',
  results: 'dashboard.looked.kind.results',
  report: 'dashboard.looked.kind.report',
  mail_log: 'dashboard.looked.kind.mailLog',
  contact_message: 'dashboard.looked.kind.contactMessage',
  bill: 'dashboard.looked.kind.bill',
  correction: 'dashboard.looked.kind.correction',
  grievance: 'dashboard.looked.kind.grievance',
};

export function WhoLooked({ username }: { username: string }) {
  const id = useId();
  const { t, locale } = useLanguage();
  const log = useAccessLog(username);
  const items = log.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <section aria-labelledby={`${id}-heading`} className="mt-8 rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id={`${id}-heading`} className="text-xl font-semibold text-slate-900">
        {t('dashboard.looked.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('dashboard.looked.intro')}</p>
      {log.isPending && <p className="mt-4 text-slate-600">{t('dashboard.looked.loading')}</p>}
      {log.isError && (
        <StatusMessage
          tone="error"
          className="mt-4"
          message={t('dashboard.looked.failed', { reason: log.error instanceof ApiError ? log.error.message : t('patient.unreachable') })}
        />
      )}
      {log.isSuccess && items.length === 0 && <p className="mt-4 text-slate-700">{t('dashboard.looked.none')}</p>}
      {items.length > 0 && (
        <ul className="mt-4 divide-y divide-slate-200" aria-label={t('dashboard.looked.list')}>
          {items.map((item, i) => (
            <li key={`${item.at}-${i}`} className="py-2 text-sm text-slate-800">
              <span className="font-semibold">{t(ROLE_NAMES[item.role])}</span> {t('dashboard.looked.opened', { what: t(READ_KINDS[item.kind]) })}
              {item.appointment_reference && (
                <>
                  {' '}
                  {t('dashboard.looked.ofBooking')} <span className="font-mono">{item.appointment_reference}</span>
                </>
              )}{' '}
              <span className="whitespace-nowrap text-slate-600">{t('dashboard.looked.on', { when: formatDateTime(item.at, locale) })}</span>
            </li>
          ))}
        </ul>
      )}
      {log.hasNextPage && (
        <button type="button" className={`mt-3 ${buttonStyle('secondary', 'small')}`} disabled={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
          {t(log.isFetchingNextPage ? 'patient.loadingMore' : 'dashboard.looked.earlier')}
        </button>
      )}
    </section>
  );
}
